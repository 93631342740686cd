/** Institution staff as the back office reads them (issue 12 §4). */

export const STAFF_ROLES = ['oficial', 'administrador'] as const;

export const staffSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    email: { type: 'string' },
    name: { type: 'string' },
    role: { type: 'string', enum: STAFF_ROLES, description: 'oficial: las solicitudes de su institución; administrador: todas' },
    institution: { type: ['string', 'null'], description: 'Sigla de la institución del oficial (VUF para la ventanilla única de formalización); null para un administrador' },
  },
  required: ['id', 'email', 'name', 'role', 'institution'],
} as const;

export const staffLoginResponseSchema = {
  type: 'object',
  properties: { token: { type: 'string' }, staff: staffSchema },
  required: ['token', 'staff'],
} as const;
