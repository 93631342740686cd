/** A service's form read before starting it (PREVIEW), as GET /v1/portals/previewformulary/{id}/show returns it. */

const nullableText = { type: ['string', 'null'] } as const;

export const previewFieldSchema = {
  type: 'object',
  properties: {
    title: { type: 'string' },
    kind: { type: 'string', description: 'Qué tipo de respuesta pide: «Texto», «Fecha», «Archivo (pdf, jpg)», «Una de: …»' },
    required: { type: 'string', description: '«Sí», «No» o «Cuando …»' },
    when: { ...nullableText, description: 'Cuándo se muestra; null si siempre' },
    description: nullableText,
  },
  required: ['title', 'kind', 'required', 'when', 'description'],
} as const;

export const formPreviewSchema = {
  type: 'object',
  properties: {
    service: {
      type: 'object',
      properties: { id: { type: 'integer' }, slug: { type: 'string' }, name: { type: 'string' } },
      required: ['id', 'slug', 'name'],
    },
    form: { type: 'string', description: 'Formulario del servicio (schemas/<form>)' },
    title: { type: 'string' },
    description: nullableText,
    parts: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          title: { type: 'string' },
          description: nullableText,
          when: { ...nullableText, description: 'Cuándo se muestra la sección; null si siempre' },
          rows: { ...nullableText, description: 'En una cuadrícula, cuántas filas admite; null en una sección' },
          fields: { type: 'array', items: previewFieldSchema },
        },
        required: ['title', 'description', 'when', 'rows', 'fields'],
      },
    },
  },
  required: ['service', 'form', 'title', 'description', 'parts'],
} as const;
