/**
 * Sends pending outbox messages through SMTP. The outbox row is written in the
 * same transaction as what it announces (a reset code), so nothing is promised
 * that is not recorded; delivery happens after, with up to MAX_ATTEMPTS
 * attempts spaced by a growing pause (retryDelaySeconds: 30 s, doubling, at
 * most an hour; about three hours in all), so an SMTP relay down for a while
 * delays mail instead of losing it.
 *
 * Several servers may deliver one outbox at the same time: each message is
 * claimed with one UPDATE over a `FOR UPDATE SKIP LOCKED` pick before it is
 * sent, so two servers never send the same message. The claim lasts
 * CLAIM_LEASE; a server that stops between claiming and recording the send
 * leaves a claim that expires, and the message is sent again after it (a
 * message is sent at least once, and twice only after such a crash). Every
 * attempt carries the message's own Message-ID (`<uuid@domain of MAIL_FROM>`),
 * so the second copy that such a crash can cause is the same message to the
 * recipient's mail system, not a new one.
 * A delivered or given-up message loses its body: one-time codes are not kept.
 */
import type { Queryable } from '../../db/Db';

export const MAX_ATTEMPTS = 10;
/** The first pause after a failed attempt; it doubles after each one. */
const FIRST_RETRY_SECONDS = 30;
/** The longest pause between two attempts. */
const LONGEST_RETRY_SECONDS = 3600;

/** How long a message waits after its `failures`-th failed attempt before the next one. */
export function retryDelaySeconds(failures: number): number {
  return Math.min(FIRST_RETRY_SECONDS * 2 ** Math.max(0, failures - 1), LONGEST_RETRY_SECONDS);
}
/** Longer than any SMTP exchange should take, so a live sender never loses its claim. */
const CLAIM_LEASE = '5 minutes';
/** Messages per call (each claimed and sent one after the other). */
export const BATCH = 20;

/** What deliverOutbox needs of a mail transport (a nodemailer transport fits). */
export interface OutboxTransport {
  sendMail(message: { from: string; to: string; subject: string; text: string; messageId?: string }): Promise<unknown>;
}

interface Claimed {
  id: number;
  to_address: string;
  subject: string;
  body: string;
  message_id: string;
  /** Attempts made before this one. */
  attempts: number;
}

/**
 * Claims the oldest deliverable message not tried in this call yet. Under READ
 * COMMITTED, a row another server has just claimed is either locked (skipped)
 * or re-checked after its commit (its claimed_until now excludes it).
 */
async function claimNext(db: Queryable, tried: number[]): Promise<Claimed | null> {
  const { rows } = await db.query<Claimed>(
    `UPDATE outbox SET claimed_until = now() + interval '${CLAIM_LEASE}'
     WHERE id = (
       SELECT id FROM outbox
       WHERE sent_at IS NULL AND attempts < $1 AND (claimed_until IS NULL OR claimed_until < now())
         AND NOT (id = ANY($2::int[]))
       ORDER BY id LIMIT 1
       FOR UPDATE SKIP LOCKED
     )
     RETURNING id, to_address, subject, body, message_id, attempts`,
    [MAX_ATTEMPTS, tried],
  );
  return rows[0] ?? null;
}

/** The domain of the sender's address (`Portal <no-responder@portal.gob.do>` → portal.gob.do), for Message-IDs. */
export function messageIdDomain(from: string): string {
  const address = /<([^>]*)>/.exec(from)?.[1] ?? from;
  const domain = address.slice(address.lastIndexOf('@') + 1).trim().toLowerCase();
  return /^[a-z0-9.-]+$/.test(domain) && domain.includes('.') ? domain : 'portal.invalid';
}

/** Delivers up to 20 pending messages; returns how many were sent. Each message is tried once per call. */
export async function deliverOutbox(db: Queryable, transport: OutboxTransport, from: string): Promise<number> {
  const tried: number[] = [];
  const domain = messageIdDomain(from);
  let sent = 0;
  for (let i = 0; i < BATCH; i++) {
    const row = await claimNext(db, tried);
    if (row === null) break;
    tried.push(row.id);
    try {
      await transport.sendMail({ from, to: row.to_address, subject: row.subject, text: row.body, messageId: `<${row.message_id}@${domain}>` });
    } catch (error) {
      // The claim becomes the pause before the next attempt: no server takes it again before then.
      await db.query(
        `UPDATE outbox SET attempts = attempts + 1, last_error = $2,
           claimed_until = now() + make_interval(secs => $4),
           body = CASE WHEN attempts + 1 >= $3 THEN '' ELSE body END
         WHERE id = $1`,
        [row.id, String((error as Error).message).slice(0, 500), MAX_ATTEMPTS, retryDelaySeconds(row.attempts + 1)],
      );
      continue;
    }
    await db.query(`UPDATE outbox SET sent_at = now(), attempts = attempts + 1, last_error = NULL, claimed_until = NULL, body = '' WHERE id = $1`, [row.id]);
    sent++;
  }
  return sent;
}
