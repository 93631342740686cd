import type { FastifyInstance } from 'fastify';
import { isValidCedula } from '@portal/form-engine';
import { passwordProblem } from '@portal/form-engine/password';
import { HttpError } from '../../http/HttpError';
import { TOO_MANY_ATTEMPTS } from '../../http/installErrorHandler';
import type { SchemaTypeProvider } from '../../http/schemaTypeProvider';
import { requireCitizen } from '../../plugins/app/registerAuth';
import { clearAttempts, takeAttempt } from '../../services/attemptCounter';
import { cleanCedula, findCitizenByCedula, findCitizenById, updatePasswordHash, type CitizenRecord } from '../../services/citizenStore';
import { verifyCurrentPassword } from '../../services/currentPassword';
import { queueMail } from '../../services/mail/queueMail';
import { codeFromSeed, codeHmac, newCodeSeed, sameHmac } from '../../services/oneTimeCode';
import {
  addPasswordResetLink,
  findLiveReset,
  findLiveResetLink,
  lockResetsOf,
  replacePasswordReset,
  RESET_CODE_MINUTES,
  takePasswordResetAttempt,
  takePasswordResetLink,
  usePasswordReset,
} from '../../services/passwordResetStore';
import { DEVICE_COOKIE, deviceCookieOptions, issueDevice, trustedDeviceHash } from '../../services/trustedDevices';
import { revokeCitizenSessions } from '../../services/sessionStore';
import { changePasswordSchema, forgotSchema, resetLinkSchema, resetSchema } from './authSchemas';

/**
 * The same answer whether or not the cédula has an account (and whether this request sent a new code, the same one
 * again, or nothing because the account's mails for the hour were used up): each is true for the owner.
 */
export const FORGOT_MESSAGE =
  'Si la cédula tiene una cuenta, enviamos un código a su correo. Si ya lo pidió en los últimos 30 minutos, es el mismo código: búsquelo en su correo (también en «No deseado»).';
const INVALID_CODE = 'Código inválido o vencido';
/** The answer to a reset link's token that is unknown, malformed, used, replaced or expired. */
export const INVALID_RESET_LINK = 'El enlace venció o ya se usó. Pida otro con «¿Olvidó su contraseña?».';
/** The app's page of the reset link (app/src/config/paths.ts, passwordResetLink). */
export const PASSWORD_RESET_LINK_PATH = '/cuenta/restablecer';
const UPDATED = 'Contraseña actualizada';
const MAX_CODE_ATTEMPTS = 5;
const HOUR = 3600;
/** Per address, on each route of this file. */
const limited = { rateLimit: { max: 10, timeWindow: '15 minutes' } };

/** The notice of a password change from a session (the other sessions were ended). */
function passwordChangedMail(to: string, nombres: string) {
  return {
    to,
    subject: 'La contraseña de su cuenta del Portal Ciudadano cambió',
    body:
      `Hola ${nombres}:\n\nLa contraseña de su cuenta del Portal Ciudadano acaba de cambiar y cerramos las demás sesiones abiertas.\n` +
      'Si usted no hizo este cambio, restablezca su contraseña con «¿Olvidó su contraseña?»: el código llega a esta dirección.',
  };
}

function checkNewPassword(password: string, cedula: string, path: string, personal: string[] = []): void {
  const problem = passwordProblem(password, cedula, personal);
  if (problem !== null) throw new HttpError(400, 'Datos inválidos', [{ path, message: problem }]);
}

