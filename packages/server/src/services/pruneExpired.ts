import type { Queryable } from '../db/Db';
import { pruneAttemptCounters } from './attemptCounter';

/**
 * Deletes what has no use any more: ended sessions, spent or expired reset
 * codes, expired registrations, e-mail changes and trusted browsers, old attempt windows, and
 * delivered mail (a day after delivery; its body is already gone).
 */
export async function pruneExpired(db: Queryable): Promise<void> {
  await db.query(`DELETE FROM sessions WHERE expires_at < now() OR revoked_at < now() - interval '1 day'`);
  await db.query(`DELETE FROM password_resets WHERE expires_at < now() - interval '1 day' OR used_at < now() - interval '1 day'`);
  await db.query('DELETE FROM pending_registrations WHERE expires_at < now()');
  await db.query('DELETE FROM trusted_devices WHERE expires_at < now()');
  await db.query('DELETE FROM email_changes WHERE expires_at < now()');
  await db.query(`DELETE FROM outbox WHERE sent_at < now() - interval '1 day'`);
  await pruneAttemptCounters(db);
}
