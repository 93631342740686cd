import type { FastifyInstance } from 'fastify';
import { isValidCedula } from '@portal/form-engine';
import { passwordProblem } from '@portal/form-engine/password';
import { HttpError } from '../../http/HttpError';
import { TOO_MANY_ATTEMPTS } from '../../http/installErrorHandler';
import type { SchemaTypeProvider } from '../../http/schemaTypeProvider';
import { requireCitizen } from '../../plugins/app/registerAuth';
import { clearAttempts, takeAttempt } from '../../services/attemptCounter';
import { cleanCedula, findCitizenByCedula, findCitizenById, updatePasswordHash, type CitizenRecord } from '../../services/citizenStore';
import { queueMail } from '../../services/mail/queueMail';
import { codeHmac, newCode, sameHmac } from '../../services/oneTimeCode';
import { replacePasswordReset, RESET_CODE_MINUTES, takePasswordResetAttempt, usePasswordReset } from '../../services/passwordResetStore';
import { revokeCitizenSessions } from '../../services/sessionStore';
import { changePasswordSchema, forgotSchema, resetSchema } from './authSchemas';

export const FORGOT_MESSAGE = 'Si la cédula tiene una cuenta, enviamos un código a su correo';
const INVALID_CODE = 'Código inválido o vencido';
const UPDATED = 'Contraseña actualizada';
const MAX_CODE_ATTEMPTS = 5;
const HOUR = 3600;
/** Per address, on each route of this file. */
const limited = { rateLimit: { max: 10, timeWindow: '15 minutes' } };

function checkNewPassword(password: string, cedula: string, path: string, personal: string[] = []): void {
  const problem = passwordProblem(password, cedula, personal);
  if (problem !== null) throw new HttpError(400, 'Datos inválidos', [{ path, message: problem }]);
}

/** Forgot / reset (code by e-mail): public, the account's entry when its password is lost. */
export async function passwordPublicRoutes(app: FastifyInstance): Promise<void> {
  const typed = app.withTypeProvider<SchemaTypeProvider>();

  /** Issues a reset code: runs after the answer is sent, so its time says nothing about the account. */
  const issueResetCode = async (citizen: CitizenRecord) => {
    // At most three codes an hour per account, whoever asks: more are silently not sent.
    if (!(await takeAttempt(app.db, [{ key: `forgot:citizen:${citizen.id}`, max: 3, windowSeconds: HOUR }]))) return;
    const code = newCode();
    await app.db.transaction(async (tx) => {
      // A new code replaces any earlier one.
      await replacePasswordReset(tx, citizen.id, codeHmac(app.secretKey, 'restablecer', citizen.id, code));
      await queueMail(tx, {
        to: citizen.email,
        subject: 'Código para restablecer su contraseña',
        body:
          `Hola ${citizen.nombres}:\n\nSu código para restablecer la contraseña es ${code}. Vence en ${RESET_CODE_MINUTES} minutos.\n` +
          'Si usted no lo solicitó, ignore este mensaje: su contraseña no cambia.',
      });
    });
    app.kickMail();
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

  typed.post('/portals/auth/citizens/reset', { schema: resetSchema, config: limited }, async (request) => {
    const cedula = cleanCedula(request.body.dni);
    const { code, password } = request.body;
    if (!isValidCedula(cedula)) throw new HttpError(400, INVALID_CODE);
    // The same checks, in the same order, whether or not the cédula has an account.
    checkNewPassword(password, cedula, 'password');
    if (!(await takeAttempt(app.db, [{ key: `reset:cedula:${cedula}`, max: 10, windowSeconds: HOUR }]))) throw new HttpError(429, TOO_MANY_ATTEMPTS);
    const citizen = await findCitizenByCedula(app.db, cedula);
    // The attempt is counted before the comparison, so parallel guesses cannot exceed five per code.
    const reset = await takePasswordResetAttempt(app.db, citizen?.id ?? 0);
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
      const citizen = await findCitizenById(app.db, session.id);
      if (citizen === null) throw new HttpError(401, 'Unauthenticated.');
      if (!(await app.passwords.verify(citizen.passwordHash, current))) {
        throw new HttpError(400, 'La contraseña actual es incorrecta', [{ path: 'current_password', message: 'La contraseña actual es incorrecta' }]);
      }
      if (next === current) {
        throw new HttpError(400, 'Datos inválidos', [{ path: 'new_password', message: 'La nueva contraseña debe ser distinta de la actual' }]);
      }
      checkNewPassword(next, citizen.cedula, 'new_password', [citizen.email, citizen.nombres, citizen.apellidos]);
      const passwordHash = await app.passwords.hash(next);
      await app.db.transaction(async (tx) => {
        await updatePasswordHash(tx, citizen.id, passwordHash);
        await revokeCitizenSessions(tx, citizen.id, request.sessionTokenHash);
      });
      app.sessionCache.forgetCitizen(citizen.id);
      return { message: UPDATED };
    },
  );
}
