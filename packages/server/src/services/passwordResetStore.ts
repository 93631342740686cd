/** Password reset codes (password_resets), stored only as a keyed HMAC; pruneExpired.ts deletes the old ones. */
import type { Queryable } from '../db/Db';

export const RESET_CODE_MINUTES = 30;

/** A live reset code, its attempt already counted. */
export interface PasswordReset {
  id: number;
  code_hmac: string;
  attempts: number;
}

/** Stores a new code for the citizen; it replaces any earlier one (marked used). */
export async function replacePasswordReset(db: Queryable, citizenId: number, codeHmac: string): Promise<void> {
  await db.query('UPDATE password_resets SET used_at = now() WHERE citizen_id = $1 AND used_at IS NULL', [citizenId]);
  await db.query(
    `INSERT INTO password_resets (citizen_id, code_hmac, expires_at) VALUES ($1, $2, now() + make_interval(mins => ${RESET_CODE_MINUTES}))`,
    [citizenId, codeHmac],
  );
}

/**
 * Counts one attempt on the citizen's newest live code before it is compared
 * (parallel guesses cannot exceed the limit) and answers it; null when there
 * is none. The caller compares `attempts` with its limit.
 */
export async function takePasswordResetAttempt(db: Queryable, citizenId: number): Promise<PasswordReset | null> {
  const { rows } = await db.query<PasswordReset>(
    `UPDATE password_resets SET attempts = attempts + 1
      WHERE id = (SELECT id FROM password_resets
                   WHERE citizen_id = $1 AND used_at IS NULL AND expires_at > now()
                   ORDER BY id DESC LIMIT 1)
      RETURNING id, code_hmac, attempts`,
    [citizenId],
  );
  return rows[0] ?? null;
}

/** Marks the code used; false when another request used it first. */
export async function usePasswordReset(db: Queryable, resetId: number): Promise<boolean> {
  const { rows } = await db.query('UPDATE password_resets SET used_at = now() WHERE id = $1 AND used_at IS NULL RETURNING id', [resetId]);
  return rows.length > 0;
}
