/**
 * Undoing an e-mail change from the OLD address (migration 025, email_change_undos). When a
 * change is applied, the old address gets a link with a single-use random token (32 bytes, only
 * its SHA-256 stored) valid 7 days. Undoing restores the old address and locks the account until
 * the owner sets a new password through the usual reset (sent to the restored address): every
 * session, trusted browser, passkey, pending change and live reset code of the account ends, so whoever
 * changed the e-mail (and perhaps the password) is out.
 *
 * Nothing the new address's holder can do blocks it: the token lives apart from sessions and
 * passwords, a later change of e-mail leaves it valid, and undoing an earlier change voids the
 * undo links of the later ones (those would restore the attacker's address).
 */
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/Db';
import type { Mail } from '../mail/queueMail';
import { hashToken } from '../sessionStore';

export const EMAIL_UNDO_DAYS = 7;
/** The app's page that asks for the undo (app/src/config/paths.ts, emailUndo). */
export const EMAIL_UNDO_PATH = '/cuenta/deshacer-cambio-correo';
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** Records the undo of a change just applied; returns the token for the mailed link. */
export async function recordEmailUndo(db: Queryable, citizenId: number, oldEmail: string, newEmail: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.query(
    `INSERT INTO email_change_undos (citizen_id, token_hash, old_email, new_email, expires_at)
     VALUES ($1, $2, $3, $4, now() + make_interval(days => ${EMAIL_UNDO_DAYS}))`,
    [citizenId, hashToken(token), oldEmail, newEmail],
  );
  return token;
}

/** Whether the token names a live (unused, unexpired) undo: a cheap check before the slow work of taking it. */
export async function emailUndoIsLive(db: Queryable, token: string): Promise<boolean> {
  if (!TOKEN.test(token)) return false;
  const { rows } = await db.query('SELECT 1 FROM email_change_undos WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()', [hashToken(token)]);
  return rows.length > 0;
}

export interface EmailUndo {
  id: number;
  citizenId: number;
  oldEmail: string;
  newEmail: string;
}

/**
 * Uses the undo the token names (atomically: one of two parallel requests wins) and voids the
 * undos of the citizen's later changes. Null when the token is malformed, unknown, used or expired.
 */
export async function takeEmailUndo(db: Queryable, token: string): Promise<EmailUndo | null> {
  if (!TOKEN.test(token)) return null;
  const { rows } = await db.query<EmailUndo>(
    `UPDATE email_change_undos SET used_at = now()
      WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
      RETURNING id, citizen_id AS "citizenId", old_email AS "oldEmail", new_email AS "newEmail"`,
    [hashToken(token)],
  );
  const undo = rows[0];
  if (!undo) return null;
  await db.query('UPDATE email_change_undos SET used_at = now() WHERE citizen_id = $1 AND id > $2 AND used_at IS NULL', [undo.citizenId, undo.id]);
  return undo;
}

/**
 * Ends every way into the account but the restored address: sessions, trusted browsers,
 * the pending e-mail change and live reset codes (those went to the other address). The
 * caller also replaces the password hash with one nobody knows.
 */
export async function lockAccountAfterUndo(db: Queryable, citizenId: number): Promise<void> {
  await db.query('UPDATE sessions SET revoked_at = now() WHERE citizen_id = $1 AND revoked_at IS NULL', [citizenId]);
  await db.query('DELETE FROM trusted_devices WHERE citizen_id = $1', [citizenId]);
  await db.query('DELETE FROM email_changes WHERE citizen_id = $1', [citizenId]);
  await db.query('UPDATE password_resets SET used_at = now() WHERE citizen_id = $1 AND used_at IS NULL', [citizenId]);
  // A passkey added by whoever held the account would let them back in (migration 027): the owner adds theirs again.
  await db.query('DELETE FROM citizen_passkeys WHERE citizen_id = $1', [citizenId]);
}

/** The notice to the old address once a change is applied, with the undo link. */
export function emailChangedMail(to: string, nombres: string, newEmail: string, undoUrl: string): Mail {
  return {
    to,
    subject: 'El correo de su cuenta del Portal Ciudadano cambió',
    body:
      `Hola ${nombres}:\n\nEl correo de su cuenta del Portal Ciudadano ahora es ${newEmail}. Desde ahora los avisos y códigos llegarán allí.\n\n` +
      `Si usted no hizo este cambio, deshágalo en los próximos ${EMAIL_UNDO_DAYS} días con este enlace (sirve una sola vez):\n${undoUrl}\n\n` +
      'Al deshacerlo volveremos a usar esta dirección, cerraremos todas las sesiones de su cuenta y le pediremos crear una contraseña nueva ' +
      'con «¿Olvidó su contraseña?»: el código llegará a esta dirección.',
  };
}

/** The confirmation to the restored address. */
export function emailRestoredMail(to: string, nombres: string): Mail {
  return {
    to,
    subject: 'Deshicimos el cambio de correo de su cuenta del Portal Ciudadano',
    body:
      `Hola ${nombres}:\n\nEl correo de su cuenta vuelve a ser ${to}. Cerramos todas las sesiones abiertas.\n` +
      'Para volver a entrar, cree una contraseña nueva con «¿Olvidó su contraseña?» en el Portal Ciudadano: el código llegará a esta dirección.',
  };
}
