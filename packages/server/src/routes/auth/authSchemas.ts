import { authErrors, commonErrors, errorSchema, messageSchema } from '../../http/commonSchemas';

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

const cedula = { type: 'string', minLength: 1, maxLength: 20, description: '11 dígitos, con o sin guiones' } as const;
const password = { type: 'string', minLength: 1, maxLength: 256 } as const;

export const registerSchema = {
  tags: ['Cuenta'],
  summary: 'Crea la cuenta de un ciudadano (la cédula debe existir en la JCE)',
  body: {
    type: 'object',
    properties: {
      cedula,
      email: { type: 'string', format: 'email', maxLength: 254 },
      password: { ...password, description: 'Al menos 10 caracteres, sin contener la cédula' },
      password_confirmation: { type: 'string', maxLength: 256 },
    },
    required: ['cedula', 'email', 'password'],
  },
  response: {
    ...commonErrors,
    201: { type: 'object', properties: { data: citizenSchema }, required: ['data'] },
    409: errorSchema,
  },
} as const;

export const loginSchema = {
  tags: ['Cuenta'],
  summary: 'Inicia sesión: devuelve el token y lo pone en la cookie token',
  body: { type: 'object', properties: { cedula, password }, required: ['cedula', 'password'] },
  response: {
    ...authErrors,
    200: {
      type: 'object',
      properties: { token: { type: 'string' }, citizen: citizenSchema },
      required: ['token', 'citizen'],
    },
  },
} as const;

export const logoutSchema = {
  tags: ['Cuenta'],
  summary: 'Cierra la sesión actual',
  security: [{ bearer: [] }, { cookie: [] }],
  response: { ...authErrors, 200: messageSchema },
} as const;

export const meSchema = {
  tags: ['Cuenta'],
  summary: 'Ciudadano de la sesión',
  security: [{ bearer: [] }, { cookie: [] }],
  response: { ...authErrors, 200: { type: 'object', properties: { data: citizenSchema }, required: ['data'] } },
} as const;

export const forgotSchema = {
  tags: ['Cuenta'],
  summary: 'Envía un código de 6 dígitos (30 minutos) al correo de la cuenta',
  querystring: { type: 'object', properties: { dni: cedula }, required: ['dni'] },
  response: { ...commonErrors, 200: messageSchema },
} as const;

export const resetSchema = {
  tags: ['Cuenta'],
  summary: 'Cambia la contraseña con el código recibido por correo',
  body: {
    type: 'object',
    properties: { dni: cedula, code: { type: 'string', pattern: '^[0-9]{6}$' }, password },
    required: ['dni', 'code', 'password'],
  },
  response: { ...commonErrors, 200: messageSchema },
} as const;

export const changePasswordSchema = {
  tags: ['Cuenta'],
  summary: 'Cambia la contraseña (cierra las demás sesiones)',
  security: [{ bearer: [] }, { cookie: [] }],
  body: {
    type: 'object',
    properties: { current_password: password, new_password: password },
    required: ['current_password', 'new_password'],
  },
  response: { ...authErrors, 200: messageSchema },
} as const;
