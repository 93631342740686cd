/** One of the citizen's stored documents, as /v1/portals/documents lists it. */
export const documentSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    extension: { type: 'string' },
    route: { type: 'string', description: 'Ruta de descarga' },
    description: { type: 'string' },
  },
  required: ['id', 'name', 'extension', 'route', 'description'],
} as const;