/** Forgot / reset (code by e-mail): public, the account's entry when its password is lost. */
export async function passwordPublicRoutes(app: FastifyInstance): Promise<void> {
  const typed = app.withTypeProvider<SchemaTypeProvider>();

  /**
   * The code and, in the same mail, a link of its own (a token nobody can guess, from PUBLIC_URL: never the
   * request's Host, which an attacker chooses). Wrong code guesses do not end the link: when anonymous guesses
   * have blocked the code, the link of this mail still sets a new password.
   */
  const resetMail = (citizen: CitizenRecord, code: string, linkToken: string, minutes: number, again: boolean) => ({
    to: citizen.email,
    subject: 'Código para restablecer su contraseña',
    body:
      `Hola ${citizen.nombres}:\n\nSu código para restablecer la contraseña es ${code}. Vence en ${minutes} minutos.\n` +
      (again ? 'Es el mismo código que le enviamos antes: mientras no venza, pedir otro envía este.\n' : '') +
      `\nTambién puede crear la contraseña nueva con este enlace (sirve una sola vez y vence con el código):\n` +
      `${app.config.publicUrl}${PASSWORD_RESET_LINK_PATH}?token=${linkToken}\n` +
      'Si el portal le dice que el código está bloqueado por intentos fallidos, use el enlace: sigue sirviendo.\n\n' +
      'Si usted no lo solicitó, ignore este mensaje: su contraseña no cambia.',
  });

  /**
   * Sends a reset code: runs after the answer is sent, so its time says nothing about the account. While a code
   * lives, a request sends THAT code again (nothing new is minted, so anonymous requests cannot use up the
   * owner's codes); the mails of one account are bounded (5 resends and 4 new codes an hour: a new one is
   * minted only when none lives, i.e. it expired, was used, or its five anonymous guesses are spent). Over
   * those bounds nothing is sent, and the code already in the owner's inbox still works.
   */
  const issueResetCode = async (citizen: CitizenRecord) => {
    // One issuer at a time per account (the citizen's row lock): parallel requests, here or on another
    // server, see the code the first one stored and send it again instead of minting their own.
    const sent = await app.db.transaction(async (tx) => {
      await lockResetsOf(tx, citizen.id);
      const live = await findLiveReset(tx, citizen.id, MAX_CODE_ATTEMPTS);
      if (live !== null) {
        if (!(await takeAttempt(tx, [{ key: `forgot:resend:${citizen.id}`, max: 5, windowSeconds: HOUR }]))) return false;
        const linkToken = await addPasswordResetLink(tx, live.id);
        await queueMail(tx, resetMail(citizen, codeFromSeed(app.secretKey, 'restablecer', citizen.id, live.seed), linkToken, live.minutesLeft, true));
        return true;
      }
      if (!(await takeAttempt(tx, [{ key: `forgot:citizen:${citizen.id}`, max: 4, windowSeconds: HOUR }]))) return false;
      const seed = newCodeSeed();
      const code = codeFromSeed(app.secretKey, 'restablecer', citizen.id, seed);
      // A new code replaces any earlier one (there is no live one here).
      const resetId = await replacePasswordReset(tx, citizen.id, codeHmac(app.secretKey, 'restablecer', citizen.id, code), seed);
      const linkToken = await addPasswordResetLink(tx, resetId);
      await queueMail(tx, resetMail(citizen, code, linkToken, RESET_CODE_MINUTES, false));
      return true;
    });
    if (sent) app.kickMail();
  };
  const inFlight = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...inFlight]);
  });

  typed.get('/portals/forgot', { schema: forgotSchema, config: limited }, async (request) => {
    const cedula = cleanCedula(request.query.dni);
    const citizen = isValidCedula(cedula) ? await findCitizenByCedula(app.db, cedula) : null;
    if (citizen !== null) {
      const task = issueResetCode(citizen)
        .catch((error: unknown) => request.log.error({ err: error }, 'no se pudo emitir el código de restablecimiento'))
        .finally(() => inFlight.delete(task));
      inFlight.add(task);
    }
    return { message: FORGOT_MESSAGE };
  });

  typed.post('/portals/auth/citizens/reset', { schema: resetSchema, config: limited }, async (request, reply) => {
    const cedula = cleanCedula(request.body.dni);
    const { code, password } = request.body;
    if (!isValidCedula(cedula)) throw new HttpError(400, INVALID_CODE);
    // The same checks, in the same order, whether or not the cédula has an account.
    checkNewPassword(password, cedula, 'password');
    // Per account AND address: guesses from elsewhere cannot use up the owner's tries (the code's own five bound the total).
    if (!(await takeAttempt(app.db, [{ key: `reset:cedula-ip:${cedula}:${request.ip}`, max: 10, windowSeconds: HOUR }]))) {
      throw new HttpError(429, TOO_MANY_ATTEMPTS);
    }
    const citizen = await findCitizenByCedula(app.db, cedula);
    // A browser the citizen signed in on has its own five guesses per code: anonymous wrong guesses do not spend them.
    const device = await trustedDeviceHash(app.db, request.cookies?.[DEVICE_COOKIE], citizen?.id ?? null);
    // The attempt is counted before the comparison, so parallel guesses cannot exceed five per code (and kind of browser).
    const reset = await takePasswordResetAttempt(app.db, citizen?.id ?? 0, device !== null);
    if (citizen === null || !reset || reset.attempts > MAX_CODE_ATTEMPTS || !sameHmac(reset.code_hmac, codeHmac(app.secretKey, 'restablecer', citizen.id, code))) {
      throw new HttpError(400, INVALID_CODE);
    }
    checkNewPassword(password, cedula, 'password', [citizen.email, citizen.nombres, citizen.apellidos]);
    const passwordHash = await app.passwords.hash(password);
    await app.db.transaction(async (tx) => {
      if (!(await usePasswordReset(tx, reset.id))) throw new HttpError(400, INVALID_CODE);
      await updatePasswordHash(tx, citizen.id, passwordHash);
      await revokeCitizenSessions(tx, citizen.id, null);
      await clearAttempts(tx, `login:cedula:${cedula}`);
    });
    app.sessionCache.forgetCitizen(citizen.id);
    // The code came from the account's mailbox: this browser is the owner's from now on (a trusted browser, whose
    // logins count apart: guesses from elsewhere cannot lock it out; services/loginThrottle.ts).
    if (device === null) {
      reply.setCookie(DEVICE_COOKIE, await issueDevice(app.db, citizen.id), deviceCookieOptions(request.protocol === 'https'));
    }
    return { message: UPDATED };
  });

  /**
   * The link of the reset mail: its token (32 random bytes) cannot be guessed, so it has no attempt counter of
   * its own and wrong code guesses do not end it; the address's rate limit bounds the calls. Using it ends the
   * code too (the same reset row).
   */
  typed.post('/portals/auth/citizens/reset-link', { schema: resetLinkSchema, config: limited }, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    const { token, password, password_confirmation: confirmation } = request.body;
    // Unknown, used or expired: answered before any slow work (an anonymous caller cannot make the server hash).
    const link = await findLiveResetLink(app.db, token);
    const citizen = link === null ? null : await findCitizenById(app.db, link.citizenId);
    if (citizen === null) throw new HttpError(400, INVALID_RESET_LINK);
    if (confirmation !== password) {
      throw new HttpError(400, 'Datos inválidos', [{ path: 'password_confirmation', message: 'Las contraseñas no coinciden' }]);
    }
    // The code path's policy (checked before the link is used: a weak password leaves the link for another try).
    checkNewPassword(password, citizen.cedula, 'password', [citizen.email, citizen.nombres, citizen.apellidos]);
    const device = await trustedDeviceHash(app.db, request.cookies?.[DEVICE_COOKIE], citizen.id);
    const passwordHash = await app.passwords.hash(password);
    await app.db.transaction(async (tx) => {
      const taken = await takePasswordResetLink(tx, token);
      if (taken === null || taken.citizenId !== citizen.id) throw new HttpError(400, INVALID_RESET_LINK);
      await updatePasswordHash(tx, citizen.id, passwordHash);
      await revokeCitizenSessions(tx, citizen.id, null);
      await clearAttempts(tx, `login:cedula:${citizen.cedula}`);
    });
    app.sessionCache.forgetCitizen(citizen.id);
    // The link came from the account's mailbox, as the code does: this browser is the owner's from now on.
    if (device === null) {
      reply.setCookie(DEVICE_COOKIE, await issueDevice(app.db, citizen.id), deviceCookieOptions(request.protocol === 'https'));
    }
    return { message: UPDATED };
  });
}

