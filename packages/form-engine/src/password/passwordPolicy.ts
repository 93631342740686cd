/**
 * The portal's password rules, shared by the browser (strength hint, instant
 * message) and the server (the verdict that counts): at least 10 characters,
 * not containing the cédula, and not guessable. Guessability is zxcvbn's
 * estimate (dictionaries of common passwords, Spanish and English words and
 * names, keyboard patterns, repeats, sequences, dates), with its Spanish
 * feedback, so "aaaaaaaaaa", "1234567890" and "password12" are refused with a
 * reason. Exported apart (`@portal/form-engine/password`) so the dictionaries
 * (~1 MB) stay out of every bundle that does not ask for them.
 */
import { zxcvbn, zxcvbnOptions } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as spanish from '@zxcvbn-ts/language-es-es';

export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 256;
/** zxcvbn score (0–4) a new password needs: 3 is "safely unguessable" for an online attack with limits. */
export const MIN_PASSWORD_SCORE = 3;

export const PASSWORD_TOO_SHORT = `La contraseña debe tener al menos ${MIN_PASSWORD_LENGTH} caracteres`;
export const PASSWORD_TOO_LONG = `La contraseña debe tener como máximo ${MAX_PASSWORD_LENGTH} caracteres`;
export const PASSWORD_HAS_CEDULA = 'La contraseña no puede contener la cédula';
export const PASSWORD_GUESSABLE = 'La contraseña es fácil de adivinar';
const GUESSABLE_ADVICE = 'Use una frase de varias palabras o combine palabras, números y símbolos.';

let configured = false;
function configure(): void {
  if (configured) return;
  zxcvbnOptions.setOptions({
    dictionary: { ...common.dictionary, ...spanish.dictionary },
    graphs: common.adjacencyGraphs,
    translations: spanish.translations,
  });
  configured = true;
}

/** Strength of a candidate password: zxcvbn's 0–4 score and the Spanish reason it is refused, or null. */
export interface PasswordVerdict {
  score: number;
  problem: string | null;
}

/**
 * Judges a new password. `personal` are words of the person (names, e-mail)
 * that make a password guessable for whoever knows them.
 */
export function judgePassword(password: string, cedula: string, personal: readonly string[] = []): PasswordVerdict {
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) return { score: 0, problem: PASSWORD_TOO_SHORT };
  if (length > MAX_PASSWORD_LENGTH) return { score: 0, problem: PASSWORD_TOO_LONG };
  const digits = cedula.replace(/\D/g, '');
  if (digits.length > 0 && (password.includes(digits) || password.replace(/\D/g, '').includes(digits))) {
    return { score: 0, problem: PASSWORD_HAS_CEDULA };
  }
  configure();
  const words = personal.flatMap((text) => text.toLowerCase().split(/[\s@._-]+/));
  // Both spellings: people often type their names without accents in a password.
  const plain = words.map((word) => word.normalize('NFD').replace(/[\u0300-\u036f]/g, ''));
  const inputs = [digits, ...words, ...plain].filter((word) => word.length >= 3);
  const result = zxcvbn(password, inputs);
  if (result.score >= MIN_PASSWORD_SCORE) return { score: result.score, problem: null };
  const warning = result.feedback.warning?.trim();
  return { score: result.score, problem: `${PASSWORD_GUESSABLE}${warning ? `: ${lowerFirst(warning.replace(/\.$/, ''))}` : ''}. ${GUESSABLE_ADVICE}` };
}

/** The Spanish reason a new password is refused, or null when it is acceptable. */
export function passwordProblem(password: string, cedula: string, personal: readonly string[] = []): string | null {
  return judgePassword(password, cedula, personal).problem;
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
