/**
 * POST /v1/portals/auth/citizens/email-undo: the link mailed to the old address when the
 * account's e-mail changed (services/profile/emailUndo.ts). Public: whoever holds the old
 * address's mail, not a session (the session may be the attacker's).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../http/HttpError';
import type { SchemaTypeProvider } from '../../http/schemaTypeProvider';
import { findCitizenById, updateCitizenEmail, updatePasswordHash } from '../../services/citizenStore';
import { queueMail } from '../../services/mail/queueMail';
import { emailRestoredMail, emailUndoIsLive, lockAccountAfterUndo, takeEmailUndo } from '../../services/profile/emailUndo';
import { emailUndoSchema } from './authSchemas';

export const INVALID_UNDO_LINK = 'El enlace para deshacer el cambio de correo no es válido: ya se usó o venció (dura 7 días).';
export const UNDONE =
  'Listo: su cuenta vuelve a usar su correo anterior y cerramos todas las sesiones. ' +
  'Para entrar, cree una contraseña nueva con «¿Olvidó su contraseña?»: el código llegará a ese correo.';

export async function emailUndoRoutes(app: FastifyInstance): Promise<void> {
  const typed = app.withTypeProvider<SchemaTypeProvider>();

  typed.post(
    '/portals/auth/citizens/email-undo',
    // Per address only: nothing the holder of the new address does can use up the owner's undo.
    { schema: emailUndoSchema, config: { rateLimit: { max: 10, timeWindow: '15 minutes' } } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      // Unknown, used or expired: answered before any slow work (an anonymous caller cannot make the server hash).
      if (!(await emailUndoIsLive(app.db, request.body.token))) throw new HttpError(400, INVALID_UNDO_LINK);
      // A password nobody knows (hashed before the transaction: the hash is the slow part; the take below stays atomic).
      const lockedHash = await app.passwords.hash(randomBytes(32).toString('base64url'));
      const undone = await app.db.transaction(async (tx) => {
        const undo = await takeEmailUndo(tx, request.body.token);
        if (undo === null) return null;
        const citizen = await findCitizenById(tx, undo.citizenId);
        if (citizen === null) return null;
        await updateCitizenEmail(tx, undo.citizenId, undo.oldEmail);
        await updatePasswordHash(tx, undo.citizenId, lockedHash);
        await lockAccountAfterUndo(tx, undo.citizenId);
        await queueMail(tx, emailRestoredMail(undo.oldEmail, citizen.nombres));
        return undo;
      });
      if (undone === null) throw new HttpError(400, INVALID_UNDO_LINK);
      app.sessionCache.forgetCitizen(undone.citizenId);
      app.kickMail();
      return { message: UNDONE };
    },
  );
}
