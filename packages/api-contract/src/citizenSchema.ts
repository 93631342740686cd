/** The signed-in citizen as login, confirm and /me return them. */
export const citizenSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    cedula: { type: 'string' },
    nombres: { type: 'string' },
    apellidos: { type: 'string' },
    email: { type: 'string' },
  },
  required: ['id', 'cedula', 'nombres', 'apellidos', 'email'],
} as const;

/** The answer of a successful login: the session token (also set as the cookie), the citizen, and whether this is their first login. */
export const loginResponseSchema = {
  type: 'object',
  properties: {
    token: { type: 'string' },
    citizen: citizenSchema,
    first_login: { type: 'boolean', description: 'true en el primer inicio de sesión después del registro (el portal da la bienvenida)' },
  },
  required: ['token', 'citizen', 'first_login'],
} as const;

/** The answer of POST /v1/portals/auth/citizens/confirm: the account now exists. */
export const registrationConfirmAnswerSchema = {
  type: 'object',
  properties: { message: { type: 'string' }, data: citizenSchema },
  required: ['message', 'data'],
} as const;
