/**
 * Sign-in of institution staff, apart from the citizens' (/v1/backoffice/auth),
 * in two steps (issue 25 §2): the password opens a short-lived challenge (never
 * a session); the member's passkey, the authenticator app's code (TOTP) or a
 * recovery code turns it into a session. A member without a factor (first
 * sign-in, or after an administrator's reset) enrols a passkey or the app in
 * that second step. The passkey ceremonies are services/passkeys/webauthn.ts's,
 * with the staff's own credentials (services/staff/staffPasskeys.ts) and their
 * challenges tied to the member and to the pending sign-in.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  errorSchema, staffEnrolmentBodySchema, staffLoginBodySchema, staffLoginResponseSchema, staffPasskeyOptionsBodySchema, staffSchema, staffSecondFactorBodySchema,
  staffSessionResponseSchema, webAuthnOptionsSchema, type WebAuthnAnswerBody,
} from '@portal/api-contract';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { authErrors, messageSchema, publicSecurity, staffSecurity } from '../../http/commonSchemas';
import { HttpError } from '../../http/HttpError';
import { TOO_MANY_ATTEMPTS } from '../../http/installErrorHandler';
import type { SchemaTypeProvider } from '../../http/schemaTypeProvider';
import { requireStaff, STAFF_COOKIE, STAFF_COOKIE_PATH } from '../../plugins/app/registerStaffAuth';
import { clearAttempts, refundAttempt, takeAttempt, type Limit } from '../../services/attemptCounter';
import { finishAuthentication, finishRegistration, startAuthentication, startRegistration } from '../../services/passkeys/webauthn';
import {
  listStaffPasskeys, recordStaffPasskeyUse, STAFF_PURPOSES, staffCeremonyOwner, staffCredentialFinder, staffUserHandle,
} from '../../services/staff/staffPasskeys';
import {
  CHALLENGE_MINUTES, createChallenge, enrolPasskeyFactor, enrolSecondFactor, findChallenge, findSecondFactor, matchingStep, newTotpSecret, recoveryCodesLeft, takeTotpStep,
  totpUri, useChallenge, useRecoveryCode, type Challenge,
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
export const STAFF_PASSKEY_REFUSED = 'No se pudo verificar su llave de acceso. Intente de nuevo, o use un código de recuperación.';
const STAFF_PASSKEY_NOT_CREATED = 'No se pudo crear la llave de acceso. Intente de nuevo, o elija la aplicación de autenticación.';
const NO_PASSKEY = 'No tiene una llave de acceso: use el código de su aplicación de autenticación o uno de recuperación';
const MINUTES_15 = 15 * 60;

/** Second-step limits: per staff member (the password is known; guessing 10⁶ codes is not) and per address. */
const codeLimits = (staffId: number, ip: string): Limit[] => [
  { key: `staff-2fa:staff:${staffId}`, max: 5, windowSeconds: MINUTES_15 },
  { key: `staff-2fa:ip:${ip}`, max: 20, windowSeconds: MINUTES_15 },
];

async function noStore(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  void reply.header('cache-control', 'no-store');
}

