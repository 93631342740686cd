/**
 * Runs a field's `x-lookup` while the citizen types: after the trigger
 * (length reached, or a pause), a local format check (a cédula with a wrong
 * check digit is never sent), then GET through the app's FormApi with toasts
 * for progress and verdict. A valid answer fills fields (and shows the
 * `notice`); an invalid one (or a failed call) clears fields and sets the
 * field error, which the store keeps while the value stays the same. A new
 * value aborts the call in flight and its answer is ignored.
 */
import { useEffect, useRef, useState } from 'react';
import { expandUrl, interpretLookup, type LookupDecl, type LookupOutcome } from '@portal/form-engine';
import type { FormStore } from '../../field-state/FormStore';
import { scopeAt } from '../../data/paths';
import { failsLocalFormat, localInvalid, lookupDelay, outcomeChanges } from './lookupPlan';

export interface LookupState {
  /** A call is in flight. */
  pending: boolean;
}

function applyOutcome(store: FormStore, decl: LookupDecl, path: string, value: string, outcome: LookupOutcome): void {
  const { notify } = store.env;
  const changes = outcomeChanges(outcome, path);
  if (Object.keys(changes).length > 0) store.env.setValues(changes);
  store.setLookupError(path, value, outcome.valid ? null : outcome.error ?? decl.invalidError);
  // The registry has spoken: what the rules say about this value (an expired certificate) shows now, not on leaving the field.
  store.reveal(path, value);
  // The registry knows the value but the form's own rules may still refuse it once the fill is in
  // (an expired certificate): then the field's red message speaks alone, with no green toast beside it.
  const refused = outcome.valid && store.env.ruleErrorAt?.(path) !== undefined;
  if (outcome.valid && !refused) {
    if (decl.messages.valid) notify({ message: decl.messages.valid, color: 'teal' });
    if (decl.notice) notify({ message: decl.notice.message, color: 'blue', autoClose: decl.notice.durationMs });
  } else if (!outcome.valid && decl.messages.invalid && decl.messages.invalid !== (outcome.error ?? decl.invalidError)) {
    // Only a toast that adds to the field's own message: «Entrada inválida» twice (field and toast) says nothing more.
    notify({ message: decl.messages.invalid, color: 'red' });
  }
}

export function useLookup(store: FormStore, decl: LookupDecl | undefined, path: string, format: string | undefined, value: unknown): LookupState {
  const [pending, setPending] = useState(false);
  // Only changes made while the field is on screen trigger a call, not the value it was mounted with (a loaded draft).
  const seen = useRef(value);

  useEffect(() => {
    if (!decl || Object.is(seen.current, value)) return;
    seen.current = value;
    const text = value === undefined || value === null ? '' : String(value);
    const delay = lookupDelay(decl.trigger, text);
    if (delay === null) return;
    const controller = new AbortController();
    let toastId: string | null = null;

    const run = async (): Promise<void> => {
      if (failsLocalFormat(format, text)) {
        applyOutcome(store, decl, path, text, localInvalid(decl));
        return;
      }
      const { api, notify, dismiss } = store.env;
      const url = expandUrl(decl.url, scopeAt(store.snapshot.data, path, { value: text }));
      if (!api || url === null) return;
      if (decl.messages.pending) toastId = notify({ message: decl.messages.pending, loading: true, autoClose: false, withCloseButton: false });
      setPending(true);
      let answer;
      try {
        answer = await (api.lookupJson ? api.lookupJson(url, { signal: controller.signal }) : api.getJson(url, { signal: controller.signal }));
      } catch {
        answer = { status: 0, body: null };
      }
      if (controller.signal.aborted) return;
      if (toastId !== null) dismiss(toastId);
      toastId = null;
      setPending(false);
      applyOutcome(store, decl, path, text, interpretLookup(decl, answer));
    };

    const timer = setTimeout(() => void run(), delay);
    return () => {
      clearTimeout(timer);
      controller.abort();
      if (toastId !== null) store.env.dismiss(toastId);
      setPending(false);
    };
  }, [store, decl, path, format, value]);

  return { pending };
}
