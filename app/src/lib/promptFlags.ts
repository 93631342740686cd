/**
 * The browser-stored flags of the two prompts (portal spec: `visited` and
 * `visited_registro`, value 'on'): once stored, the prompt never shows again
 * in this browser. Storage may be unavailable (private modes, a full quota):
 * then the prompt counts as seen, so it can never nag on every visit.
 */

/** Key per prompt, as the spec names them. */
export const PROMPT_FLAGS = { WELLCOME: 'visited', REGISTRO_UNICO: 'visited_registro' } as const;

export type PromptName = keyof typeof PROMPT_FLAGS;

/** Whether the prompt has been answered in this browser (or storage cannot tell). */
export function promptSeen(name: PromptName): boolean {
  try {
    return localStorage.getItem(PROMPT_FLAGS[name]) === 'on';
  } catch {
    return true;
  }
}

/** Stores the prompt's flag ('on'). */
export function markPromptSeen(name: PromptName): void {
  try {
    localStorage.setItem(PROMPT_FLAGS[name], 'on');
  } catch {
    // Nothing to do: without storage the prompt is treated as seen anyway.
  }
}