/** Change password: registered in the citizen context (registerRoutes.ts), which adds app.authenticate. */
export async function passwordRoutes(app: FastifyInstance): Promise<void> {
  const typed = app.withTypeProvider<SchemaTypeProvider>();

  typed.post(
    '/portals/auth/citizens/changepassword',
    { schema: changePasswordSchema, config: limited },
    async (request) => {
      const session = requireCitizen(request);
      const { current_password: current, new_password: next } = request.body;
      // A wrong current password counts toward the account's login limits (services/currentPassword.ts).
      const citizen = await verifyCurrentPassword(app, { citizenId: session.id, password: current, ip: request.ip });
      if (next === current) {
        throw new HttpError(400, 'Datos inválidos', [{ path: 'new_password', message: 'La nueva contraseña debe ser distinta de la actual' }]);
      }
      checkNewPassword(next, citizen.cedula, 'new_password', [citizen.email, citizen.nombres, citizen.apellidos]);
      const passwordHash = await app.passwords.hash(next);
      await app.db.transaction(async (tx) => {
        await updatePasswordHash(tx, citizen.id, passwordHash);
        await revokeCitizenSessions(tx, citizen.id, request.sessionTokenHash);
        await queueMail(tx, passwordChangedMail(citizen.email, citizen.nombres));
      });
      app.sessionCache.forgetCitizen(citizen.id);
      app.kickMail();
      return { message: UPDATED };
    },
  );
}
