import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { isValidCedula } from '@portal/form-engine';
import { HttpError } from '../../http/HttpError';
import type { SchemaTypeProvider } from '../../http/schemaTypeProvider';
import { requireCitizen } from '../../plugins/app/registerAuth';
import { cleanCedula, findCitizenByCedula, findCitizenById, updatePasswordHash } from '../../services/citizenStore';
import { clearLoginFailures } from '../../services/loginThrottle';
import { passwordProblem } from '../../services/passwordPolicy';
import { revokeCitizenSessions } from '../../services/sessionStore';
import { changePasswordSchema, forgotSchema, resetSchema } from './authSchemas';

export const FORGOT_MESSAGE = 'Si la cédula tiene una cuenta, enviamos un código a su correo';
const INVALID_CODE = 'Código inválido o vencido';
const UPDATED = 'Contraseña actualizada';
const CODE_MINUTES = 30;
const MAX_CODE_ATTEMPTS = 5;

const hashCode = (citizenId: number, code: string) => createHash('sha256').update(`${citizenId}:${code}`).digest();

function checkNewPassword(password: string, cedula: string, path: string): void {
  const problem = passwordProblem(password, cedula);
  if (problem !== null) throw new HttpError(400, 'Datos inválidos', [{ path, message: problem }]);
}

/** Forgot / reset (code by e-mail) and change password. */
export async function passwordRoutes(app: FastifyInstance): Promise<void> {
  const typed = app.withTypeProvider<SchemaTypeProvider>();
  const limited = { rateLimit: { max: 10, timeWindow: '15 minutes' } };

  typed.get('/portals/forgot', { schema: forgotSchema, config: limited }, async (request) => {
    const cedula = cleanCedula(request.query.dni);
    const citizen = isValidCedula(cedula) ? await findCitizenByCedula(app.db, cedula) : null;
    if (citizen !== null) {
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await app.db.transaction(async (tx) => {
        // A new code replaces any earlier one.
        await tx.query('UPDATE password_resets SET used_at = now() WHERE citizen_id = $1 AND used_at IS NULL', [citizen.id]);
        await tx.query(
          `INSERT INTO password_resets (citizen_id, code_hash, expires_at)
           VALUES ($1, $2, now() + make_interval(mins => ${CODE_MINUTES}))`,
          [citizen.id, hashCode(citizen.id, code).toString('hex')],
        );
        await tx.query('INSERT INTO outbox (to_address, subject, body) VALUES ($1, $2, $3)', [
          citizen.email,
          'Código para restablecer su contraseña',
          `Hola ${citizen.nombres}:\n\nSu código para restablecer la contraseña es ${code}. Vence en ${CODE_MINUTES} minutos.\n` +
            'Si usted no lo solicitó, ignore este mensaje.',
        ]);
      });
      app.kickMail();
    }
    return { message: FORGOT_MESSAGE };
  });

  typed.post('/portals/auth/citizens/reset', { schema: resetSchema, config: limited }, async (request) => {
    const cedula = cleanCedula(request.body.dni);
    const { code, password } = request.body;
    const citizen = isValidCedula(cedula) ? await findCitizenByCedula(app.db, cedula) : null;
    if (citizen === null) throw new HttpError(400, INVALID_CODE);
    checkNewPassword(password, cedula, 'password');
    const { rows } = await app.db.query<{ id: number; code_hash: string }>(
      `SELECT id, code_hash FROM password_resets
        WHERE citizen_id = $1 AND used_at IS NULL AND expires_at > now() AND attempts < ${MAX_CODE_ATTEMPTS}
        ORDER BY id DESC LIMIT 1`,
      [citizen.id],
    );
    const reset = rows[0];
    if (!reset) throw new HttpError(400, INVALID_CODE);
    if (!timingSafeEqual(Buffer.from(reset.code_hash, 'hex'), hashCode(citizen.id, code))) {
      await app.db.query('UPDATE password_resets SET attempts = attempts + 1 WHERE id = $1', [reset.id]);
      throw new HttpError(400, INVALID_CODE);
    }
    const passwordHash = await app.passwords.hash(password);
    await app.db.transaction(async (tx) => {
      const used = await tx.query('UPDATE password_resets SET used_at = now() WHERE id = $1 AND used_at IS NULL RETURNING id', [reset.id]);
      if (used.rows.length === 0) throw new HttpError(400, INVALID_CODE);
      await updatePasswordHash(tx, citizen.id, passwordHash);
      await revokeCitizenSessions(tx, citizen.id, null);
      await clearLoginFailures(tx, cedula);
    });
    return { message: UPDATED };
  });

  typed.post(
    '/portals/auth/citizens/changepassword',
    { schema: changePasswordSchema, onRequest: app.authenticate, config: limited },
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
      checkNewPassword(next, citizen.cedula, 'new_password');
      const passwordHash = await app.passwords.hash(next);
      await app.db.transaction(async (tx) => {
        await updatePasswordHash(tx, citizen.id, passwordHash);
        await revokeCitizenSessions(tx, citizen.id, request.sessionTokenHash);
      });
      return { message: UPDATED };
    },
  );
}
