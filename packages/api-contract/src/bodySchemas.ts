/**
 * The bodies of the calls the app makes: the one schema each route validates
 * its body with (the server's route schema imports it) and the type the app
 * sends (index.ts derives it with FromSchema), so a field renamed, added or
 * made optional on one side is seen by the compiler on the other.
 * tests/requestBodies.test.ts fails when the app types a JSON body by hand.
 */
import { CLAIM_COMMENT_MAX, CLAIM_DESCRIPTION_MAX, CLAIM_DESCRIPTION_MIN, CLAIM_STATUSES } from './claimSchema';
import { STAFF_EVENTS } from './backofficeSchema';
import { webAuthnAnswerBodySchema } from './passkeySchema';
import { APPROVAL_NUMBER_MAX, REFUSAL_REASON_MAX } from './paymentReviewSchema';
import { CARD_PAGE_RESPONSE_FIELDS, cardPageRequestFieldProps, cardPageResponseFieldProps } from './paymentSchema';
import { RATING_COMMENT_MAX, REQUEST_COMMENT_MAX } from './requestSchema';

/** A database id (PostgreSQL integer). */
const positiveId = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;

// ---------------------------------------------------------------- citizen account (/v1/portals/auth/citizens)

const cedula = { type: 'string', minLength: 1, maxLength: 20, description: '11 dígitos, con o sin guiones' } as const;
const password = { type: 'string', minLength: 1, maxLength: 256 } as const;
const registrationToken = { type: 'string', minLength: 20, maxLength: 100, description: 'El token que devolvió el registro' } as const;
const mailedCode = { type: 'string', pattern: '^[0-9]{6}$', description: 'El código de 6 dígitos recibido por correo' } as const;

/** POST /register: the registration form (the cédula and birth date must match the JCE's registry). */
export const registrationBodySchema = {
  type: 'object',
  properties: {
    cedula,
    fecha_nacimiento: { type: 'string', format: 'date', description: 'AAAA-MM-DD, como consta en la JCE' },
    email: { type: 'string', format: 'email', maxLength: 254 },
    password: { ...password, description: 'Al menos 10 caracteres, sin la cédula, difícil de adivinar' },
    password_confirmation: { type: 'string', maxLength: 256 },
  },
  required: ['cedula', 'fecha_nacimiento', 'email', 'password'],
} as const;

/** The answer of POST /register and /resend: the same whether or not the cédula already has an account. */
export const registrationAnswerSchema = {
  type: 'object',
  properties: {
    message: { type: 'string' },
    registration_token: { type: 'string', description: 'Se envía con el código a /confirm y a /resend' },
    resend_after_seconds: { type: 'integer', description: 'Segundos hasta que se pueda pedir otro código' },
  },
  required: ['message', 'registration_token', 'resend_after_seconds'],
} as const;

/** POST /confirm: the registration's token and the code mailed to the citizen. */
export const registrationConfirmBodySchema = {
  type: 'object',
  properties: { registration_token: registrationToken, code: mailedCode },
  required: ['registration_token', 'code'],
} as const;

/** POST /resend: another code for the same registration. */
export const registrationResendBodySchema = {
  type: 'object',
  properties: { registration_token: registrationToken },
  required: ['registration_token'],
} as const;

/** POST /login. Its `cedula` is also the `dni` of GET /v1/portals/forgot. */
export const loginBodySchema = {
  type: 'object',
  properties: { cedula, password },
  required: ['cedula', 'password'],
} as const;

/** POST /reset: a new password with the code mailed by GET /v1/portals/forgot. */
export const passwordResetBodySchema = {
  type: 'object',
  properties: { dni: cedula, code: mailedCode, password },
  required: ['dni', 'code', 'password'],
} as const;

/**
 * POST /reset-link: a new password with the token of the link in the same mail as the code (it
 * cannot be guessed: wrong code guesses do not end it). Typed twice, compared by the server too.
 */
export const passwordResetLinkBodySchema = {
  type: 'object',
  properties: {
    token: { type: 'string', minLength: 1, maxLength: 200, description: 'El token del enlace del correo de restablecimiento' },
    password: { ...password, description: 'Al menos 10 caracteres, sin la cédula, difícil de adivinar' },
    password_confirmation: { type: 'string', minLength: 1, maxLength: 256, description: 'La misma contraseña otra vez' },
  },
  required: ['token', 'password', 'password_confirmation'],
  additionalProperties: false,
} as const;

/** POST /changepassword: the signed-in citizen's current and new password. */
export const passwordChangeBodySchema = {
  type: 'object',
  properties: { current_password: password, new_password: password },
  required: ['current_password', 'new_password'],
} as const;

