/** Body of every error answer: `{ message, errors? }`. */
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

/** A plain `{ message }` answer. */
export const messageSchema = {
  type: 'object',
  properties: { message: { type: 'string' } },
  required: ['message'],
} as const;

/** Error answers most routes can give. */
export const commonErrors = {
  400: errorSchema,
  429: errorSchema,
  500: errorSchema,
  502: errorSchema,
} as const;

/** Error answers of routes behind authentication. */
export const authErrors = {
  ...commonErrors,
  401: errorSchema,
} as const;
