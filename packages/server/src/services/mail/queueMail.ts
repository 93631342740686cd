import type { Queryable } from '../../db/Db';

/** One message for the outbox. */
export interface Mail {
  to: string;
  subject: string;
  body: string;
}

/**
 * Queues a message in the outbox, normally inside the transaction of what it
 * announces (a code is never promised without being recorded). Delivery
 * happens after (plugins/app/registerMailer.ts).
 */
export async function queueMail(db: Queryable, mail: Mail): Promise<void> {
  await db.query('INSERT INTO outbox (to_address, subject, body) VALUES ($1, $2, $3)', [mail.to, mail.subject, mail.body]);
}
