/**
 * Opens the survey or the single-registration prompt when promptRule says one
 * is due, after PROMPT_DELAY_MS on the page (the citizen first sees what they
 * came for), and never over another open modal: if one is open when the time
 * comes, the prompt is not offered on this page. Leaving the page cancels it.
 */
import { FORMALIZATION_FORM } from '@portal/api-contract';
import { useEffect } from 'react';
import { useLocation, useRoute } from 'wouter';
import { getApplication } from '../../api/applications';
import { getShellConfig } from '../../api/shellConfig';
import { paths } from '../../config/paths';
import { promptSeen, type PromptName } from '../../lib/promptFlags';
import { useSession } from '../../lib/session';
import { modalStore } from '../../modals/modalStore';
import { duePrompt } from './promptRule';

/** How long a page shows before a prompt may open over it. */
export const PROMPT_DELAY_MS = 3000;

const OFFERED_KEY = (name: PromptName) => `prompt_offered_${name}`;

function offeredInThisTab(name: PromptName): boolean {
  try {
    return sessionStorage.getItem(OFFERED_KEY(name)) === '1';
  } catch {
    return true;
  }
}

function markOffered(name: PromptName): void {
  try {
    sessionStorage.setItem(OFFERED_KEY(name), '1');
  } catch {
    // Without session storage the prompt is treated as offered already (offeredInThisTab).
  }
}

/** A field of the page has focus, or one of its text fields holds something typed (a form being filled). */
export function fillingAForm(doc: Document = document): boolean {
  const active = doc.activeElement;
  if (active instanceof HTMLElement && (active.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(active.tagName))) return true;
  return [...doc.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('main input:not([type=hidden]):not([type=checkbox]):not([type=radio]):not([readonly]), main textarea:not([readonly])')]
    .some((field) => field.value.trim() !== '');
}

/** Mounted once in the shell; renders nothing. */
export function PromptScheduler() {
  const [location] = useLocation();
  // The confirmation page of any online service's request: the formalization's or /en-linea/<form>/….
  const [onFormalization, formalization] = useRoute<{ id: string }>(paths.confirmation.pattern);
  const [onOnline, online] = useRoute<{ form: string; id: string }>(paths.onlineConfirmation.pattern);
  const onConfirmation = onFormalization || onOnline;
  const confirmed = onFormalization ? { form: FORMALIZATION_FORM, id: formalization.id } : onOnline ? { form: online.form, id: online.id } : null;
  const confirmationId = confirmed ? `${confirmed.form}/${confirmed.id}` : null;
  const signedIn = useSession() !== null;
  const onHome = location === paths.home.href();

  useEffect(() => {
    if (!onHome && !onConfirmation) return;
    let alive = true;
    const timer = setTimeout(() => {
      // The confirmation page of a draft (an old link) is not a submitted request: no survey there.
      const submitted = confirmationId === null || !signedIn ? Promise.resolve(false) : getApplication(confirmationId.split('/')[0], confirmationId.split('/')[1]).then((a) => a.status !== 'borrador', () => false);
      void Promise.all([getShellConfig(), submitted]).then(([config, justSubmitted]) => {
        if (!alive || modalStore.get() !== null) return;
        const situation = {
          config, signedIn, onHome, onConfirmation: justSubmitted, done: (n: PromptName) => promptSeen(n) || offeredInThisTab(n), filling: fillingAForm(),
        };
        const name = duePrompt(situation);
        if (name === null) return;
        markOffered(name);
        modalStore.open(name);
      });
    }, PROMPT_DELAY_MS);
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [location, onHome, onConfirmation, confirmationId, signedIn]);

  return null;
}
