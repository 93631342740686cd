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

/*
 * The `security` of a route's OpenAPI operation, one per way in. The start-up
 * check (plugins/external/routeContract.ts) holds each route to the one its
 * hooks call for.
 */
/** Routes behind app.authenticate: the citizen's session token, as a Bearer token or in the `token` cookie. */
export const citizenSecurity = [{ bearer: [] }, { cookie: [] }] as const;
/** Routes behind app.authenticateStaff (the back office): the staff session token, as a Bearer token or in the `staff_token` cookie. */
export const staffSecurity = [{ bearer: [] }, { staffCookie: [] }] as const;
/** Routes anyone may call, with no session. */
export const publicSecurity = [] as const;
/** Routes that work with or without a citizen's session: they use one when it comes, and never answer 401. */
export const optionalSecurity = [{}, { bearer: [] }, { cookie: [] }] as const;
