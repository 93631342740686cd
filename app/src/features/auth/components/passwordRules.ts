/**
 * The portal's password rules in the browser. The cheap ones (length, not the
 * cédula) are checked here at once, with the engine's own module and words
 * (`@portal/form-engine/password-rules`, no dictionary); guessability is asked
 * of the server (POST /v1/portals/auth/citizens/password-check), which judges
 * with zxcvbn and answers in the same words as the registration's 400. So the
 * dialogs never download zxcvbn's dictionaries (1.2 MB).
 *
 * Without an answer (no connection, a busy or limited server) the browser has
 * no verdict: the hint says so plainly and the form goes on; the server's own
 * verdict on the registration, reset or change is what counts.
 */
import { useEffect, useRef, useState } from 'react';
import { passwordRuleVerdict, type PasswordVerdict } from '@portal/form-engine/password-rules';
import type { PasswordCheckBody } from '@portal/api-contract';
import { checkPassword } from '../api/accounts';

export type { PasswordVerdict } from '@portal/form-engine/password-rules';

/** How long the typing must pause before the hint asks the server. */
export const CHECK_DEBOUNCE_MS = 300;
/** How long a check may take before the browser stops waiting for it (the form then goes on without it). */
export const CHECK_TIMEOUT_MS = 5000;
/** Answers kept for this page (the hint's last answer is usually the one the submit needs). */
const KEPT = 20;

/** The body of the check: what the server accepts (the cédula's digits; at most 5 personal words of 254 characters). */
function checkBody(password: string, cedula: string, personal: readonly string[]): PasswordCheckBody {
  const digits = cedula.replace(/\D/g, '').slice(0, 20);
  const words = personal.map((word) => word.trim().slice(0, 254)).filter((word) => word !== '').slice(0, 5);
  return { password, ...(digits !== '' ? { cedula: digits } : {}), ...(words.length > 0 ? { personal: words } : {}) };
}

/** The server's verdicts of this page, by body (a pending call is shared by the hint and the submit). */
const verdicts = new Map<string, Promise<PasswordVerdict | null>>();

/**
 * The server's verdict on a password that passes the cheap rules, or null when it could not be had
 * (no connection, 429, 5xx, timeout). A failure is not kept: the next call asks again.
 */
export function serverVerdict(password: string, cedula: string, personal: readonly string[] = []): Promise<PasswordVerdict | null> {
  return askServer(JSON.stringify(checkBody(password, cedula, personal)));
}

/** The server's verdict for a body (its JSON text is the key of the kept answers). */
function askServer(key: string): Promise<PasswordVerdict | null> {
  const known = verdicts.get(key);
  if (known) return known;
  const asked = checkPassword(JSON.parse(key) as PasswordCheckBody, CHECK_TIMEOUT_MS).then(
    (answer): PasswordVerdict => ({ score: Math.min(4, Math.max(0, Math.round(answer.score))), problem: answer.problem }),
    () => {
      verdicts.delete(key);
      return null;
    },
  );
  verdicts.set(key, asked);
  while (verdicts.size > KEPT) verdicts.delete(verdicts.keys().next().value as string);
  return asked;
}

/** Forgets the kept verdicts (tests). */
export function forgetPasswordVerdicts(): void {
  verdicts.clear();
}

/** What the hint knows of the value typed. */
export interface PasswordHintState {
  /** The verdict of the value or, while the server's answer is on its way, the one shown before (null: none). */
  verdict: PasswordVerdict | null;
  /** The server could not judge the value (no connection, a limit): the hint says so, neutrally. */
  unavailable: boolean;
}

interface Answered {
  key: string;
  verdict: PasswordVerdict | null;
}

/**
 * The verdict for the strength hint: the cheap rules at once; guessability from the server once the
 * typing pauses (CHECK_DEBOUNCE_MS). While the answer is on its way the verdict shown before stays
 * (no flicker on every key). An empty value has none.
 */
export function usePasswordVerdict(value: string, cedula: string, personal: readonly string[]): PasswordHintState {
  const [answered, setAnswered] = useState<Answered | null>(null);
  const shown = useRef<PasswordVerdict | null>(null);
  const key = JSON.stringify(checkBody(value, cedula, personal));
  const cheap = value === '' ? null : passwordRuleVerdict(value, cedula);
  const asks = value !== '' && cheap === null;
  useEffect(() => {
    if (!asks) return;
    let alive = true;
    const timer = setTimeout(() => {
      void askServer(key).then((verdict) => {
        if (alive) setAnswered({ key, verdict });
      });
    }, CHECK_DEBOUNCE_MS);
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [asks, key]);
  let state: PasswordHintState;
  if (value === '') state = { verdict: null, unavailable: false };
  else if (cheap) state = { verdict: cheap, unavailable: false };
  else if (answered?.key === key) state = { verdict: answered.verdict, unavailable: answered.verdict === null };
  else state = { verdict: shown.current, unavailable: false };
  useEffect(() => {
    shown.current = state.verdict;
  });
  return state;
}

/**
 * The Spanish reason a new password is refused (the server's words), or null. The cheap rules here;
 * guessability asked of the server (the hint's answer when it has one). Without an answer, null: the
 * form goes on and the server's verdict on the real call counts.
 */
export async function newPasswordProblem(password: string, cedula: string, personal: readonly string[] = []): Promise<string | null> {
  if (password === '') return 'Este campo es requerido';
  const cheap = passwordRuleVerdict(password, cedula);
  if (cheap) return cheap.problem;
  return (await serverVerdict(password, cedula, personal))?.problem ?? null;
}
