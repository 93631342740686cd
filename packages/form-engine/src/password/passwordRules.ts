/**
 * The portal's cheap password rules: at least 10 characters, at most 256, and
 * not containing the cédula; their Spanish messages. No dictionary here, so
 * the browser checks them at once (`@portal/form-engine/password-rules`, a few
 * hundred bytes). Guessability (zxcvbn and its ~1 MB of dictionaries) is the
 * server's part, in passwordPolicy.ts (`@portal/form-engine/password`), which
 * runs these same rules first; the browser asks the server for that part
 * (POST /v1/portals/auth/citizens/password-check).
 */

export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 256;

export const PASSWORD_TOO_SHORT = `La contraseña debe tener al menos ${MIN_PASSWORD_LENGTH} caracteres`;
export const PASSWORD_TOO_LONG = `La contraseña debe tener como máximo ${MAX_PASSWORD_LENGTH} caracteres`;
export const PASSWORD_HAS_CEDULA = 'La contraseña no puede contener la cédula';

/** Strength of a candidate password: zxcvbn's 0–4 score and the Spanish reason it is refused, or null. */
export interface PasswordVerdict {
  score: number;
  problem: string | null;
}

/** The cédula's digits (dashes and spaces dropped), as the rules compare them. */
export function cedulaDigits(cedula: string): string {
  return cedula.replace(/\D/g, '');
}

/**
 * The verdict of the cheap rules: score 0 and the Spanish reason when one
 * refuses the password, or null when they all pass (guessability is still to
 * be judged). Lengths count characters, not UTF-16 units.
 */
export function passwordRuleVerdict(password: string, cedula: string): PasswordVerdict | null {
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) return { score: 0, problem: PASSWORD_TOO_SHORT };
  if (length > MAX_PASSWORD_LENGTH) return { score: 0, problem: PASSWORD_TOO_LONG };
  const digits = cedulaDigits(cedula);
  if (digits.length > 0 && (password.includes(digits) || password.replace(/\D/g, '').includes(digits))) {
    return { score: 0, problem: PASSWORD_HAS_CEDULA };
  }
  return null;
}

/** The Spanish reason the cheap rules refuse a password, or null when they pass. */
export function passwordRuleProblem(password: string, cedula: string): string | null {
  return passwordRuleVerdict(password, cedula)?.problem ?? null;
}
