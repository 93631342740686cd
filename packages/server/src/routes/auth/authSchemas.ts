import {
  citizenSchema,
  emailUndoBodySchema,
  loginBodySchema,
  loginResponseSchema,
  passwordChangeBodySchema,
  passwordCheckAnswerSchema,
  passwordCheckBodySchema,
  passwordResetBodySchema,
  passwordResetLinkBodySchema,
  registrationAnswerSchema,
  registrationBodySchema,
  registrationConfirmAnswerSchema,
  registrationConfirmBodySchema,
  registrationResendBodySchema,
} from '@portal/api-contract';
import { authErrors, citizenSecurity, commonErrors, messageSchema, publicSecurity } from '../../http/commonSchemas';

export { citizenSchema };

// The bodies (and the registration's and confirmation's answers) are the API contract's: the app types what it sends from the same schemas.

export const registerSchema = {
  tags: ['Cuenta'],
  security: publicSecurity,
  operationId: 'registerCitizen',
  summary: 'Registra a un ciudadano: envía un código de confirmación a su correo',
  description:
    'La cédula y la fecha de nacimiento deben coincidir con el registro de la JCE (la consulta pública de cédulas no devuelve la fecha). ' +
    'La cuenta solo existe cuando se confirma el código (POST /confirm). La respuesta es la misma haya o no una cuenta con esa cédula: ' +
    'si ya la hay, su titular recibe un aviso en su correo y nada cambia.',
  body: registrationBodySchema,
  response: { ...commonErrors, 202: registrationAnswerSchema },
} as const;

export const confirmSchema = {
  tags: ['Cuenta'],
  security: publicSecurity,
  operationId: 'confirmCitizenEmail',
  summary: 'Confirma el correo con el código recibido: crea la cuenta',
  body: registrationConfirmBodySchema,
  response: { ...commonErrors, 201: registrationConfirmAnswerSchema },
} as const;

export const resendSchema = {
  tags: ['Cuenta'],
  security: publicSecurity,
  operationId: 'resendCitizenConfirmationCode',
  summary: 'Envía otro código de confirmación (como mucho uno por minuto)',
  body: registrationResendBodySchema,
  response: { ...commonErrors, 202: registrationAnswerSchema },
} as const;

export const loginSchema = {
  tags: ['Cuenta'],
  security: publicSecurity,
  operationId: 'logInCitizen',
  summary: 'Inicia sesión: devuelve el token y lo pone en la cookie token',
  body: loginBodySchema,
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
  querystring: { type: 'object', properties: { dni: loginBodySchema.properties.cedula }, required: ['dni'] },
  response: { ...commonErrors, 200: messageSchema },
} as const;

export const resetSchema = {
  tags: ['Cuenta'],
  security: publicSecurity,
  operationId: 'resetCitizenPassword',
  summary: 'Cambia la contraseña con el código recibido por correo',
  body: passwordResetBodySchema,
  response: { ...commonErrors, 200: messageSchema },
} as const;

export const resetLinkSchema = {
  tags: ['Cuenta'],
  security: publicSecurity,
  operationId: 'resetCitizenPasswordWithLink',
  summary: 'Cambia la contraseña con el enlace del correo de restablecimiento (30 minutos, un solo uso)',
  description:
    'Cada correo de «¿Olvidó su contraseña?» trae, además del código, un enlace con un token que no se puede adivinar. ' +
    'Los intentos fallidos del código no lo anulan: aunque el código se bloquee, el enlace del último correo sigue sirviendo. ' +
    'Usar el código o el enlace anula los dos. Un enlace usado, vencido, reemplazado por un código nuevo o desconocido responde 400.',
  body: passwordResetLinkBodySchema,
  response: { ...commonErrors, 200: messageSchema },
} as const;

export const changePasswordSchema = {
  tags: ['Cuenta'],
  operationId: 'changeCitizenPassword',
  summary: 'Cambia la contraseña (cierra las demás sesiones)',
  security: citizenSecurity,
  body: passwordChangeBodySchema,
  response: { ...authErrors, 200: messageSchema },
} as const;

export const passwordCheckSchema = {
  tags: ['Cuenta'],
  security: publicSecurity,
  operationId: 'checkCitizenPassword',
  summary: 'Dice cómo se juzgaría una contraseña nueva (sin sesión; no guarda nada)',
  description:
    'El mismo veredicto que darían el registro, el restablecimiento y el cambio de contraseña: al menos 10 caracteres, sin la cédula ' +
    'y no adivinable (zxcvbn, con los datos del titular que se envíen). Lo que cuenta es el veredicto de esas rutas: esta solo lo anticipa. ' +
    'La contraseña no se guarda ni se escribe en el registro. Limitada por dirección.',
  body: passwordCheckBodySchema,
  response: { ...commonErrors, 200: passwordCheckAnswerSchema },
} as const;

export const emailUndoSchema = {
  tags: ['Cuenta'],
  security: publicSecurity,
  operationId: 'undoCitizenEmailChange',
  summary: 'Deshace un cambio de correo con el enlace enviado al correo anterior (7 días, un solo uso)',
  description:
    'Vuelve a poner el correo anterior, cierra todas las sesiones, olvida los navegadores de confianza y los códigos de restablecimiento vivos, ' +
    'y deja la cuenta sin contraseña conocida: para entrar, el ciudadano crea una nueva con «¿Olvidó su contraseña?» (el código llega al correo restituido). ' +
    'Deshacer un cambio anula los enlaces de los cambios posteriores. Un enlace usado, vencido o desconocido responde 400.',
  body: emailUndoBodySchema,
  response: { ...commonErrors, 200: messageSchema },
} as const;
