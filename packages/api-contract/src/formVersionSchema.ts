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

/** GET /v1/backoffice/forms (administrators): the published forms and their current version. */
export const publishedFormListSchema = {
  type: 'object',
  properties: {
    data: {
      type: 'array',
      items: {
        type: 'object',
        properties: { form: { type: 'string' }, title: { type: 'string' }, version: { type: 'integer' }, published_at: { type: 'string' } },
        required: ['form', 'title', 'version', 'published_at'],
      },
    },
  },
  required: ['data'],
} as const;

/** GET /v1/backoffice/forms/{form}/versions (administrators): every version, newest first. */
export const formVersionListSchema = {
  type: 'object',
  properties: {
    data: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          version: { type: 'integer' }, hash: { type: 'string' }, note: { type: 'string' }, published_at: { type: 'string' },
          published_by: { type: ['string', 'null'], description: 'Quien la publicó; null: el servidor, desde los archivos con que se instaló' },
          changes: { type: 'array', items: { type: 'string' }, description: 'Los cambios respecto de la versión anterior, en palabras' },
        },
        required: ['version', 'hash', 'note', 'published_at', 'published_by', 'changes'],
      },
    },
  },
  required: ['data'],
} as const;
