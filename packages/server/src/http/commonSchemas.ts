import { errorSchema } from '@portal/api-contract';

/** Body of every error answer: `{ message, errors? }` (defined in the API contract the app reads). */
export { errorSchema };

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