/**
 * POST /password-check: how the server would judge a new password (no session: registration has
 * none). The browser checks the cheap rules itself and asks this for guessability; nothing is
 * stored and the password is never written to the log.
 */
export const passwordCheckBodySchema = {
  type: 'object',
  properties: {
    password: { ...password, description: 'La contraseña que se piensa usar' },
    cedula: { type: 'string', maxLength: 20, pattern: '^[0-9-]*$', description: 'La cédula del titular, con o sin guiones: la contraseña no puede contenerla' },
    personal: {
      type: 'array',
      maxItems: 5,
      items: { type: 'string', maxLength: 254 },
      description: 'Datos del titular (correo, nombres, apellidos) con los que la contraseña sería fácil de adivinar',
    },
  },
  required: ['password'],
  additionalProperties: false,
} as const;

/** The answer of POST /password-check: the verdict the registration, reset and change would give. */
export const passwordCheckAnswerSchema = {
  type: 'object',
  properties: {
    score: { type: 'integer', minimum: 0, maximum: 4, description: 'Seguridad estimada (zxcvbn): 0 muy débil … 4 muy buena' },
    problem: { type: ['string', 'null'], description: 'Por qué se rechazaría, en español; null si cumple las reglas del portal' },
  },
  required: ['score', 'problem'],
} as const;

/** POST /email-undo: the token of the link mailed to the old address when the account's e-mail changed. */
export const emailUndoBodySchema = {
  type: 'object',
  properties: { token: { type: 'string', minLength: 1, maxLength: 200, description: 'El token del enlace enviado al correo anterior' } },
  required: ['token'],
  additionalProperties: false,
} as const;

/**
 * The multipart field of POST /citizen-profile/{id}/update with the current password, asked
 * when the e-mail changes (it is not a field of schemas/perfil).
 */
export const PROFILE_CURRENT_PASSWORD_FIELD = 'current_password';

// ---------------------------------------------------------------- profile and notifications (/v1/portals/citizen-profile)

/** POST email/confirm: the code sent to the new address. */
export const emailConfirmBodySchema = {
  type: 'object',
  properties: { code: { type: 'string', pattern: '^[0-9]{6}$', description: 'El código de 6 dígitos recibido en el correo nuevo' } },
  required: ['code'],
} as const;

/** POST notification-make-read: one of the citizen's own notifications. */
export const notificationMakeReadBodySchema = {
  type: 'object',
  properties: { notify_id: { type: 'integer', minimum: 1, maximum: 2147483647, description: 'id de la notificación' } },
  required: ['notify_id'],
  additionalProperties: false,
} as const;

// ---------------------------------------------------------------- applications (/v1/portals/solicitudes-en-linea/{form}, /v1/portals/formalizaciones)

/** POST (a new draft): every field optional, so no `required` at all (OpenAPI forbids an empty one). */
export const draftCreateBodySchema = {
  type: 'object',
  properties: {
    data: { type: 'object', additionalProperties: true },
    version: { type: 'integer', minimum: 1, maximum: 2147483647 },
  },
  additionalProperties: false,
} as const;

/** PUT {id} (autosave): the answers and the version they were read at. */
export const draftSaveBodySchema = { ...draftCreateBodySchema, required: ['data'] } as const;

// ---------------------------------------------------------------- the citizen's requests (/v1/portals)

/** POST request-comment: the citizen's comment, optionally about one action of the timeline. */
export const requestCommentBodySchema = {
  type: 'object',
  properties: { request_id: positiveId, request_action_id: { ...positiveId, type: ['integer', 'null'] }, content: { type: 'string', minLength: 1, maxLength: REQUEST_COMMENT_MAX } },
  required: ['request_id', 'content'],
  additionalProperties: false,
} as const;

/** POST request-dynamic-confirmation: the answer to the institution's open action. */
export const requestConfirmationBodySchema = {
  type: 'object',
  properties: { request_id: positiveId, request_action_id: positiveId, content: { type: 'string', minLength: 1, maxLength: REQUEST_COMMENT_MAX }, request_comment_id: { ...positiveId, type: ['integer', 'null'] } },
  required: ['request_id', 'request_action_id', 'content'],
  additionalProperties: false,
} as const;

/** POST ratings: the rating of a finished request (once). */
export const requestRatingBodySchema = {
  type: 'object',
  properties: { request_id: positiveId, score: { type: 'integer', minimum: 1, maximum: 5 }, comment: { type: 'string', maxLength: RATING_COMMENT_MAX } },
  required: ['request_id', 'score'],
  additionalProperties: false,
} as const;

