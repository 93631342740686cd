/**
 * When the survey (WELLCOME) and single-registration (REGISTRO_UNICO) prompts
 * are offered (the spec leaves it open; docs/architecture.md explains the choice):
 * - REGISTRO_UNICO: an anonymous visitor on the home page;
 * - WELLCOME: a signed-in citizen on a request's confirmation page (right after submitting it);
 * each only while its flag is not stored, only when its address is a real one
 * (the server's stand-in pages, relative paths, are not worth an interruption),
 * and at most once per browser tab session (closing it with Escape does not bring it back on the next page).
 * The two conditions exclude each other (anonymous vs signed in), so they are never due at once.
 * Neither interrupts a citizen filling a form: while a field has focus or holds unsent input
 * (the login form, the service search), the prompt is not offered on this page.
 */
import type { ShellConfig } from '../../api/shellConfig';
import type { PromptName } from '../../lib/promptFlags';

export interface PromptSituation {
  /** The settings of the shell. */
  config: ShellConfig;
  /** Someone is signed in. */
  signedIn: boolean;
  /** The page is the home page. */
  onHome: boolean;
  /** The page is the confirmation page of a submitted request. */
  onConfirmation: boolean;
  /** Whether a prompt's flag is stored or it was already offered in this tab session. */
  done(name: PromptName): boolean;
  /** The citizen is filling a form: a field has focus or holds input not sent yet. */
  filling: boolean;
}

/** An address the prompt can send the citizen to: an absolute http(s) one (set by SURVEY_URL / REGISTRO_UNICO_URL). */
export function isRealAddress(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

/** The prompt due in this situation, or null. */
export function duePrompt(s: PromptSituation): PromptName | null {
  if (s.filling) return null;
  if (!s.signedIn && s.onHome && isRealAddress(s.config.registroUnicoUrl) && !s.done('REGISTRO_UNICO')) return 'REGISTRO_UNICO';
  if (s.signedIn && s.onConfirmation && isRealAddress(s.config.surveyUrl) && !s.done('WELLCOME')) return 'WELLCOME';
  return null;
}
