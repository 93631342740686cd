/**
 * The staff's second factor (migrations 026 and 028, issue 25 §2): an
 * authenticator app (TOTP, RFC 6238, through the `otpauth` library: SHA-1,
 * 6 digits, 30 s, one step either side) or a passkey (./staffPasskeys.ts, on
 * the WebAuthn ceremonies of ../passkeys/webauthn.ts), and ten one-time
 * recovery codes. The password step hands
 * out a login challenge (a short-lived, single-purpose token, never a
 * session); only a correct code turns it into a session.
 *
 * A code is used once: the accepted time step is stored and a code of the
 * same or an earlier step is refused, atomically (one conditional UPDATE), so
 * two requests racing with one code open one session at most.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { Db, Queryable } from '../../db/Db';
import { hashToken } from '../sessionStore';
import { insertStaffPasskey, type NewStaffPasskey } from './staffPasskeys';

/** Who the authenticator app names the account after. */
export const TOTP_ISSUER = 'Portal ciudadano (oficina)';
export const TOTP_PERIOD_SECONDS = 30;
/** How long the step between the password and the code lasts. */
export const CHALLENGE_MINUTES = 5;
export const RECOVERY_CODE_COUNT = 10;

export type ChallengePurpose = 'codigo' | 'alta';

export interface Challenge {
  staffId: number;
  purpose: ChallengePurpose;
  /** The secret offered for enrolment ('alta'); null for 'codigo'. */
  offeredSecret: string | null;
}

function totpOf(secret: string, label = 'personal'): TOTP {
  return new TOTP({ issuer: TOTP_ISSUER, label, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(secret) });
}

/** A new TOTP secret: 20 random bytes (RFC 4226's recommended length), in base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// address an authenticator app reads (its QR code holds the same text). */
export function totpUri(secret: string, email: string): string {
  return totpOf(secret, email).toString();
}

/** The time step a 6-digit code matches (now, one before or one after), or null. */
export function matchingStep(secret: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const totp = totpOf(secret);
  const delta = totp.validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : totp.counter({ timestamp: now }) + delta;
}

/** The member's enrolled secret (null: no authenticator app), last used step and number of passkeys; enrolled when either is there. */
export async function findSecondFactor(db: Queryable, staffId: number): Promise<{ secret: string | null; lastStep: number | null; passkeys: number }> {
  const { rows } = await db.query<{ totp_secret: string | null; totp_last_step: string | null; passkeys: number }>(
    'SELECT totp_secret, totp_last_step, (SELECT count(*)::int FROM staff_passkeys p WHERE p.staff_id = s.id) AS passkeys FROM staff s WHERE id = $1',
    [staffId],
  );
  const row = rows[0];
  return {
    secret: row?.totp_secret ?? null,
    lastStep: row?.totp_last_step === null || row?.totp_last_step === undefined ? null : Number(row.totp_last_step),
    passkeys: row?.passkeys ?? 0,
  };
}

/** Takes the step for the member: true once per step, only when it is later than the last one taken. */
export async function takeTotpStep(db: Queryable, staffId: number, step: number): Promise<boolean> {
  const { rows } = await db.query(
    'UPDATE staff SET totp_last_step = $2 WHERE id = $1 AND totp_secret IS NOT NULL AND (totp_last_step IS NULL OR totp_last_step < $2) RETURNING id',
    [staffId, step],
  );
  return rows.length === 1;
}

/** Opens the step after a correct password; returns the token (only its SHA-256 is stored). */
export async function createChallenge(db: Queryable, staffId: number, purpose: ChallengePurpose, offeredSecret: string | null): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.query(
    `INSERT INTO staff_login_challenges (token_hash, staff_id, purpose, totp_secret, expires_at)
     VALUES ($1, $2, $3, $4, now() + make_interval(mins => $5))`,
    [hashToken(token), staffId, purpose, offeredSecret, CHALLENGE_MINUTES],
  );
  return token;
}

/** A live, unused challenge of an active member, or null. */
export async function findChallenge(db: Queryable, token: string): Promise<Challenge | null> {
  const { rows } = await db.query<{ staff_id: number; purpose: ChallengePurpose; totp_secret: string | null }>(
    `SELECT c.staff_id, c.purpose, c.totp_secret FROM staff_login_challenges c JOIN staff s ON s.id = c.staff_id
      WHERE c.token_hash = $1 AND c.used_at IS NULL AND c.expires_at > now() AND s.active`,
    [hashToken(token)],
  );
  const row = rows[0];
  return row ? { staffId: row.staff_id, purpose: row.purpose, offeredSecret: row.totp_secret } : null;
}

/** Marks the challenge used; false when another request used it first. */
export async function useChallenge(db: Queryable, token: string): Promise<boolean> {
  const { rows } = await db.query('UPDATE staff_login_challenges SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL RETURNING 1', [hashToken(token)]);
  return rows.length === 1;
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A recovery code as the member reads it: 16 characters (≈ 78 bits) in groups of four. */
function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < 16; i += 1) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return code.match(/.{4}/g)!.join('-');
}

