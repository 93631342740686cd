/** Six-digit codes sent by e-mail (registration, password reset), stored only as a keyed HMAC. */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

export type CodePurpose = 'registro' | 'restablecer';

/** A fresh code from the CSPRNG. */
export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** HMAC-SHA256 (hex) of the code, bound to its purpose and subject (cédula or citizen id). */
export function codeHmac(key: Buffer, purpose: CodePurpose, subject: string | number, code: string): string {
  return createHmac('sha256', key).update(`${purpose}:${subject}:${code}`).digest('hex');
}

/** Constant-time comparison of a stored HMAC with the one of a typed code. */
export function sameHmac(storedHex: string, candidateHex: string): boolean {
  const a = Buffer.from(storedHex, 'hex');
  const b = Buffer.from(candidateHex, 'hex');
  return a.length === b.length && a.length > 0 && timingSafeEqual(a, b);
}
