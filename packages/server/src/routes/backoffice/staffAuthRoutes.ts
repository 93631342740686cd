/**
 * Sign-in of institution staff, apart from the citizens' (/v1/backoffice/auth),
 * in two steps (issue 25 §2): the password opens a short-lived challenge (never
 * a session); the authenticator app's code (TOTP) or a recovery code turns it
 * into a session. A member without a factor (first sign-in, or after an
 * administrator's reset) enrols the app in that second step.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { staffEnrolmentBodySchema, staffLoginBodySchema, staffLoginResponseSchema, staffSchema, staffSecondFactorBodySchema, staffSessionResponseSchema } from '@portal/api-contract';
import { authErrors, messageSchema, publicSecurity, staffSecurity } from '../../http/commonSchemas';
import { HttpError } from '../../http/HttpError';
import { TOO_MANY_ATTEMPTS } from '../../http/installErrorHandler';
import type { SchemaTypeProvider } from '../../http/schemaTypeProvider';
import { requireStaff, STAFF_COOKIE, STAFF_COOKIE_PATH } from '../../plugins/app/registerStaffAuth';
import { clearAttempts, refundAttempt, takeAttempt, type Limit } from '../../services/attemptCounter';
import {
  CHALLENGE_MINUTES, createChallenge, enrolSecondFactor, findChallenge, findSecondFactor, matchingStep, newTotpSecret, recoveryCodesLeft, takeTotpStep, totpUri,
  useChallenge, useRecoveryCode, type Challenge,
} from '../../services/staff/staffSecondFactor';
import { createStaffSession, findStaffById, findStaffByEmail, revokeStaffSession, toStaffView } from '../../services/staff/staffStore';

const tags = ['Oficina de la institución'];
const security = staffSecurity;
const WRONG = 'Correo o contraseña incorrecta';
/** Staff sessions are shorter than citizens': a shared office computer. */
const STAFF_SESSION_HOURS = 8;

const limits = (email: string, ip: string): Limit[] => [
  { key: `staff-login:email-ip:${email}:${ip}`, max: 5, windowSeconds: 15 * 60 },
  { key: `staff-login:ip:${ip}`, max: 20, windowSeconds: 15 * 60 },
  { key: `staff-login:email:${email}`, max: 30, windowSeconds: 60 * 60 },
];

/** The second step's cookie: only the auth routes see it. */
export const STAFF_PENDING_COOKIE = 'staff_pending';
const STAFF_PENDING_PATH = '/v1/backoffice/auth';
const EXPIRED = 'El ingreso venció: escriba de nuevo su correo y su contraseña';
const WRONG_CODE = 'Código incorrecto';
const USED_CODE = 'Ese código ya se usó: espere el siguiente de su aplicación (cambia cada 30 segundos)';
const WRONG_RECOVERY = 'Código de recuperación incorrecto o ya usado';
const MINUTES_15 = 15 * 60;

/** Second-step limits: per staff member (the password is known; guessing 10⁶ codes is not) and per address. */
const codeLimits = (staffId: number, ip: string): Limit[] => [
  { key: `staff-2fa:staff:${staffId}`, max: 5, windowSeconds: MINUTES_15 },
  { key: `staff-2fa:ip:${ip}`, max: 20, windowSeconds: MINUTES_15 },
];

async function noStore(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  void reply.header('cache-control', 'no-store');
}

