/**
 * Remote verdicts (company name taken, cédula not registered, certificate
 * invalid) that survive a reload: the lookups of a loaded draft are run again
 * with the engine's runLookups (the same function the server runs on submit),
 * all of them once the draft's page has been shown (whenPageShown: on a slow
 * phone network the step is drawn before five registries are asked about its
 * other steps) and a step's before "Siguiente" advances.
 * A verdict is about one value: it holds while the field keeps that value.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { runLookups, valueAt, type FormSchema, type LookupAnswer, type LookupVerdict } from '@portal/form-engine';
import type { LookupFieldError } from '@portal/form-mantine';
import { sectionOf } from '../../lib/onlineForms';
import { createFormApi } from '../../api/formApi';
import { whenPageShown } from '../../lib/afterFirstPaint';

type Data = Record<string, unknown>;
const formApi = createFormApi();

/** The registry's word, or null when there is none (no connection, a limit, the service down): no verdict then. */
async function answer(url: string): Promise<LookupAnswer | null> {
  try {
    // The field's own lookup may have asked this URL moments ago: its answer is reused (one call per value).
    const res = await (formApi.lookupJson ? formApi.lookupJson(url) : formApi.getJson(url));
    return res.status === 0 || res.status === 401 || res.status === 429 || res.status >= 500 ? null : res;
  } catch {
    return null;
  }
}

/** `errors` with the fields of `verdicts` judged again (verdicts on values the draft no longer holds are dropped). */
export function mergeVerdicts(errors: readonly LookupFieldError[], verdicts: readonly LookupVerdict[], draft: Data): LookupFieldError[] {
  const current = verdicts.filter((v) => valueAt(draft, v.path) === v.value);
  const judged = new Set(current.map((v) => v.path));
  return [
    ...errors.filter((e) => !judged.has(e.path)),
    ...current.flatMap((v) => (v.valid || v.error === null ? [] : [{ path: v.path, message: v.error, value: v.value }])),
  ];
}

export interface RemoteVerdicts {
  /** Every kept verdict (pass to SchemaForm's `lookupErrors`). */
  errors: LookupFieldError[];
  /** Those that hold for the draft as it is now. */
  holding: LookupFieldError[];
  /** SchemaForm's report for the step it shows: that step's verdicts are replaced by it. */
  fromForm(step: string, list: LookupFieldError[]): void;
  /** Runs the step's lookups again; resolves with the verdicts that hold afterwards. */
  recheck(step: string): Promise<LookupFieldError[]>;
}

/** The same verdicts in the same order (a list kept when nothing changed re-renders nothing). */
export function sameVerdicts(a: readonly LookupFieldError[], b: readonly LookupFieldError[]): boolean {
  return a.length === b.length && a.every((e, i) => e.path === b[i].path && e.message === b[i].message && e.value === b[i].value);
}

/** The remote verdicts of a draft of `schema` (the schema of one page: it does not change while the hook lives). */
export function useRemoteVerdicts(schema: FormSchema, draft: Data | null): RemoteVerdicts {
  const [errors, setErrors] = useState<LookupFieldError[]>([]);
  const latest = useRef(draft);
  latest.current = draft;
  const errorsRef = useRef(errors);
  errorsRef.current = errors;

  const run = useCallback(async (only?: (path: string) => boolean): Promise<LookupFieldError[]> => {
    const data = latest.current;
    if (!data) return errorsRef.current;
    const verdicts = await runLookups(schema, data, answer, { only });
    const now = latest.current ?? data;
    const merged = mergeVerdicts(errorsRef.current, verdicts, now);
    // Usually nothing changed (no registry refuses anything): the step is not drawn again for the same verdicts
    // (a new empty list redrew the whole step, ~100 ms on a slow phone, seconds after it showed).
    if (!sameVerdicts(merged, errorsRef.current)) {
      errorsRef.current = merged;
      setErrors(merged);
    }
    return merged.filter((e) => valueAt(now, e.path) === e.value);
  }, [schema]);

  // Once per loaded draft: every lookup, so the step list knows which sections a registry refuses.
  const loaded = draft !== null;
  useEffect(() => {
    if (loaded) return whenPageShown(() => void run());
  }, [loaded, run]);

  const fromForm = useCallback((step: string, list: LookupFieldError[]) => {
    const prev = errorsRef.current;
    const next = [...prev.filter((e) => sectionOf(e.path) !== step), ...list.filter((e) => sectionOf(e.path) === step)];
    if (sameVerdicts(next, prev)) return;
    errorsRef.current = next;
    setErrors(next);
  }, []);

  const recheck = useCallback((step: string) => run((path) => sectionOf(path) === step), [run]);
  const holding = useMemo(() => (draft ? errors.filter((e) => valueAt(draft, e.path) === e.value) : []), [errors, draft]);
  return { errors, holding, fromForm, recheck };
}