/** What is compared: lower case, without spaces or dashes. */
const normalizeRecoveryCode = (code: string): string => code.toLowerCase().replace(/[\s-]/g, '');

/**
 * An enrolment in one transaction: locks the member's row, and only when they
 * have no factor yet (neither an app nor a passkey: two tabs, or two pending
 * sign-ins, enrol one factor at most) runs `write`, then replaces the recovery
 * codes by ten new ones and returns them (the only time they are seen).
 * Null when the member has a factor already (or `write` declined).
 */
async function enrol(db: Db, staffId: number, write: (tx: Queryable) => Promise<boolean>): Promise<string[] | null> {
  return db.transaction(async (tx) => {
    // The lock first, the check in a statement of its own: it sees what a racing enrolment committed.
    const locked = await tx.query('SELECT id FROM staff WHERE id = $1 FOR UPDATE', [staffId]);
    if (locked.rows.length === 0) return null;
    const { rows } = await tx.query<{ free: boolean }>(
      'SELECT totp_secret IS NULL AND NOT EXISTS (SELECT 1 FROM staff_passkeys p WHERE p.staff_id = s.id) AS free FROM staff s WHERE id = $1',
      [staffId],
    );
    if (!rows[0]?.free || !(await write(tx))) return null;
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await tx.query('DELETE FROM staff_recovery_codes WHERE staff_id = $1', [staffId]);
    await tx.query('INSERT INTO staff_recovery_codes (staff_id, code_hash) SELECT $1, unnest($2::text[])', [staffId, codes.map((c) => hashToken(normalizeRecoveryCode(c)))]);
    return codes;
  });
}

/**
 * Enrols the secret the member confirmed with a code of `step` and returns
 * the ten recovery codes. Null when the member has a factor already.
 */
export async function enrolSecondFactor(db: Db, staffId: number, secret: string, step: number): Promise<string[] | null> {
  return enrol(db, staffId, async (tx) => {
    const { rows } = await tx.query('UPDATE staff SET totp_secret = $2, totp_last_step = $3, totp_enrolled_at = now() WHERE id = $1 RETURNING id', [staffId, secret, step]);
    return rows.length === 1;
  });
}

/**
 * Enrols a verified passkey (the answer to the registration options) as the
 * member's factor and returns the ten recovery codes. Null when the member has
 * a factor already or the credential is registered already.
 */
export async function enrolPasskeyFactor(db: Db, staffId: number, passkey: NewStaffPasskey): Promise<string[] | null> {
  return enrol(db, staffId, (tx) => insertStaffPasskey(tx, staffId, passkey));
}

/** Uses one recovery code of the member: true once per code. */
export async function useRecoveryCode(db: Queryable, staffId: number, code: string): Promise<boolean> {
  const normalized = normalizeRecoveryCode(code);
  if (!/^[a-z0-9]{16}$/.test(normalized)) return false;
  const { rows } = await db.query(
    'UPDATE staff_recovery_codes SET used_at = now() WHERE staff_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING 1',
    [staffId, hashToken(normalized)],
  );
  return rows.length === 1;
}

/** Recovery codes the member has not used yet. */
export async function recoveryCodesLeft(db: Queryable, staffId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM staff_recovery_codes WHERE staff_id = $1 AND used_at IS NULL', [staffId]);
  return rows[0].n;
}

/**
 * An administrator's reset: the member's factors (app and passkeys) and recovery codes are gone,
 * their sessions and pending sign-ins end; they enrol again at the next
 * sign-in. In the caller's transaction (with its audit row). False: no such member.
 */
export async function resetSecondFactor(tx: Queryable, staffId: number): Promise<boolean> {
  const { rows } = await tx.query('UPDATE staff SET totp_secret = NULL, totp_last_step = NULL, totp_enrolled_at = NULL WHERE id = $1 RETURNING id', [staffId]);
  if (rows.length === 0) return false;
  await tx.query('DELETE FROM staff_recovery_codes WHERE staff_id = $1', [staffId]);
  await tx.query('DELETE FROM staff_passkeys WHERE staff_id = $1', [staffId]);
  await tx.query('UPDATE staff_login_challenges SET used_at = now() WHERE staff_id = $1 AND used_at IS NULL', [staffId]);
  await tx.query('UPDATE staff_sessions SET revoked_at = now() WHERE staff_id = $1 AND revoked_at IS NULL', [staffId]);
  return true;
}

/** Gives a member without a factor (no app, no passkey) the given secret (the sandbox's documented accounts). */
export async function presetSecondFactor(db: Queryable, staffId: number, secret: string): Promise<void> {
  await db.query(
    'UPDATE staff s SET totp_secret = $2, totp_enrolled_at = now() WHERE id = $1 AND totp_secret IS NULL AND NOT EXISTS (SELECT 1 FROM staff_passkeys p WHERE p.staff_id = s.id)',
    [staffId, secret],
  );
}

/** Deletes the challenges that ended (pruneExpired). */
export async function pruneStaffChallenges(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `WITH gone AS (DELETE FROM staff_login_challenges WHERE expires_at < now() - interval '1 day' RETURNING 1) SELECT count(*)::int AS n FROM gone`,
  );
  return rows[0].n;
}
