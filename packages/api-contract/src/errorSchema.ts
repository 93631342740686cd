/** Body of every error answer of the API: `{ message, errors? }` (errors: one per data path). */
export const errorSchema = {
  type: 'object',
  properties: {
    message: { type: 'string' },
    errors: {
      type: 'array',
      items: { type: 'object', properties: { path: { type: 'string' }, message: { type: 'string' } }, required: ['path', 'message'] },
    },
  },
  required: ['message'],
} as const;