export const loginSchema = {
  tags, security: publicSecurity, operationId: 'logInStaff', summary: 'Primer paso del ingreso del personal: comprueba correo y contraseña y abre el segundo paso (no una sesión)',
  description: 'Responde step=codigo (la llave de acceso, el código de la aplicación de autenticación o uno de recuperación en auth/second-factor; factors dice cuáles tiene) o step=alta '
    + '(primer ingreso o tras un restablecimiento: crear una llave de acceso, o configurar la aplicación con totp_secret, y confirmarla en auth/enrolment). Con la contraseña sola no se abre ninguna sesión.',
  body: staffLoginBodySchema,
  response: { ...authErrors, 200: staffLoginResponseSchema },
} as const;
export const secondFactorSchema = {
  tags, security: publicSecurity, operationId: 'verifyStaffSecondFactor',
  summary: 'Segundo paso del ingreso del personal: la llave de acceso, el código de la aplicación de autenticación o un código de recuperación; devuelve el token y pone la cookie staff_token',
  description: 'Pide el token de auth/login (cookie staff_pending o pending_token) con step=codigo. Cada código, y cada reto de la llave de acceso, sirve una vez. '
    + '401 si el código o la llave no valen o el ingreso venció; 429 tras 5 intentos en 15 minutos.',
  body: staffSecondFactorBodySchema,
  response: { ...authErrors, 200: staffSessionResponseSchema },
} as const;
export const enrolmentSchema = {
  tags, security: publicSecurity, operationId: 'enrolStaffSecondFactor',
  summary: 'Primer ingreso del personal (o tras un restablecimiento): registra la llave de acceso, o confirma la aplicación de autenticación con su primer código; devuelve el token y los 10 códigos de recuperación',
  description: 'Pide el token de auth/login con step=alta. Los códigos de recuperación solo se muestran en esta respuesta.',
  body: staffEnrolmentBodySchema,
  response: { ...authErrors, 200: staffSessionResponseSchema },
} as const;
export const enrolmentPasskeyOptionsSchema = {
  tags, security: publicSecurity, operationId: 'startStaffPasskeyEnrolment',
  summary: 'Primer ingreso del personal: opciones para crear la llave de acceso del segundo factor (navigator.credentials.create)',
  description: 'Pide el token de auth/login con step=alta. El reto sirve una vez, 5 minutos, y solo a ese ingreso.',
  body: staffPasskeyOptionsBodySchema,
  response: { ...authErrors, 200: webAuthnOptionsSchema },
} as const;
export const secondFactorPasskeyOptionsSchema = {
  tags, security: publicSecurity, operationId: 'startStaffPasskeySecondFactor',
  summary: 'Segundo paso del ingreso del personal con su llave de acceso: opciones para navigator.credentials.get (solo sus llaves)',
  description: 'Pide el token de auth/login con step=codigo. El reto sirve una vez, 5 minutos, y solo a ese ingreso. 404 si el miembro no tiene una llave de acceso.',
  body: staffPasskeyOptionsBodySchema,
  response: { ...authErrors, 404: errorSchema, 200: webAuthnOptionsSchema },
} as const;
const logoutSchema = { tags, security, operationId: 'logOutStaff', summary: 'Cierra la sesión del personal', response: { ...authErrors, 200: messageSchema } } as const;
const meSchema = { tags, security, operationId: 'getCurrentStaff', summary: 'Personal de la sesión', response: { ...authErrors, 200: { type: 'object', properties: { data: staffSchema }, required: ['data'] } } } as const;

/** The library's options type, as the JSON the schema describes. */
const asJson = (options: object) => options as Record<string, unknown>;

