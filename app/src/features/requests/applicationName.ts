import type { Application } from '../../api/applications';

/** How the list names an application: a draft by its company's name once it has one, a submitted one by its code. */
export function applicationName(a: Application): string {
  const tipo = (a.data.datos_solicitud as Record<string, unknown> | undefined)?.tipo_societario;
  const base = a.status === 'borrador'
    ? a.company_name ?? `Borrador n.º ${a.id}`
    : `${a.request_code ?? `Solicitud n.º ${a.id}`}${a.company_name ? ` · ${a.company_name}` : ''}`;
  return `${base}${typeof tipo === 'string' ? ` · ${tipo}` : ''}`;
}
