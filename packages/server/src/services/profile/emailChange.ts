/**
 * A change of the account's e-mail (migration 013, email_changes): the new
 * address gets a six-digit code, stored only as a keyed HMAC; the address in
 * citizens changes when the code is confirmed, and the old one is told with an undo link
 * (emailUndo.ts).
 */
import { createHmac } from 'node:crypto';
import type { Queryable } from '../../db/Db';
import type { Mail } from '../mail/queueMail';

export const EMAIL_CODE_MINUTES = 30;
export const MAX_EMAIL_CODE_ATTEMPTS = 5;

/** HMAC-SHA256 (hex) of a code, bound to its purpose, the citizen and the new address. */
export function emailCodeHmac(key: Buffer, citizenId: number, newEmail: string, code: string): string {
  return createHmac('sha256', key).update(`correo:${citizenId}:${newEmail}:${code}`).digest('hex');
}

/** Stores (or replaces) the citizen's pending change; attempts start again. */
export async function startEmailChange(db: Queryable, citizenId: number, newEmail: string, hmac: string): Promise<void> {
  await db.query(
    `INSERT INTO email_changes (citizen_id, new_email, code_hmac, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(mins => ${EMAIL_CODE_MINUTES}))
     ON CONFLICT (citizen_id) DO UPDATE SET new_email = $2, code_hmac = $3, attempts = 0, created_at = now(),
       expires_at = now() + make_interval(mins => ${EMAIL_CODE_MINUTES})`,
    [citizenId, newEmail, hmac],
  );
}

/** Drops the citizen's pending change (the citizen went back to the address they have). */
export async function cancelEmailChange(db: Queryable, citizenId: number): Promise<void> {
  await db.query('DELETE FROM email_changes WHERE citizen_id = $1', [citizenId]);
}

/**
 * Counts one code attempt before the code is compared (parallel guesses cannot
 * exceed the limit) and answers the pending change; null when there is none,
 * it expired or its attempts are used up.
 */
export async function takeEmailCodeAttempt(db: Queryable, citizenId: number): Promise<{ newEmail: string; codeHmac: string } | null> {
  const { rows } = await db.query<{ newEmail: string; codeHmac: string; attempts: number }>(
    `UPDATE email_changes SET attempts = attempts + 1 WHERE citizen_id = $1 AND expires_at > now()
     RETURNING new_email AS "newEmail", code_hmac AS "codeHmac", attempts`,
    [citizenId],
  );
  const row = rows[0];
  return row && row.attempts <= MAX_EMAIL_CODE_ATTEMPTS ? { newEmail: row.newEmail, codeHmac: row.codeHmac } : null;
}

/**
 * Takes the pending change that was checked (same address and code): true
 * when it was still there. A newer change (another tab) keeps waiting for its own code.
 */
export async function takeEmailChange(db: Queryable, citizenId: number, change: { newEmail: string; codeHmac: string }): Promise<boolean> {
  const { rows } = await db.query('DELETE FROM email_changes WHERE citizen_id = $1 AND new_email = $2 AND code_hmac = $3 RETURNING citizen_id', [
    citizenId, change.newEmail, change.codeHmac,
  ]);
  return rows.length > 0;
}

/** The mail with the code, to the new address. */
export function emailCodeMail(to: string, nombres: string, code: string): Mail {
  return {
    to,
    subject: 'Código para confirmar su nuevo correo en el Portal Ciudadano',
    body:
      `Hola ${nombres}:\n\nSu código para confirmar este correo como el de su cuenta es ${code}. Vence en ${EMAIL_CODE_MINUTES} minutos.\n` +
      'Si usted no pidió este cambio, ignore este mensaje: su cuenta no cambiará.',
  };
}
