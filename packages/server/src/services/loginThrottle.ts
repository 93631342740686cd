import type { Queryable } from '../db/Db';

/** Failures allowed per cédula, and per client address, inside the window. */
export const MAX_FAILURES_PER_CEDULA = 5;
export const MAX_FAILURES_PER_IP = 20;
export const THROTTLE_WINDOW_MINUTES = 15;

const WINDOW = `now() - make_interval(mins => ${THROTTLE_WINDOW_MINUTES})`;

/** True when the cédula or the address already used up its failed attempts. */
export async function isLoginLocked(db: Queryable, cedula: string, ip: string): Promise<boolean> {
  const { rows } = await db.query<{ by_cedula: number; by_ip: number }>(
    `SELECT
       (SELECT count(*)::int FROM login_attempts WHERE cedula = $1 AND created_at > ${WINDOW}) AS by_cedula,
       (SELECT count(*)::int FROM login_attempts WHERE ip = $2 AND created_at > ${WINDOW}) AS by_ip`,
    [cedula, ip],
  );
  return rows[0].by_cedula >= MAX_FAILURES_PER_CEDULA || rows[0].by_ip >= MAX_FAILURES_PER_IP;
}

export async function recordLoginFailure(db: Queryable, cedula: string, ip: string): Promise<void> {
  await db.query('INSERT INTO login_attempts (cedula, ip) VALUES ($1, $2)', [cedula, ip]);
}

/** After a successful login or a password reset: forget the cédula's failures and prune old rows. */
export async function clearLoginFailures(db: Queryable, cedula: string): Promise<void> {
  await db.query(`DELETE FROM login_attempts WHERE cedula = $1 OR created_at < now() - interval '1 day'`, [cedula]);
}
