/** Registrations waiting for their e-mail code (migration 007). */
import type { Queryable } from '../db/Db';

export const REGISTRATION_CODE_MINUTES = 30;
export const MAX_CODE_ATTEMPTS = 5;
/** Live registrations kept per cédula; a newer one pushes out the oldest. */
const MAX_PENDING_PER_CEDULA = 5;

export interface PendingRegistration {
  tokenHash: string;
  cedula: string;
  email: string;
  passwordHash: string;
  nombres: string;
  apellidos: string;
  codeHmac: string;
  attempts: number;
  /** Seconds since the last code was sent. */
  sentAgo: number;
}

type NewRegistration = Omit<PendingRegistration, 'attempts' | 'sentAgo'>;

/** Stores a registration waiting for its code; the cédula keeps at most five live ones. */
export async function addPendingRegistration(db: Queryable, r: NewRegistration): Promise<void> {
  await db.query(
    `INSERT INTO pending_registrations (token_hash, cedula, email, password_hash, nombres, apellidos, code_hmac, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(mins => ${REGISTRATION_CODE_MINUTES}))`,
    [r.tokenHash, r.cedula, r.email, r.passwordHash, r.nombres, r.apellidos, r.codeHmac],
  );
  await db.query(
    `DELETE FROM pending_registrations WHERE cedula = $1 AND token_hash NOT IN (
       SELECT token_hash FROM pending_registrations WHERE cedula = $1 ORDER BY created_at DESC, token_hash LIMIT ${MAX_PENDING_PER_CEDULA})`,
    [r.cedula],
  );
}

/** The live (unexpired) registration of a token hash, or null. */
export async function findPendingRegistration(db: Queryable, tokenHash: string): Promise<PendingRegistration | null> {
  const { rows } = await db.query<PendingRegistration>(
    `SELECT token_hash AS "tokenHash", cedula, email, password_hash AS "passwordHash", nombres, apellidos,
            code_hmac AS "codeHmac", attempts, extract(epoch FROM now() - sent_at)::float8 AS "sentAgo"
       FROM pending_registrations WHERE token_hash = $1 AND expires_at > now()`,
    [tokenHash],
  );
  return rows[0] ?? null;
}

/**
 * Counts a code attempt before it is compared (so parallel guesses cannot
 * exceed the limit); false when the registration has no attempts left.
 */
export async function takeCodeAttempt(db: Queryable, tokenHash: string): Promise<boolean> {
  const { rows } = await db.query<{ attempts: number }>(
    'UPDATE pending_registrations SET attempts = attempts + 1 WHERE token_hash = $1 RETURNING attempts',
    [tokenHash],
  );
  return rows.length > 0 && rows[0].attempts <= MAX_CODE_ATTEMPTS;
}

/** A new code for the same registration (resend): attempts start again and the expiry moves. */
export async function replaceRegistrationCode(db: Queryable, tokenHash: string, codeHmac: string): Promise<void> {
  await db.query(
    `UPDATE pending_registrations SET code_hmac = $2, attempts = 0, sent_at = now(),
       expires_at = now() + make_interval(mins => ${REGISTRATION_CODE_MINUTES}) WHERE token_hash = $1`,
    [tokenHash, codeHmac],
  );
}

/** Once an account exists for the cédula, no registration of it can be confirmed. */
export async function deleteRegistrationsOf(db: Queryable, cedula: string): Promise<void> {
  await db.query('DELETE FROM pending_registrations WHERE cedula = $1', [cedula]);
}
