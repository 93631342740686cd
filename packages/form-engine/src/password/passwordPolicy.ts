/**
 * The portal's password policy, as the server judges it (the verdict that
 * counts): the cheap rules of passwordRules.ts (length, not the cédula), then
 * guessability. Guessability is zxcvbn's estimate (dictionaries of common
 * passwords, Spanish and English words and names, keyboard patterns, repeats,
 * sequences, dates), with its Spanish feedback, so "aaaaaaaaaa", "1234567890"
 * and "password12" are refused with a reason. Exported apart
 * (`@portal/form-engine/password`) because of its dictionaries (~1 MB, 584 KB
 * gzip): the app never imports it (tests/architecture.test.ts); the browser
 * checks the cheap rules itself and asks the server for the rest
 * (POST /v1/portals/auth/citizens/password-check).
 */
import { zxcvbn, zxcvbnOptions } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as spanish from '@zxcvbn-ts/language-es-es';
import { cedulaDigits, passwordRuleVerdict, type PasswordVerdict } from './passwordRules';

export type { PasswordVerdict } from './passwordRules';

/** zxcvbn score (0–4) a new password needs: 3 is "safely unguessable" for an online attack with limits. */
export const MIN_PASSWORD_SCORE = 3;

export const PASSWORD_GUESSABLE = 'La contraseña es fácil de adivinar';
const GUESSABLE_ADVICE = 'Use una frase de varias palabras o combine palabras, números y símbolos.';

/**
 * zxcvbn's matching grows steeply with length and with look-alike characters: a 256-character
 * «p4$$w0rd…» took ~30 s of one core (a few requests would stop the server). It judges the first
 * 64 characters (a longer password is judged by its start, which must then be hard to guess on its
 * own; zxcvbn-ts 3 declares a `maxLength` option but does not apply it), trying at most 4 look-alike
 * substitutions: the worst case measured is ~0.1 s (a 64-character «p4$$w0rd…», one core).
 */
export const GUESS_JUDGED_LENGTH = 64;
const L33T_MAX_SUBSTITUTIONS = 4;

let configured = false;
function configure(): void {
  if (configured) return;
  zxcvbnOptions.setOptions({
    dictionary: { ...common.dictionary, ...spanish.dictionary },
    graphs: common.adjacencyGraphs,
    translations: spanish.translations,
    l33tMaxSubstitutions: L33T_MAX_SUBSTITUTIONS,
  });
  configured = true;
}

/**
 * Judges a new password. `personal` are words of the person (names, e-mail)
 * that make a password guessable for whoever knows them.
 */
export function judgePassword(password: string, cedula: string, personal: readonly string[] = []): PasswordVerdict {
  const refused = passwordRuleVerdict(password, cedula);
  if (refused !== null) return refused;
  const digits = cedulaDigits(cedula);
  configure();
  const words = personal.flatMap((text) => text.toLowerCase().split(/[\s@._-]+/));
  // Both spellings: people often type their names without accents in a password.
  const plain = words.map((word) => word.normalize('NFD').replace(/[\u0300-\u036f]/g, ''));
  const inputs = [digits, ...words, ...plain].filter((word) => word.length >= 3);
  const result = zxcvbn([...password].slice(0, GUESS_JUDGED_LENGTH).join(''), inputs);
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