// ---------------------------------------------------------------- claims (/v1/portals/claim, /v1/portals/claim-comment)

/**
 * POST claim is multipart (with an optional `file`): its text fields, all text as a form sends
 * them. The server reads them as they come (a field not named here is refused) and checks them
 * itself: one of request_id and service_slug, the issue, the description's length.
 */
export const claimFormSchema = {
  type: 'object',
  properties: {
    request_id: { type: 'string', description: 'Id de una solicitud enviada del ciudadano' },
    service_slug: { type: 'string', description: 'Servicio del catálogo (su slug), si el reclamo no es sobre una solicitud' },
    issue_id: { type: 'string', description: 'Id del tipo de reclamo (GET /v1/issues)' },
    description: { type: 'string', description: `De ${CLAIM_DESCRIPTION_MIN} a ${CLAIM_DESCRIPTION_MAX} caracteres` },
  },
} as const;

/** POST claim-comment: the citizen's comment on one of their claims. */
export const claimCommentBodySchema = {
  type: 'object', additionalProperties: false,
  properties: { claim_id: positiveId, content: { type: 'string', minLength: 1, maxLength: CLAIM_COMMENT_MAX } },
  required: ['claim_id', 'content'],
} as const;

// ---------------------------------------------------------------- the portal shell (/v1/portals/error-reports, /v2/service-suggested)

/** Longest page path the server accepts (page views, error reports), before the query string is removed. */
export const PAGE_PATH_MAX = 300;
/** Shortest and longest description of a reported problem. */
export const ERROR_REPORT_DESCRIPTION_MIN = 10;
export const ERROR_REPORT_DESCRIPTION_MAX = 2000;

/** POST /v1/portals/error-reports: a problem reported by a citizen or an anonymous visitor. */
export const errorReportBodySchema = {
  type: 'object',
  properties: {
    description: { type: 'string', minLength: ERROR_REPORT_DESCRIPTION_MIN, maxLength: ERROR_REPORT_DESCRIPTION_MAX, description: 'Qué pasó (10 a 2000 caracteres)' },
    path: { type: ['string', 'null'], maxLength: PAGE_PATH_MAX, description: 'Ruta de la página donde ocurrió, por ejemplo /mis-solicitudes' },
    email: { type: ['string', 'null'], maxLength: 254, description: 'Correo de contacto (opcional)' },
  },
  required: ['description'],
} as const;

/** POST /v1/portals/analytics/page-views: the path of a completed route change (the server removes query, fragment and personal data). */
export const pageViewBodySchema = {
  type: 'object',
  properties: { path: { type: 'string', maxLength: PAGE_PATH_MAX, pattern: '^/', description: 'Ruta de la página, por ejemplo /mis-solicitudes' } },
  required: ['path'],
} as const;

/**
 * The longest text a suggestion's field may bring before the engine reads it:
 * far above the form's own limits (150 at most), so an over-long value gets the
 * engine's 422 on its field, while a huge one is refused as bad input.
 */
export const SUGGESTION_TEXT_MAX = 1000;

const suggestionText = (description: string) => ({ type: 'string', maxLength: SUGGESTION_TEXT_MAX, description }) as const;

/**
 * POST /v2/service-suggested: the six fields of schemas/sugerencia-servicio.
 * None is `required` here: the form engine checks them and answers 422 with its
 * message per field, as the browser's form shows them.
 */
export const serviceSuggestionBodySchema = {
  type: 'object',
  properties: {
    service_title: suggestionText('Nombre del servicio que falta (hasta 150 caracteres)'),
    institution_name: suggestionText('Institución que debería ofrecerlo (hasta 150 caracteres)'),
    person_name: suggestionText('Nombre de quien sugiere: solo letras y espacios (hasta 100 caracteres)'),
    person_last_name: suggestionText('Apellido de quien sugiere: solo letras y espacios (hasta 100 caracteres)'),
    person_email: suggestionText('Correo electrónico de contacto'),
    person_phone: suggestionText('Teléfono de contacto: 10 dígitos, con o sin la máscara (###) ###-####'),
  },
} as const;

// ---------------------------------------------------------------- payments of the citizen's requests (/v1/portals)

/**
 * POST request-variation-select (spec §3 payload): the chosen variations of one price and the quantity. The
 * server recomputes the amount (422 when payment_amount differs) and ignores estimated_date (it stores its
 * own); item_id names the charge, needed only when variation_id is empty.
 */
