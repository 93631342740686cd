/**
 * Prints the current 6-digit code of an authenticator key (TOTP, RFC 6238),
 * as an authenticator app would show it: for the sandbox's staff accounts
 * (README) without installing an app.
 *   npm run staff:code                 the sandbox accounts' key (SANDBOX_STAFF_TOTP_SECRET)
 *   npm run staff:code -- <CLAVE>      another base32 key
 * Each code opens one sign-in: for the next one, wait until it changes (30 s).
 */
import { SANDBOX_STAFF_TOTP_SECRET } from '@portal/api-contract';
import { Secret, TOTP } from 'otpauth';
import { TOTP_PERIOD_SECONDS } from '../services/staff/staffSecondFactor';
import { runCommand } from './runCommand';

/** The code of `secret` at `now` and the seconds it has left. */
export function currentCode(secret: string, now = Date.now()): { code: string; secondsLeft: number } {
  const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(secret.replace(/\s/g, '').toUpperCase()) });
  return { code: totp.generate({ timestamp: now }), secondsLeft: TOTP_PERIOD_SECONDS - (Math.floor(now / 1000) % TOTP_PERIOD_SECONDS) };
}

async function run(args: string[]): Promise<number> {
  const secret = args[0] ?? SANDBOX_STAFF_TOTP_SECRET;
  if (!/^[A-Za-z2-7\s]{16,}=*$/.test(secret)) {
    console.error('La clave debe estar en base32 (letras A-Z y dígitos 2-7). Uso: npm run staff:code [-- <CLAVE>]');
    return 2;
  }
  const { code, secondsLeft } = currentCode(secret);
  console.log(`${code}  (vale ${secondsLeft} s más; cada código abre un solo ingreso)`);
  return 0;
}

runCommand(import.meta.url, run);
