import type { Db, Queryable } from '../db/Db';
import { pruneAttemptCounters } from './attemptCounter';
import { pruneChallenges } from './passkeys/passkeyStore';
import { pruneStaffChallenges } from './staff/staffSecondFactor';

/**
 * The transaction-level advisory lock of the pruning: a constant and the
 * schema's hash, so servers on other schemas of one database do not skip
 * each other. On PGlite (one process) the lock is always free.
 */
const PRUNE_LOCK = `pg_try_advisory_xact_lock(1886548589, hashtext('poda:' || current_schema()))`;

/** Rows deleted by one statement. */
async function deleted(tx: Queryable, sql: string): Promise<number> {
  const { rows } = await tx.query<{ n: number }>(`WITH gone AS (${sql} RETURNING 1) SELECT count(*)::int AS n FROM gone`);
  return rows[0].n;
}

/**
 * Deletes what has no use any more: ended sessions, spent or expired reset
 * codes, expired registrations, e-mail changes and trusted browsers, old attempt windows, and
 * delivered mail (a day after delivery; its body is already gone).
 *
 * Runs once at a time across the servers sharing the database: in one
 * transaction that first takes a transaction-level advisory lock without
 * waiting; when another server holds it (it is pruning now), this one skips.
 * Returns the rows deleted, or null when skipped.
 */
export async function pruneExpired(db: Db): Promise<number | null> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ locked: boolean }>(`SELECT ${PRUNE_LOCK} AS locked`);
    if (!rows[0].locked) return null;
    const counts = [
      await deleted(tx, `DELETE FROM sessions WHERE expires_at < now() OR revoked_at < now() - interval '1 day'`),
      await deleted(tx, `DELETE FROM password_resets WHERE expires_at < now() - interval '1 day' OR used_at < now() - interval '1 day'`),
      await deleted(tx, 'DELETE FROM pending_registrations WHERE expires_at < now()'),
      await deleted(tx, 'DELETE FROM trusted_devices WHERE expires_at < now()'),
      await deleted(tx, 'DELETE FROM email_changes WHERE expires_at < now()'),
      await deleted(tx, 'DELETE FROM email_change_undos WHERE expires_at < now()'),
      await deleted(tx, `DELETE FROM outbox WHERE sent_at < now() - interval '1 day'`),
      await pruneStaffChallenges(tx),
      await pruneAttemptCounters(tx),
      await pruneChallenges(tx),
    ];
    return counts.reduce((sum, n) => sum + n, 0);
  });
}
