/** Institution staff as the back office reads them (issue 12 §4). */

export const STAFF_ROLES = ['oficial', 'administrador'] as const;

/**
 * The authenticator-app key (TOTP, base32) of the sandbox's staff accounts (AGENCIES=sandbox only; README and
 * the staff sign-in page's sandbox note print it): one key for all of them, so a newcomer adds it once to an
 * authenticator app, or prints the current code with `npm run staff:code`. Real accounts enrol a random key.
 */
export const SANDBOX_STAFF_TOTP_SECRET = 'PORTALSANDBOXGOBDOOFICINAPRUEBAS';

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

/**
 * POST auth/login: the password was right; no session yet (issue 25 §2). `step`
 * says what comes next: `codigo` (type the authenticator app's code or a
 * recovery code) or `alta` (first sign-in or after a reset: enrol the
 * authenticator app with `totp_secret`, then confirm with a code).
 */
export const staffLoginResponseSchema = {
  type: 'object',
  properties: {
    step: { type: 'string', enum: ['codigo', 'alta'] },
    pending_token: { type: 'string', description: 'Token del segundo paso (5 minutos, un solo uso; también en la cookie staff_pending). No es una sesión' },
    expires_in: { type: 'integer', description: 'Segundos que dura el segundo paso' },
    totp_secret: { type: ['string', 'null'], description: 'Con step=alta: la clave (base32) para la aplicación de autenticación' },
    totp_uri: { type: ['string', 'null'], description: 'Con step=alta: la misma clave como dirección otpauth:// (la que lee un código QR)' },
  },
  required: ['step', 'pending_token', 'expires_in', 'totp_secret', 'totp_uri'],
} as const;

/** POST auth/second-factor and auth/enrolment: the session, as the old one-step login answered it. */
export const staffSessionResponseSchema = {
  type: 'object',
  properties: {
    token: { type: 'string' },
    staff: staffSchema,
    recovery_codes: { type: 'array', items: { type: 'string' }, description: 'Solo al configurar el segundo factor: los 10 códigos de recuperación, que no se vuelven a mostrar' },
    recovery_codes_left: { type: 'integer', description: 'Códigos de recuperación sin usar' },
  },
  required: ['token', 'staff', 'recovery_codes_left'],
} as const;

/** GET /v1/backoffice/staff (administrators): a staff member and the state of their second factor. */
export const staffMemberSchema = {
  type: 'object',
  properties: {
    ...staffSchema.properties,
    active: { type: 'boolean' },
    second_factor: { type: 'boolean', description: 'true: tiene configurada la aplicación de autenticación; false: la configura en su próximo ingreso' },
    recovery_codes_left: { type: 'integer' },
  },
  required: [...staffSchema.required, 'active', 'second_factor', 'recovery_codes_left'],
} as const;

export const staffMemberListSchema = {
  type: 'object',
  properties: { data: { type: 'array', items: staffMemberSchema } },
  required: ['data'],
} as const;