export const variationSelectBodySchema = {
  type: 'object',
  properties: {
    quantity: { type: 'integer', minimum: 1, maximum: 999 },
    payment_amount: { type: 'number', minimum: 0, maximum: 1e12 },
    request_id: { type: 'array', items: positiveId, minItems: 1, maxItems: 1 },
    variation_id: { type: 'array', items: positiveId, maxItems: 50 },
    estimated_date: { type: 'string', maxLength: 60 },
    item_id: positiveId,
  },
  required: ['quantity', 'payment_amount', 'request_id', 'variation_id'],
} as const;

/** POST requests/{id}/payment-code: a new authorization number for one charge (the previous one stops working). */
export const paymentCodeRenewalBodySchema = {
  type: 'object',
  additionalProperties: false,
  properties: { item_id: positiveId },
  required: ['item_id'],
} as const;

/** POST sirite/response?code=…: the bank's approval number of a transfer or deposit made with the authorization number (the handler says what is wrong with it). */
export const siritePaymentBodySchema = {
  type: 'object',
  additionalProperties: false,
  properties: { approval_number: { type: 'string', maxLength: 64 } },
  required: ['approval_number'],
} as const;

// ---------------------------------------------------------------- payments of the single window's second client (/v1)

/** A request code as the portal issues it. */
const requestCode = { type: 'string', minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9-]+$', description: 'Código de la solicitud (codigoSolicitud.code)' } as const;

/** POST /v1/institution-onapi/payment: ONAPI's card form (the server computes the amount: one sent is refused). */
export const onapiCardPaymentBodySchema = {
  type: 'object',
  properties: {
    codigoSolicitud: requestCode,
    cardNumber: { type: 'string', pattern: '^[0-9]{13,16}$', description: 'Número de la tarjeta: solo dígitos, sin espacios' },
    expDate: { type: 'string', pattern: '^(0[1-9]|1[0-2])/[0-9]{2}$', description: 'Vencimiento MM/AA' },
    cvv: { type: 'string', pattern: '^[0-9]{3,4}$', description: 'Código de seguridad (3 o 4 dígitos)' },
  },
  required: ['codigoSolicitud', 'cardNumber', 'expDate', 'cvv'],
  additionalProperties: false,
} as const;

/**
 * POST /v1/institution-camara/hash/{code}: the Cámara de Comercio's card page fields the browser knows
 * (cardPageOrderFields); the server computes the same ones and refuses any difference (422).
 */
export const cardPageHashBodySchema = {
  type: 'object',
  properties: cardPageRequestFieldProps,
  required: ['OrderNumber', 'Amount', 'ITBIS', 'ApprovedUrl', 'DeclinedUrl', 'CancelUrl', 'TrxType'],
} as const;

/** POST /v1/institution-camara/return: the fields the card page added to its return address, with their AuthHash. */
export const cardPageReturnBodySchema = {
  type: 'object',
  properties: cardPageResponseFieldProps,
  required: [...CARD_PAGE_RESPONSE_FIELDS, 'AuthHash'],
} as const;

const documentUrl = {
  type: 'string',
  minLength: 1,
  maxLength: 300,
  description: 'Dirección de uno de los documentos del ciudadano: /v1/portals/documents/{id}/download (la de GET /v1/portals/documents)',
} as const;
const approval = (description: string) => ({ type: 'string', minLength: 1, maxLength: APPROVAL_NUMBER_MAX + 20, description }) as const;

/** POST /v1/institution-dgii/upload/document: the proof of payment to the DGII of a formalization. */
export const dgiiProofBodySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    documentUrl,
    authorizationNumber: approval('Número de aprobación del pago (lo da el banco o el canal de la DGII)'),
    requestId: positiveId,
    requestCode: { type: 'string', pattern: '^[A-Za-z0-9-]{1,30}$', description: 'Código de la solicitud (codigoSolicitud.code)' },
  },
  required: ['documentUrl', 'authorizationNumber', 'requestId', 'requestCode'],
} as const;

/** POST /v1/portals/payment/deposit-receipt: the receipt of a bank deposit for another service's charge (PAY_WITH_CHECK). */
export const depositReceiptBodySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    documentUrl,
    approvalNumber: approval('Número de aprobación o de referencia del depósito'),
    requestId: positiveId,
    itemId: positiveId,
  },
  required: ['documentUrl', 'approvalNumber', 'requestId', 'itemId'],
} as const;

// ---------------------------------------------------------------- the back office (/v1/backoffice)

/** POST auth/login: a staff member's sign-in. */
export const staffLoginBodySchema = {
  type: 'object', additionalProperties: false,
  properties: { email: { type: 'string', minLength: 3, maxLength: 254 }, password: { type: 'string', minLength: 1, maxLength: 200 } },
  required: ['email', 'password'],
} as const;

