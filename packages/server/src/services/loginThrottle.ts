/**
 * Login limits, counted before the password is checked (services/attemptCounter.ts):
 * - per cédula and address: 5 per 15 minutes (one address guessing one account);
 * - per address: 20 per 15 minutes (one address trying many cédulas);
 * - per cédula from browsers it does not trust: 30 per hour (guesses from many addresses stay bounded);
 * - per trusted browser of that citizen: 10 per 15 minutes, instead of the previous one, so the
 *   owner still gets in on their own device while the account is under attack from elsewhere.
 * Unknown cédulas are counted the same way: a 429 says nothing about whether an account exists.
 */
import type { Queryable } from '../db/Db';
import { clearAttempts, refundAttempt, takeAttempt, type Limit } from './attemptCounter';

const MINUTES_15 = 15 * 60;
const HOUR = 60 * 60;

export const LOGIN_LIMITS = {
  perCedulaAndAddress: { max: 5, windowSeconds: MINUTES_15 },
  perAddress: { max: 20, windowSeconds: MINUTES_15 },
  perCedula: { max: 30, windowSeconds: HOUR },
  perTrustedDevice: { max: 10, windowSeconds: MINUTES_15 },
} as const;

function limitsFor(cedula: string, ip: string, deviceHash: string | null): Limit[] {
  const limits: Limit[] = [
    { key: `login:cedula-ip:${cedula}:${ip}`, ...LOGIN_LIMITS.perCedulaAndAddress },
    { key: `login:ip:${ip}`, ...LOGIN_LIMITS.perAddress },
  ];
  limits.push(
    deviceHash === null
      ? { key: `login:cedula:${cedula}`, ...LOGIN_LIMITS.perCedula }
      : { key: `login:device:${deviceHash}`, ...LOGIN_LIMITS.perTrustedDevice },
  );
  return limits;
}

/** Counts a login attempt; false when it is over a limit (answer 429 without checking the password). */
export function takeLoginAttempt(db: Queryable, cedula: string, ip: string, deviceHash: string | null): Promise<boolean> {
  return takeAttempt(db, limitsFor(cedula, ip, deviceHash));
}

/** After a correct password: the address's failures on this cédula are forgotten and the attempt is given back. */
export async function loginSucceeded(db: Queryable, cedula: string, ip: string): Promise<void> {
  await clearAttempts(db, `login:cedula-ip:${cedula}:${ip}`);
  await refundAttempt(db, { key: `login:ip:${ip}`, ...LOGIN_LIMITS.perAddress });
}
