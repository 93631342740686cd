/** Six-digit codes sent by e-mail (registration, password reset), stored only as a keyed HMAC. */
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

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

/** A fresh seed (16 random bytes, hex) from which a code can be derived again to send the same one. */
export function newCodeSeed(): string {
  return randomBytes(16).toString('hex');
}

/**
 * The six-digit code a seed stands for (HMAC with the server's key; the seed alone, read from the
 * database, gives nothing): a live code can be mailed again without storing it.
 */
export function codeFromSeed(key: Buffer, purpose: CodePurpose, subject: string | number, seed: string): string {
  const digest = createHmac('sha256', key).update(`semilla:${purpose}:${subject}:${seed}`).digest();
  return String(digest.readUIntBE(0, 6) % 1_000_000).padStart(6, '0');
}
