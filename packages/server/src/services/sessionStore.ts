import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/Db';

/** Public view of a citizen, as the API returns it. */
export interface CitizenView {
  id: number;
  cedula: string;
  nombres: string;
  apellidos: string;
  email: string;
}

/** SHA-256 (hex) of a session token: the only form stored. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Opens a session: 32 random bytes (base64url) handed to the client, its hash stored with an expiry. */
export async function createSession(db: Queryable, citizenId: number, ttlHours: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.query(
    `INSERT INTO sessions (token_hash, citizen_id, expires_at)
     VALUES ($1, $2, now() + make_interval(secs => $3::double precision))`,
    [hashToken(token), citizenId, ttlHours * 3600],
  );
  return token;
}

/** The citizen owning a live (unexpired, unrevoked) session, or null. */
export async function findSessionCitizen(db: Queryable, tokenHash: string): Promise<CitizenView | null> {
  const { rows } = await db.query<CitizenView>(
    `SELECT c.id, c.cedula, c.nombres, c.apellidos, c.email
       FROM sessions s JOIN citizens c ON c.id = s.citizen_id
      WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now()`,
    [tokenHash],
  );
  return rows[0] ?? null;
}

export async function revokeSession(db: Queryable, tokenHash: string): Promise<void> {
  await db.query('UPDATE sessions SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL', [tokenHash]);
}

/** Revokes every live session of a citizen except `keepHash` (null revokes all). */
export async function revokeCitizenSessions(db: Queryable, citizenId: number, keepHash: string | null): Promise<void> {
  await db.query(
    `UPDATE sessions SET revoked_at = now()
      WHERE citizen_id = $1 AND revoked_at IS NULL AND ($2::text IS NULL OR token_hash <> $2::text)`,
    [citizenId, keepHash],
  );
}
