/**
 * The current password, asked again before a session changes how the account is reached
 * (ASVS 5.0 V6.4/V7.5; docs/operations.md «Cuentas»): changing the e-mail or the password, or a
 * sign-in method (passkeys). One function for every such route, so each one counts attempts the
 * same way: a wrong current password counts toward the account's login limits
 * (services/loginThrottle.ts, as a login from that address without a trusted browser), so a
 * stolen session cannot guess the password faster than a login could.
 */
import type { Queryable } from '../db/Db';
import { HttpError } from '../http/HttpError';
import { TOO_MANY_ATTEMPTS } from '../http/installErrorHandler';
import { findCitizenById, type CitizenRecord } from './citizenStore';
import { loginSucceeded, takeLoginAttempt } from './loginThrottle';
import type { PasswordHasher } from './passwordHasher';

export const WRONG_CURRENT_PASSWORD = 'La contraseña actual no es correcta';
export const MISSING_CURRENT_PASSWORD = 'Escriba su contraseña actual para confirmar el cambio';

export interface CurrentPasswordCheck {
  citizenId: number;
  /** What the citizen typed; empty or absent answers 400 without counting an attempt. */
  password: string | undefined;
  /** The client's address (request.ip: trust-proxy aware). */
  ip: string;
  /** The field the 400 names (default `current_password`). */
  field?: string;
}

/**
 * Checks the signed-in citizen's current password. Answers the citizen's record when it is
 * right; throws 400 «La contraseña actual no es correcta» (on `field`) when wrong, 429 when the
 * account's or the address's login limit is used up (the password is then not checked), 401
 * when the citizen no longer exists. Nothing is changed by a failed check but the counters.
 */
export async function verifyCurrentPassword(
  deps: { db: Queryable; passwords: PasswordHasher },
  { citizenId, password, ip, field = 'current_password' }: CurrentPasswordCheck,
): Promise<CitizenRecord> {
  if (password === undefined || password === '') throw new HttpError(400, MISSING_CURRENT_PASSWORD, [{ path: field, message: MISSING_CURRENT_PASSWORD }]);
  const citizen = await findCitizenById(deps.db, citizenId);
  if (citizen === null) throw new HttpError(401, 'Unauthenticated.');
  // Counted before the hash, like a login: over a limit, the password is not checked.
  if (!(await takeLoginAttempt(deps.db, citizen.cedula, ip, null))) throw new HttpError(429, TOO_MANY_ATTEMPTS);
  if (!(await deps.passwords.verify(citizen.passwordHash, password))) {
    throw new HttpError(400, WRONG_CURRENT_PASSWORD, [{ path: field, message: WRONG_CURRENT_PASSWORD }]);
  }
  await loginSucceeded(deps.db, citizen.cedula, ip);
  return citizen;
}