const loginSchema = {
  tags, security: publicSecurity, operationId: 'logInStaff', summary: 'Primer paso del ingreso del personal: comprueba correo y contraseña y abre el segundo paso (no una sesión)',
  description: 'Responde step=codigo (escribir el código de la aplicación de autenticación o uno de recuperación en auth/second-factor) o step=alta '
    + '(primer ingreso o tras un restablecimiento: configurar la aplicación con totp_secret y confirmarla en auth/enrolment). Con la contraseña sola no se abre ninguna sesión.',
  body: staffLoginBodySchema,
  response: { ...authErrors, 200: staffLoginResponseSchema },
} as const;
const secondFactorSchema = {
  tags, security: publicSecurity, operationId: 'verifyStaffSecondFactor',
  summary: 'Segundo paso del ingreso del personal: el código de la aplicación de autenticación o un código de recuperación; devuelve el token y pone la cookie staff_token',
  description: 'Pide el token de auth/login (cookie staff_pending o pending_token) con step=codigo. Cada código sirve una vez. 401 si el código no vale o el ingreso venció; 429 tras 5 intentos en 15 minutos.',
  body: staffSecondFactorBodySchema,
  response: { ...authErrors, 200: staffSessionResponseSchema },
} as const;
const enrolmentSchema = {
  tags, security: publicSecurity, operationId: 'enrolStaffSecondFactor',
  summary: 'Primer ingreso del personal (o tras un restablecimiento): confirma la aplicación de autenticación con su primer código; devuelve el token y los 10 códigos de recuperación',
  description: 'Pide el token de auth/login con step=alta. Los códigos de recuperación solo se muestran en esta respuesta.',
  body: staffEnrolmentBodySchema,
  response: { ...authErrors, 200: staffSessionResponseSchema },
} as const;
const logoutSchema = { tags, security, operationId: 'logOutStaff', summary: 'Cierra la sesión del personal', response: { ...authErrors, 200: messageSchema } } as const;
const meSchema = { tags, security, operationId: 'getCurrentStaff', summary: 'Personal de la sesión', response: { ...authErrors, 200: { type: 'object', properties: { data: staffSchema }, required: ['data'] } } } as const;

