/**
 * Sends pending outbox messages through SMTP. The outbox row is written in the
 * same transaction as what it announces (a reset code), so nothing is promised
 * that is not recorded; delivery happens after, with up to 5 attempts.
 */
import type { Transporter } from 'nodemailer';
import type { Queryable } from '../../db/Db';

export const MAX_ATTEMPTS = 5;

export async function deliverOutbox(db: Queryable, transport: Pick<Transporter, 'sendMail'>, from: string): Promise<number> {
  const { rows } = await db.query<{ id: number; to_address: string; subject: string; body: string }>(
    `SELECT id, to_address, subject, body FROM outbox WHERE sent_at IS NULL AND attempts < ${MAX_ATTEMPTS} ORDER BY id LIMIT 20`,
  );
  let sent = 0;
  for (const row of rows) {
    try {
      await transport.sendMail({ from, to: row.to_address, subject: row.subject, text: row.body });
      await db.query('UPDATE outbox SET sent_at = now(), attempts = attempts + 1, last_error = NULL WHERE id = $1', [row.id]);
      sent++;
    } catch (error) {
      await db.query('UPDATE outbox SET attempts = attempts + 1, last_error = $2 WHERE id = $1', [row.id, String((error as Error).message).slice(0, 500)]);
    }
  }
  return sent;
}
