import type { FieldError } from './HttpError';

/** The parts of an Ajv error the translation needs (FastifySchemaValidationError). */
export interface SchemaIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

function spanishMessage(issue: SchemaIssue): string {
  const p = issue.params;
  switch (issue.keyword) {
    case 'required':
      return 'Requerido';
    case 'type':
      return 'Tipo de dato inválido';
    case 'minLength':
      return `Debe tener al menos ${String(p.limit)} caracteres`;
    case 'maxLength':
      return `Debe tener como máximo ${String(p.limit)} caracteres`;
    case 'minimum':
    case 'exclusiveMinimum':
      return 'El valor mínimo no es válido';
    case 'maximum':
    case 'exclusiveMaximum':
      return 'El valor maximo no es válido';
    case 'format':
      return p.format === 'email' ? 'Insertar un correo electrónico válido' : 'Formato inválido';
    case 'pattern':
      return 'Formato inválido';
    case 'enum':
    case 'const':
      return 'Valor no permitido';
    case 'additionalProperties':
      return 'Campo no permitido';
    case 'minItems':
    case 'maxItems':
      return 'Cantidad de elementos no permitida';
    default:
      return 'Valor inválido';
  }
}

/**
 * Ajv issues -> `[{ path, message }]` in Spanish. The path is the field
 * ("cedula", "items.0.nombre"); a problem with the whole body, query or
 * params object is reported under that context name.
 */
export function toFieldErrors(issues: readonly SchemaIssue[], context: string): FieldError[] {
  return issues.map((issue) => {
    const segments = issue.instancePath.split('/').filter(Boolean).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
    if (issue.keyword === 'required' && typeof issue.params.missingProperty === 'string') segments.push(issue.params.missingProperty);
    if (issue.keyword === 'additionalProperties' && typeof issue.params.additionalProperty === 'string') {
      segments.push(issue.params.additionalProperty);
    }
    return { path: segments.length > 0 ? segments.join('.') : context, message: spanishMessage(issue) };
  });
}
