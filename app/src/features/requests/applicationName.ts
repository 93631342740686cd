import { FORMALIZATION_FORM } from '@portal/api-contract';
import type { Application } from '../../api/applications';

/**
 * How the list names an application: a draft by its label (the form's
 * x-request-label: the company of a formalization) once it has one, a
 * submitted one by its code; the formalization's company type follows.
 */
export function applicationName(a: Application): string {
  const tipo = a.form === FORMALIZATION_FORM ? (a.data.datos_solicitud as Record<string, unknown> | undefined)?.tipo_societario : undefined;
  const base = a.status === 'borrador'
    ? a.label ?? `Borrador n.º ${a.id}`
    : `${a.request_code ?? `Solicitud n.º ${a.id}`}${a.label ? ` · ${a.label}` : ''}`;
  return `${base}${typeof tipo === 'string' ? ` · ${tipo}` : ''}`;
}
