/**
 * The authenticator app of the tests' staff members: the current TOTP code
 * (otpauth, as any authenticator app computes it) of a member's key. The
 * server takes each code once (a later 30-second step only), so this keeps,
 * per server (`scope`) and member, the last step it handed out and gives the
 * next one: the current step, else the next (the server accepts one step
 * ahead), else it waits for the step to change, as a person would.
 * Used by the API tests (helpers.ts staffLogin) and the browser tests
 * (tests/support/portal.ts staffSignInTo).
 */
import { SANDBOX_STAFF_TOTP_SECRET } from '@portal/api-contract';
import { Secret, TOTP } from 'otpauth';

const PERIOD_MS = 30_000;
const lastSteps = new Map<string, number>();
const secrets = new Map<string, string>();

const keyOf = (scope: string, email: string) => `${scope}\n${email.trim().toLowerCase()}`;

/** Remembers the key a member enrolled (the sandbox accounts have SANDBOX_STAFF_TOTP_SECRET). */
export function rememberStaffSecret(scope: string, email: string, secret: string): void {
  secrets.set(keyOf(scope, email), secret);
}

/** The key of a member (the sandbox's unless the test enrolled another). */
export function staffSecretOf(scope: string, email: string): string {
  return secrets.get(keyOf(scope, email)) ?? SANDBOX_STAFF_TOTP_SECRET;
}

/** The code of `secret` at time step `step`. */
export function totpCodeAt(secret: string, step: number): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: step * PERIOD_MS });
}

/** A code of the member's key the server has not taken yet (waits for the next step when it must). */
export async function nextStaffCode(scope: string, email: string, secret = staffSecretOf(scope, email)): Promise<{ code: string; step: number }> {
  const key = keyOf(scope, email);
  for (;;) {
    const now = Date.now();
    const current = Math.floor(now / PERIOD_MS);
    const step = Math.max(current, (lastSteps.get(key) ?? -1) + 1);
    if (step <= current + 1) {
      lastSteps.set(key, step);
      return { code: totpCodeAt(secret, step), step };
    }
    await new Promise((resolve) => setTimeout(resolve, (current + 1) * PERIOD_MS - now + 100));
  }
}
