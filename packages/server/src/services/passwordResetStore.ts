/**
 * Password reset codes (password_resets), stored only as a keyed HMAC and a seed the same code can
 * be derived from again with the server's key (migration 025): while a code lives, another request
 * sends that code again instead of a new one, so anonymous requests cannot use up the account's
 * codes. Guesses are counted apart for browsers the citizen has signed in on (device_attempts):
 * anonymous wrong guesses that spend a code's attempts do not spend the owner's. pruneExpired.ts
 * deletes the old ones.
 *
 * Every reset mail also carries a link (migration 029, password_reset_links): a single-use token of
 * 32 random bytes, only its SHA-256 stored, tied to the reset row. It cannot be guessed, so wrong
 * code guesses never touch it: when anonymous guesses kill the code, the link of the owner's last mail
 * still works. Using the code or a link marks the row used, which ends both.
 */
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/Db';
import { hashToken } from './sessionStore';

export const RESET_CODE_MINUTES = 30;

/** A live reset code, its attempt already counted (`attempts`: of the kind of browser that guessed). */
export interface PasswordReset {
  id: number;
  code_hmac: string;
  attempts: number;
}

/** The citizen's live code that can be sent again (issued with a seed), or null. */
export interface LiveReset {
  id: number;
  seed: string;
  /** Minutes until it expires (at least 1). */
  minutesLeft: number;
}

/** Stores a new code for the citizen and answers its id; it replaces any earlier one (marked used: its links die too). */
export async function replacePasswordReset(db: Queryable, citizenId: number, codeHmac: string, seed: string): Promise<number> {
  await db.query('UPDATE password_resets SET used_at = now() WHERE citizen_id = $1 AND used_at IS NULL', [citizenId]);
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO password_resets (citizen_id, code_hmac, code_seed, expires_at) VALUES ($1, $2, $3, now() + make_interval(mins => ${RESET_CODE_MINUTES}))
     RETURNING id`,
    [citizenId, codeHmac, seed],
  );
  return rows[0].id;
}

/** The shape of a link's token (32 bytes, base64url): anything else is refused before the database is asked. */
const LINK_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** A new link for the reset row (one per mail); returns the token for the mailed address. */
export async function addPasswordResetLink(db: Queryable, resetId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.query('INSERT INTO password_reset_links (reset_id, token_hash) VALUES ($1, $2)', [resetId, hashToken(token)]);
  return token;
}

/** The account whose live reset (unused, unexpired) the link's token names; null when it is malformed, unknown, used or expired. */
export async function findLiveResetLink(db: Queryable, token: string): Promise<{ citizenId: number } | null> {
  if (!LINK_TOKEN.test(token)) return null;
  const { rows } = await db.query<{ citizenId: number }>(
    `SELECT r.citizen_id AS "citizenId"
       FROM password_reset_links l JOIN password_resets r ON r.id = l.reset_id
      WHERE l.token_hash = $1 AND r.used_at IS NULL AND r.expires_at > now()`,
    [hashToken(token)],
  );
  return rows[0] ?? null;
}

/**
 * Uses the reset the link's token names (atomically: one of two parallel requests, or of the link and
 * the code, wins): the row is marked used, which ends the code and every link of it. Null when the
 * token is malformed, unknown, used or expired. The code's attempt counters are not looked at.
 */
export async function takePasswordResetLink(db: Queryable, token: string): Promise<{ citizenId: number } | null> {
  if (!LINK_TOKEN.test(token)) return null;
  const { rows } = await db.query<{ citizenId: number }>(
    `UPDATE password_resets SET used_at = now()
      WHERE id = (SELECT reset_id FROM password_reset_links WHERE token_hash = $1)
        AND used_at IS NULL AND expires_at > now()
      RETURNING citizen_id AS "citizenId"`,
    [hashToken(token)],
  );
  return rows[0] ?? null;
}

/**
 * The newest unused, unexpired code of the citizen that has a seed and whose anonymous guesses are not
 * used up (`maxAttempts`); null when there is none (a new one is then minted).
 */
/**
 * Takes the citizen's row lock for the rest of the transaction: the issuing of reset codes for one
 * account is serialised across requests and servers (two at once would both find no live code and
 * mint two).
 */
export async function lockResetsOf(tx: Queryable, citizenId: number): Promise<void> {
  await tx.query('SELECT id FROM citizens WHERE id = $1 FOR UPDATE', [citizenId]);
}

export async function findLiveReset(db: Queryable, citizenId: number, maxAttempts: number): Promise<LiveReset | null> {
  const { rows } = await db.query<LiveReset>(
    `SELECT id, code_seed AS seed, greatest(1, ceil(extract(epoch FROM expires_at - now()) / 60))::int AS "minutesLeft"
       FROM password_resets
      WHERE citizen_id = $1 AND used_at IS NULL AND expires_at > now() AND code_seed IS NOT NULL AND attempts < $2
      ORDER BY id DESC LIMIT 1`,
    [citizenId, maxAttempts],
  );
  return rows[0] ?? null;
}

/**
 * Counts one attempt on the citizen's newest live code before it is compared
 * (parallel guesses cannot exceed the limit) and answers it; null when there
 * is none. `trusted`: the guess comes from a browser the citizen signed in on,
 * counted on its own. The caller compares `attempts` with its limit.
 */
export async function takePasswordResetAttempt(db: Queryable, citizenId: number, trusted = false): Promise<PasswordReset | null> {
  const column = trusted ? 'device_attempts' : 'attempts';
  const { rows } = await db.query<PasswordReset>(
    `UPDATE password_resets SET ${column} = ${column} + 1
      WHERE id = (SELECT id FROM password_resets
                   WHERE citizen_id = $1 AND used_at IS NULL AND expires_at > now()
                   ORDER BY id DESC LIMIT 1)
      RETURNING id, code_hmac, ${column} AS attempts`,
    [citizenId],
  );
  return rows[0] ?? null;
}

/** Marks the code used; false when another request used it first. */
export async function usePasswordReset(db: Queryable, resetId: number): Promise<boolean> {
  const { rows } = await db.query('UPDATE password_resets SET used_at = now() WHERE id = $1 AND used_at IS NULL RETURNING id', [resetId]);
  return rows.length > 0;
}
