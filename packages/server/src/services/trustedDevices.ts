/**
 * Browsers where a citizen has logged in ("device cookies"): login attempts
 * that present one are counted on their own, so an attacker guessing from
 * other addresses cannot lock the owner out, while guesses without it stay
 * bounded per account.
 */
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/Db';
import { hashToken } from './sessionStore';

export const DEVICE_COOKIE = 'device';
export const DEVICE_TTL_DAYS = 180;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The cookie's options: sent only to the citizen's sign-in routes (login, reset), never readable by scripts. */
export function deviceCookieOptions(secure: boolean) {
  return { path: '/v1/portals/auth/citizens', httpOnly: true, sameSite: 'strict', secure, maxAge: DEVICE_TTL_DAYS * 86400 } as const;
}

/** Records a new trusted browser for the citizen; returns the cookie value. */
export async function issueDevice(db: Queryable, citizenId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.query(
    `INSERT INTO trusted_devices (token_hash, citizen_id, expires_at) VALUES ($1, $2, now() + make_interval(days => ${DEVICE_TTL_DAYS}))`,
    [hashToken(token), citizenId],
  );
  return token;
}

/** The hash of the cookie when it names a live trusted browser of this citizen, else null. */
export async function trustedDeviceHash(db: Queryable, token: string | undefined, citizenId: number | null): Promise<string | null> {
  if (citizenId === null || token === undefined || !TOKEN.test(token)) return null;
  const tokenHash = hashToken(token);
  const { rows } = await db.query('SELECT 1 FROM trusted_devices WHERE token_hash = $1 AND citizen_id = $2 AND expires_at > now()', [tokenHash, citizenId]);
  return rows.length > 0 ? tokenHash : null;
}