/** POST auth/second-factor: the authenticator app's code, one recovery code or a passkey's answer, after the password (issue 25 §2). */
export const staffSecondFactorBodySchema = {
  type: 'object', additionalProperties: false,
  properties: {
    code: { type: 'string', minLength: 1, maxLength: 20, description: 'Código de 6 dígitos de la aplicación de autenticación' },
    recovery_code: { type: 'string', minLength: 1, maxLength: 40, description: 'Uno de los códigos de recuperación (cada uno sirve una vez)' },
    passkey: { ...webAuthnAnswerBodySchema, description: 'La respuesta de la llave de acceso a las opciones de auth/second-factor/passkey-options' },
    pending_token: { type: 'string', maxLength: 200, description: 'El de auth/login, si no va en la cookie staff_pending' },
  },
  oneOf: [{ required: ['code'] }, { required: ['recovery_code'] }, { required: ['passkey'] }],
} as const;

/** POST auth/enrolment: the first code of the authenticator app (which confirms the secret of auth/login), or the new passkey. */
export const staffEnrolmentBodySchema = {
  type: 'object', additionalProperties: false,
  properties: {
    code: { type: 'string', minLength: 1, maxLength: 20, description: 'Código de 6 dígitos de la aplicación de autenticación' },
    passkey: { ...webAuthnAnswerBodySchema, description: 'La llave de acceso creada con las opciones de auth/enrolment/passkey-options' },
    pending_token: { type: 'string', maxLength: 200, description: 'El de auth/login, si no va en la cookie staff_pending' },
  },
  oneOf: [{ required: ['code'] }, { required: ['passkey'] }],
} as const;

/** POST auth/enrolment/passkey-options and auth/second-factor/passkey-options: the pending sign-in, if not in the cookie. */
export const staffPasskeyOptionsBodySchema = {
  type: 'object', additionalProperties: false,
  properties: {
    pending_token: { type: 'string', maxLength: 200, description: 'El de auth/login, si no va en la cookie staff_pending' },
  },
} as const;

/** POST requests/{id}/events: message is needed for solicitar_accion and rechazar; requires_document counts in solicitar_accion only. */
export const staffEventBodySchema = {
  type: 'object', additionalProperties: false,
  properties: {
    event: { type: 'string', enum: STAFF_EVENTS },
    message: { type: 'string', maxLength: 2000 },
    requires_document: { type: 'boolean' },
  },
  required: ['event'],
} as const;

/** POST requests/{id}/comments: the institution's comment on a request. */
export const staffCommentBodySchema = {
  type: 'object', additionalProperties: false,
  properties: { content: { type: 'string', minLength: 1, maxLength: 2000 } },
  required: ['content'],
} as const;

/** POST payments/{id}/refuse: why the proof was not accepted (the server also checks REFUSAL_REASON_MIN). */
export const paymentRefusalBodySchema = {
  type: 'object', additionalProperties: false,
  properties: { reason: { type: 'string', maxLength: REFUSAL_REASON_MAX } },
  required: ['reason'],
} as const;

/** POST claims/{id}/comments: the institution's answer to a claim. */
export const staffClaimCommentBodySchema = {
  type: 'object', additionalProperties: false,
  properties: { content: { type: 'string', minLength: 1, maxLength: CLAIM_COMMENT_MAX } },
  required: ['content'],
} as const;

/** POST claims/{id}/status: a status staff may set (en_proceso, cerrado; 409 otherwise). */
export const staffClaimStatusBodySchema = {
  type: 'object', additionalProperties: false,
  properties: { status: { type: 'string', enum: CLAIM_STATUSES } },
  required: ['status'],
} as const;

// ---------------------------------------------------------------- published forms (/v1/backoffice/forms)

/** POST /v1/backoffice/forms/{form}/versions: publishes a form (npm run forms:publish). */
export const formPublishBodySchema = {
  type: 'object',
  properties: {
    schema: { type: 'object', description: 'El esquema JSON del formulario (schemas/<form>/schema.json)' },
    note: { type: 'string', minLength: 1, maxLength: 500, description: 'Una línea que se guarda con la versión: qué cambió y por qué' },
    base_version: {
      type: 'integer', minimum: 0, maximum: 2147483647,
      description: 'La versión vigente que quien publica comparó (0 si el formulario nunca se publicó): si otra se publicó mientras tanto, 409',
    },
  },
  required: ['schema', 'note', 'base_version'],
  additionalProperties: false,
} as const;
