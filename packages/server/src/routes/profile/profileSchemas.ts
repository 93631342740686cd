import { emailConfirmBodySchema, emailConfirmSchema, profileAnswerSchema, profileUpdateSchema } from '@portal/api-contract';
import { authErrors, citizenSecurity, errorSchema } from '../../http/commonSchemas';

const security = citizenSecurity;

export const profileSchema = {
  tags: ['Perfil'],
  operationId: 'getOwnProfile',
  summary: 'Perfil del ciudadano de la sesión: identidad (JCE), contacto y dirección',
  security,
  response: { ...authErrors, 200: profileAnswerSchema },
} as const;

export const updateSchema = {
  tags: ['Perfil'],
  operationId: 'updateOwnProfile',
  summary: 'Actualiza el contacto y la dirección del ciudadano (multipart; un valor nulo se envía vacío)',
  description:
    'Campos: correo_electronico, telefono, celular, provincia, municipio, sector, calle, numero_de_casa_o_apartamento ' +
    '(schemas/perfil, validados con el mismo motor que el navegador); se envía el formulario entero: un campo vacío o ausente queda vacío. ' +
    'La cédula y los nombres son los de la JCE y no cambian. ' +
    'Un correo distinto no se aplica: se envía un código a la nueva dirección y se confirma con POST /citizen-profile/email/confirm. ' +
    'Cambiar el correo pide además el campo current_password (la contraseña actual; 400 «La contraseña actual no es correcta» si no lo es, ' +
    'y cuenta como un intento de inicio de sesión); reenviar el código al correo que ya espera confirmación no lo pide. ' +
    'El id de otro ciudadano responde 404 y no cambia nada.',
  consumes: ['multipart/form-data'],
  security,
  params: {
    type: 'object',
    properties: { id: { type: 'string', pattern: '^[0-9]{1,9}$' } },
    required: ['id'],
  },
  response: { ...authErrors, 200: profileUpdateSchema, 404: errorSchema, 413: errorSchema, 415: errorSchema },
} as const;

export const confirmEmailSchema = {
  tags: ['Perfil'],
  operationId: 'confirmProfileEmailChange',
  summary: 'Confirma el correo nuevo con el código enviado a esa dirección: desde ahora es el de la cuenta',
  description:
    'Cinco intentos por código; el código vence a los 30 minutos. El correo anterior recibe un aviso del cambio con un enlace para deshacerlo ' +
    '(7 días, un solo uso: POST /portals/auth/citizens/email-undo), y se cierran las demás sesiones del ciudadano.',
  security,
  body: emailConfirmBodySchema,
  response: { ...authErrors, 200: emailConfirmSchema },
} as const;
