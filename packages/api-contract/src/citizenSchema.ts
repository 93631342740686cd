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
