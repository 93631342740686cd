/** Institution staff as the back office reads them (issue 12 §4). */

export const STAFF_ROLES = ['oficial', 'administrador', 'analista'] as const;

/**
 * The authenticator-app key (TOTP, base32) of the sandbox's staff accounts (AGENCIES=sandbox only; README and
 * the staff sign-in page's sandbox note print it): one key for all of them, so a newcomer adds it once to an
 * authenticator app, or prints the current code with `npm run staff:code`. Real accounts enrol a random key.
 */
export const SANDBOX_STAFF_TOTP_SECRET = 'PORTALSANDBOXGOBDOOFICINAPRUEBAS';

/**
 * The second factors a staff member may have (issue 25 §2): `llave_de_acceso`, a passkey (WebAuthn:
 * face, fingerprint or security key); `aplicacion`, an authenticator app (TOTP). Recovery codes
 * stand in for either.
 */
export const STAFF_FACTORS = ['llave_de_acceso', 'aplicacion'] as const;
const factorList = (description: string) => ({ type: 'array', items: { type: 'string', enum: STAFF_FACTORS }, description }) as const;

export const staffSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    email: { type: 'string' },
    name: { type: 'string' },
    role: { type: 'string', enum: STAFF_ROLES, description: 'oficial: las solicitudes de su institución; administrador: todas; analista: solo publica formularios y lee sus versiones' },
    institution: { type: ['string', 'null'], description: 'Sigla de la institución del oficial (VUF para la ventanilla única de formalización); null para un administrador' },
  },
  required: ['id', 'email', 'name', 'role', 'institution'],
} as const;

/**
 * POST auth/login: the password was right; no session yet (issue 25 §2). `step`
 * says what comes next: `codigo` (the member's passkey, the authenticator
 * app's code or a recovery code: `factors` says which they have) or `alta`
 * (first sign-in or after a reset: enrol a passkey, or the authenticator app
 * with `totp_secret` and a first code).
 */
export const staffLoginResponseSchema = {
  type: 'object',
  properties: {
    step: { type: 'string', enum: ['codigo', 'alta'] },
    pending_token: { type: 'string', description: 'Token del segundo paso (5 minutos, un solo uso; también en la cookie staff_pending). No es una sesión' },
    expires_in: { type: 'integer', description: 'Segundos que dura el segundo paso' },
    totp_secret: { type: ['string', 'null'], description: 'Con step=alta: la clave (base32) para la aplicación de autenticación' },
    totp_uri: { type: ['string', 'null'], description: 'Con step=alta: la misma clave como dirección otpauth:// (la que lee un código QR)' },
    factors: factorList('Con step=codigo: los factores que tiene (llave_de_acceso: auth/second-factor/passkey-options y luego passkey; aplicacion: code); con step=alta: los que puede configurar'),
  },
  required: ['step', 'pending_token', 'expires_in', 'totp_secret', 'totp_uri', 'factors'],
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
    second_factor: { type: 'boolean', description: 'true: tiene configurado un segundo factor (llave de acceso o aplicación de autenticación); false: lo configura en su próximo ingreso' },
    factors: factorList('Los factores que tiene configurados'),
    recovery_codes_left: { type: 'integer' },
  },
  required: [...staffSchema.required, 'active', 'second_factor', 'factors', 'recovery_codes_left'],
} as const;

export const staffMemberListSchema = {
  type: 'object',
  properties: { data: { type: 'array', items: staffMemberSchema } },
  required: ['data'],
} as const;