export async function staffAuthRoutes(app: FastifyInstance): Promise<void> {
  const typed = app.withTypeProvider<SchemaTypeProvider>();
  const rp = app.config.webauthn;

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
    const { secret, passkeys } = await findSecondFactor(app.db, staff.id);
    const offered = secret === null && passkeys === 0 ? newTotpSecret() : null;
    const pending = await createChallenge(app.db, staff.id, offered === null ? 'codigo' : 'alta', offered);
    reply.setCookie(STAFF_PENDING_COOKIE, pending, { path: STAFF_PENDING_PATH, httpOnly: true, sameSite: 'strict', secure: request.protocol === 'https', maxAge: CHALLENGE_MINUTES * 60 });
    return {
      step: offered === null ? 'codigo' as const : 'alta' as const,
      pending_token: pending,
      expires_in: CHALLENGE_MINUTES * 60,
      totp_secret: offered,
      totp_uri: offered === null ? null : totpUri(offered, staff.email),
      factors: offered !== null
        ? ['llave_de_acceso' as const, 'aplicacion' as const]
        : [...(passkeys > 0 ? ['llave_de_acceso' as const] : []), ...(secret !== null ? ['aplicacion' as const] : [])],
    };
  });

  /** The live pending sign-in of the request (body or cookie) for `purpose`: 401 otherwise. */
  const pendingOf = async (request: FastifyRequest, bodyToken: string | undefined, purpose: Challenge['purpose']): Promise<{ token: string; challenge: Challenge }> => {
    const token = bodyToken ?? request.cookies?.[STAFF_PENDING_COOKIE];
    const challenge = token ? await findChallenge(app.db, token) : null;
    if (!token || challenge === null || challenge.purpose !== purpose) throw new HttpError(401, EXPIRED);
    return { token, challenge };
  };

  /** The live pending sign-in, counting one attempt (before anything is checked). */
  const challengeOf = async (request: FastifyRequest, bodyToken: string | undefined, purpose: Challenge['purpose']): Promise<{ token: string; challenge: Challenge }> => {
    const pending = await pendingOf(request, bodyToken, purpose);
    if (!(await takeAttempt(app.db, codeLimits(pending.challenge.staffId, request.ip)))) throw new HttpError(429, TOO_MANY_ATTEMPTS);
    return pending;
  };

  /** A passkey's answer for the member of the pending sign-in `token`: only their staff passkeys, this sign-in's challenge, once. */
  const checkPasskey = async (request: FastifyRequest, token: string, staffId: number, answer: WebAuthnAnswerBody): Promise<void> => {
    const outcome = await finishAuthentication(
      app.db, rp, STAFF_PURPOSES.signIn, staffCeremonyOwner(staffId, token), answer.challenge_id,
      answer.response as unknown as AuthenticationResponseJSON, staffCredentialFinder(app.db, staffId),
    );
    if (!outcome.ok) request.log.info({ reason: outcome.reason, staffId }, 'segundo factor con llave de acceso rechazado');
    // The counter is written only if it is still the one checked: of two answers racing, one counts.
    if (!outcome.ok || !(await recordStaffPasskeyUse(app.db, outcome.credential.id, outcome.credential.counter, outcome.newCounter, outcome.backedUp))) {
      throw new HttpError(401, STAFF_PASSKEY_REFUSED);
    }
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
    const { code, recovery_code: recovery, passkey } = request.body;
    if (passkey !== undefined) {
      await checkPasskey(request, token, challenge.staffId, passkey);
    } else if (recovery !== undefined) {
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

  typed.post('/backoffice/auth/second-factor/passkey-options', { schema: secondFactorPasskeyOptionsSchema, onRequest: noStore, config: { rateLimit: { max: 30, timeWindow: '1 minute' } } }, async (request) => {
    const { token, challenge } = await pendingOf(request, request.body?.pending_token, 'codigo');
    const passkeys = await listStaffPasskeys(app.db, challenge.staffId);
    if (passkeys.length === 0) throw new HttpError(404, NO_PASSKEY);
    // Only the member's passkeys are offered; the challenge serves this pending sign-in only.
    const { challengeId, options } = await startAuthentication(app.db, rp, STAFF_PURPOSES.signIn, staffCeremonyOwner(challenge.staffId, token), passkeys);
    return { challenge_id: challengeId, options: asJson(options) };
  });

  typed.post('/backoffice/auth/enrolment/passkey-options', { schema: enrolmentPasskeyOptionsSchema, onRequest: noStore, config: { rateLimit: { max: 30, timeWindow: '1 minute' } } }, async (request) => {
    const { token, challenge } = await pendingOf(request, request.body?.pending_token, 'alta');
    const staff = await findStaffById(app.db, challenge.staffId);
    if (staff === null) throw new HttpError(401, EXPIRED);
    const handle = await staffUserHandle(app.db, staff.id);
    const { challengeId, options } = await startRegistration(
      app.db, rp, STAFF_PURPOSES.enrol, staffCeremonyOwner(staff.id, token),
      { handle, name: staff.email, displayName: `${staff.name} (oficina)`, existing: await listStaffPasskeys(app.db, staff.id) },
      { discoverable: false },
    );
    return { challenge_id: challengeId, options: asJson(options) };
  });

  typed.post('/backoffice/auth/enrolment', { schema: enrolmentSchema, onRequest: noStore, config: { rateLimit: { max: 30, timeWindow: '1 minute' } } }, async (request, reply) => {
    const { token, challenge } = await challengeOf(request, request.body.pending_token, 'alta');
    const { passkey } = request.body;
    let codes: string[] | null;
    if (passkey !== undefined) {
      const outcome = await finishRegistration(
        app.db, rp, STAFF_PURPOSES.enrol, staffCeremonyOwner(challenge.staffId, token), passkey.challenge_id, passkey.response as unknown as RegistrationResponseJSON,
      );
      if (!outcome.ok) {
        request.log.info({ reason: outcome.reason, staffId: challenge.staffId }, 'alta de llave de acceso del personal rechazada');
        throw new HttpError(401, STAFF_PASSKEY_NOT_CREATED);
      }
      codes = await enrolPasskeyFactor(app.db, challenge.staffId, outcome.credential);
    } else {
      const secret = challenge.offeredSecret!;
      const step = matchingStep(secret, (request.body.code ?? '').replace(/\s/g, ''));
      if (step === null) throw new HttpError(401, WRONG_CODE);
      codes = await enrolSecondFactor(app.db, challenge.staffId, secret, step);
    }
    // Enrolled meanwhile (another tab): this sign-in starts over with the code step.
    if (codes === null) throw new HttpError(401, EXPIRED);
    const session = await openSession(request, reply, token, challenge.staffId);
    return { ...session, recovery_codes: codes, recovery_codes_left: codes.length };
  });

  typed.post('/backoffice/auth/logout', { schema: logoutSchema, onRequest: app.authenticateStaff, config: { analysts: true } }, async (request, reply) => {
    if (request.staffTokenHash !== null) await revokeStaffSession(app.db, request.staffTokenHash);
    reply.clearCookie(STAFF_COOKIE, { path: STAFF_COOKIE_PATH });
    return { message: 'Sesión cerrada' };
  });

  typed.get('/backoffice/auth/me', { schema: meSchema, onRequest: [app.authenticateStaff, noStore], config: { analysts: true } }, async (request) => ({ data: requireStaff(request) }));
}
