/** A published version of a form (issue 26), as GET /v1/forms/{form} (the current one) and /v1/forms/{form}/versions/{n} return it. */

export const formVersionSchema = {
  type: 'object',
  properties: {
    form: { type: 'string', description: 'Nombre del formulario (su carpeta en schemas/)' },
    version: { type: 'integer', minimum: 1, description: 'Número de la versión, uno más por cada publicación del formulario' },
    hash: { type: 'string', pattern: '^[0-9a-f]{64}$', description: 'SHA-256 del esquema publicado' },
    schema: { type: 'object', additionalProperties: true, description: 'El esquema JSON con sus reglas, tal como se publicó' },
    note: { type: 'string', description: 'La nota de una línea de quien la publicó' },
    published_at: { type: 'string' },
    validators_url: {
      type: 'string',
      description: 'Módulo ES (mismo origen) con los validadores precompilados de esta versión; su dirección cambia con el hash y se guarda en caché para siempre',
    },
  },
  required: ['form', 'version', 'hash', 'schema', 'note', 'published_at', 'validators_url'],
} as const;
