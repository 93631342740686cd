import { citizenSchema, loginResponseSchema } from '@portal/api-contract';
import { authErrors, citizenSecurity, commonErrors, messageSchema, publicSecurity } from '../../http/commonSchemas';

export { citizenSchema };

const cedula = { type: 'string', minLength: 1, maxLength: 20, description: '11 dígitos, con o sin guiones' } as const;
const password = { type: 'string', minLength: 1, maxLength: 256 } as const;

const registrationToken = { type: 'string', minLength: 20, maxLength: 100, description: 'El token que devolvió el registro' } as const;
const code = { type: 'string', pattern: '^[0-9]{6}$', description: 'El código de 6 dígitos recibido por correo' } as const;

/** The same answer whether or not the cédula already has an account. */
const registrationAnswer = {
  type: 'object',
  properties: {
    message: { type: 'string' },
    registration_token: { type: 'string', description: 'Se envía con el código a /confirm y a /resend' },
    resend_after_seconds: { type: 'integer', description: 'Segundos hasta que se pueda pedir otro código' },
  },
  required: ['message', 'registration_token', 'resend_after_seconds'],
} as const;

export const registerSchema = {
  tags: ['Cuenta'],
  security: publicSecurity,
  operationId: 'registerCitizen',
  summary: 'Registra a un ciudadano: envía un código de confirmación a su correo',
  description:
    'La cédula y la fecha de nacimiento deben coincidir con el registro de la JCE (la consulta pública de cédulas no devuelve la fecha). ' +
    'La cuenta solo existe cuando se confirma el código (POST /confirm). La respuesta es la misma haya o no una cuenta con esa cédula: ' +
    'si ya la hay, su titular recibe un aviso en su correo y nada cambia.',
  body: {
    type: 'object',
    properties: {
      cedula,
      fecha_nacimiento: { type: 'string', format: 'date', description: 'AAAA-MM-DD, como consta en la JCE' },
      email: { type: 'string', format: 'email', maxLength: 254 },
      password: { ...password, description: 'Al menos 10 caracteres, sin la cédula, difícil de adivinar' },
      password_confirmation: { type: 'string', maxLength: 256 },
    },
    required: ['cedula', 'fecha_nacimiento', 'email', 'password'],
  },
  response: { ...commonErrors, 202: registrationAnswer },
} as const;

export const confirmSchema = {
  tags: ['Cuenta'],
  security: publicSecurity,
  operationId: 'confirmCitizenEmail',
  summary: 'Confirma el correo con el código recibido: crea la cuenta',
  body: {
    type: 'object',
    properties: { registration_token: registrationToken, code },
    required: ['registration_token', 'code'],
  },
  response: { ...commonErrors, 201: { type: 'object', properties: { message: { type: 'string' }, data: citizenSchema }, required: ['message', 'data'] } },
} as const;

export const resendSchema = {
  tags: ['Cuenta'],
  security: publicSecurity,
  operationId: 'resendCitizenConfirmationCode',
  summary: 'Envía otro código de confirmación (como mucho uno por minuto)',
  body: { type: 'object', properties: { registration_token: registrationToken }, required: ['registration_token'] },
  response: { ...commonErrors, 202: registrationAnswer },
} as const;

export const loginSchema = {
  tags: ['Cuenta'],
  security: publicSecurity,
  operationId: 'logInCitizen',
  summary: 'Inicia sesión: devuelve el token y lo pone en la cookie token',
  body: { type: 'object', properties: { cedula, password }, required: ['cedula', 'password'] },
  response: {
    ...authErrors,
    200: loginResponseSchema,
  },
} as const;

export const logoutSchema = {
  tags: ['Cuenta'],
  operationId: 'logOutCitizen',
  summary: 'Cierra la sesión actual',
  security: citizenSecurity,
  response: { ...authErrors, 200: messageSchema },
} as const;

export const meSchema = {
  tags: ['Cuenta'],
  operationId: 'getCurrentCitizen',
  summary: 'Ciudadano de la sesión',
  security: citizenSecurity,
  response: { ...authErrors, 200: { type: 'object', properties: { data: citizenSchema }, required: ['data'] } },
} as const;

export const forgotSchema = {
  tags: ['Cuenta'],
  security: publicSecurity,
  operationId: 'requestPasswordResetCode',
  summary: 'Envía un código de 6 dígitos (30 minutos) al correo de la cuenta',
  querystring: { type: 'object', properties: { dni: cedula }, required: ['dni'] },
  response: { ...commonErrors, 200: messageSchema },
} as const;

export const resetSchema = {
  tags: ['Cuenta'],
  security: publicSecurity,
  operationId: 'resetCitizenPassword',
  summary: 'Cambia la contraseña con el código recibido por correo',
  body: {
    type: 'object',
    properties: { dni: cedula, code, password },
    required: ['dni', 'code', 'password'],
  },
  response: { ...commonErrors, 200: messageSchema },
} as const;

export const changePasswordSchema = {
  tags: ['Cuenta'],
  operationId: 'changeCitizenPassword',
  summary: 'Cambia la contraseña (cierra las demás sesiones)',
  security: citizenSecurity,
  body: {
    type: 'object',
    properties: { current_password: password, new_password: password },
    required: ['current_password', 'new_password'],
  },
  response: { ...authErrors, 200: messageSchema },
} as const;