export async function staffAuthRoutes(app: FastifyInstance): Promise<void> {
  const typed = app.withTypeProvider<SchemaTypeProvider>();

  typed.post('/backoffice/auth/login', { schema: loginSchema, onRequest: noStore, config: { rateLimit: { max: 30, timeWindow: '1 minute' } } }, async (request, reply) => {
    const email = request.body.email.trim().toLowerCase();
    const { password } = request.body;
    if (!(await takeAttempt(app.db, limits(email, request.ip)))) throw new HttpError(429, TOO_MANY_ATTEMPTS);
    const staff = await findStaffByEmail(app.db, email);
    let valid = false;
    if (staff === null || !staff.active) await app.passwords.verifyDummy(password);
    else valid = await app.passwords.verify(staff.password_hash, password);
    if (staff === null || !staff.active || !valid) throw new HttpError(401, WRONG);
    await clearAttempts(app.db, `staff-login:email-ip:${email}:${request.ip}`);
    // No session yet: the second factor, or its enrolment, comes first.
    const { secret } = await findSecondFactor(app.db, staff.id);
    const offered = secret === null ? newTotpSecret() : null;
    const pending = await createChallenge(app.db, staff.id, offered === null ? 'codigo' : 'alta', offered);
    reply.setCookie(STAFF_PENDING_COOKIE, pending, { path: STAFF_PENDING_PATH, httpOnly: true, sameSite: 'strict', secure: request.protocol === 'https', maxAge: CHALLENGE_MINUTES * 60 });
    return {
      step: offered === null ? 'codigo' as const : 'alta' as const,
      pending_token: pending,
      expires_in: CHALLENGE_MINUTES * 60,
      totp_secret: offered,
      totp_uri: offered === null ? null : totpUri(offered, staff.email),
    };
  });

  /** The live challenge of the request (body or cookie) for `purpose`: 401 otherwise; counts one attempt. */
  const challengeOf = async (request: FastifyRequest, bodyToken: string | undefined, purpose: Challenge['purpose']): Promise<{ token: string; challenge: Challenge }> => {
    const token = bodyToken ?? request.cookies?.[STAFF_PENDING_COOKIE];
    const challenge = token ? await findChallenge(app.db, token) : null;
    if (!token || challenge === null || challenge.purpose !== purpose) throw new HttpError(401, EXPIRED);
    if (!(await takeAttempt(app.db, codeLimits(challenge.staffId, request.ip)))) throw new HttpError(429, TOO_MANY_ATTEMPTS);
    return { token, challenge };
  };

  /** A correct second factor: the challenge is spent and the session opens. */
  const openSession = async (request: FastifyRequest, reply: FastifyReply, token: string, staffId: number) => {
    if (!(await useChallenge(app.db, token))) throw new HttpError(401, EXPIRED);
    await clearAttempts(app.db, `staff-2fa:staff:${staffId}`);
    await refundAttempt(app.db, { key: `staff-2fa:ip:${request.ip}`, max: 20, windowSeconds: MINUTES_15 });
    const staff = await findStaffById(app.db, staffId);
    if (staff === null) throw new HttpError(401, EXPIRED);
    const session = await createStaffSession(app.db, staffId, STAFF_SESSION_HOURS);
    reply.clearCookie(STAFF_PENDING_COOKIE, { path: STAFF_PENDING_PATH });
    reply.setCookie(STAFF_COOKIE, session, { path: STAFF_COOKIE_PATH, httpOnly: true, sameSite: 'strict', secure: request.protocol === 'https', maxAge: STAFF_SESSION_HOURS * 3600 });
    return { token: session, staff: toStaffView(staff) };
  };

  typed.post('/backoffice/auth/second-factor', { schema: secondFactorSchema, onRequest: noStore, config: { rateLimit: { max: 30, timeWindow: '1 minute' } } }, async (request, reply) => {
    const { token, challenge } = await challengeOf(request, request.body.pending_token, 'codigo');
    const { code, recovery_code: recovery } = request.body;
    if (recovery !== undefined) {
      if (!(await useRecoveryCode(app.db, challenge.staffId, recovery))) throw new HttpError(401, WRONG_RECOVERY);
    } else {
      const { secret } = await findSecondFactor(app.db, challenge.staffId);
      const step = secret === null ? null : matchingStep(secret, (code ?? '').replace(/\s/g, ''));
      if (secret === null || step === null) throw new HttpError(401, WRONG_CODE);
      if (!(await takeTotpStep(app.db, challenge.staffId, step))) throw new HttpError(401, USED_CODE);
    }
    const session = await openSession(request, reply, token, challenge.staffId);
    return { ...session, recovery_codes_left: await recoveryCodesLeft(app.db, challenge.staffId) };
  });

  typed.post('/backoffice/auth/enrolment', { schema: enrolmentSchema, onRequest: noStore, config: { rateLimit: { max: 30, timeWindow: '1 minute' } } }, async (request, reply) => {
    const { token, challenge } = await challengeOf(request, request.body.pending_token, 'alta');
    const secret = challenge.offeredSecret!;
    const step = matchingStep(secret, request.body.code.replace(/\s/g, ''));
    if (step === null) throw new HttpError(401, WRONG_CODE);
    const codes = await enrolSecondFactor(app.db, challenge.staffId, secret, step);
    // Enrolled meanwhile (another tab): this sign-in starts over with the code step.
    if (codes === null) throw new HttpError(401, EXPIRED);
    const session = await openSession(request, reply, token, challenge.staffId);
    return { ...session, recovery_codes: codes, recovery_codes_left: codes.length };
  });

  typed.post('/backoffice/auth/logout', { schema: logoutSchema, onRequest: app.authenticateStaff }, async (request, reply) => {
    if (request.staffTokenHash !== null) await revokeStaffSession(app.db, request.staffTokenHash);
    reply.clearCookie(STAFF_COOKIE, { path: STAFF_COOKIE_PATH });
    return { message: 'Sesión cerrada' };
  });

  typed.get('/backoffice/auth/me', { schema: meSchema, onRequest: [app.authenticateStaff, noStore] }, async (request) => ({ data: requireStaff(request) }));
}
