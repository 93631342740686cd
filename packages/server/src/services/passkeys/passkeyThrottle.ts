/**
 * Limits of the passkey sign-in, counted on keys of their own (services/attemptCounter.ts), never
 * on the password's (services/loginThrottle.ts): a password lockout of a cédula, or of an address,
 * never reaches a sign-in with a passkey, and failed passkey answers never lock the password out.
 * A passkey cannot be guessed; the limit only bounds the work one address can ask for.
 */
import type { Queryable } from '../../db/Db';
import { refundAttempt, takeAttempt } from '../attemptCounter';

export const PASSKEY_SIGN_IN_LIMIT = { max: 30, windowSeconds: 15 * 60 } as const;

const limitFor = (ip: string) => ({ key: `passkey-login:ip:${ip}`, ...PASSKEY_SIGN_IN_LIMIT });

/** Counts a passkey sign-in answer from this address; false when over the limit (answer 429 without checking it). */
export function takePasskeySignIn(db: Queryable, ip: string): Promise<boolean> {
  return takeAttempt(db, [limitFor(ip)]);
}

/** A successful sign-in gives its attempt back. */
export function passkeySignInSucceeded(db: Queryable, ip: string): Promise<void> {
  return refundAttempt(db, limitFor(ip));
}
