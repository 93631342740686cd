/** POST /v2/service-suggested: a citizen or an anonymous visitor suggests a service (SERVICE_RECOMENDED). */

/** 201 answer: the stored suggestion's id (the spec's client does not read it; the portal only needs the 201). */
export const serviceSuggestedSchema = {
  type: 'object',
  properties: {
    data: { type: 'object', properties: { id: { type: 'integer', description: 'Número de la sugerencia guardada' } }, required: ['id'] },
  },
  required: ['data'],
} as const;
