/**
 * The live state of one SchemaForm, shared with every template and widget
 * through RJSF's `formContext` (whose identity never changes). Components
 * subscribe to the slice they show (`useSyncExternalStore`), so a keystroke
 * re-renders only the fields whose visibility, requirement, error or warnings
 * actually changed, while RJSF keeps the same schema, uiSchema and registry.
 *
 * Three kinds of subscribers, so a change wakes only those it can concern:
 * - at a data path (a field's value, a select's URL parameters): woken when
 *   the value at that path is a new object or a new primitive. Data is
 *   updated immutably with shared structure, so the changed paths are found
 *   by comparing identities along the edit, not by walking the whole draft;
 * - views (visibility, requirement, errors, warnings) at a path: woken when
 *   what that path shows may have changed. A new evaluation is compared with
 *   the previous one (visible, required and disabled sets, warnings, options,
 *   limits, errors), so a keystroke's engine pass wakes the few fields it
 *   concerns, not every field of the form;
 * - `subscribe`: woken by every change.
 */
import { isRowPath, type Evaluation, type FormSchema, type PathMessage } from '@portal/form-engine';
import type { DismissNotification, FormApi, Notify, ShowErrors } from '../types';
import { computeFieldView, sameView, type FieldView } from './fieldView';
import { pagePointerTracker, type PointerTracker } from './pointerRelease';
import { LookupErrors, type LookupFieldError } from './LookupErrors';
import { changedPaths, keyDiff, recordDiff, sameItems, setDiff } from './snapshotDiff';
import { getAt } from '../data/paths';

export type { LookupFieldError };
export { changedPaths };

export interface FormSnapshot {
  data: Record<string, unknown>;
  /** Null when the theme is used without SchemaForm: everything shows, nothing is required. */
  evaluation: Evaluation | null;
  /** The engine's validation of the current data. */
  liveErrors: ReadonlyMap<string, string>;
  /** Errors handed in by the app. */
  givenErrors: ReadonlyMap<string, string>;
  showErrors: ShowErrors;
}

/** What widgets need from the surrounding SchemaForm besides the snapshot. */
export interface FormEnv {
  schema: FormSchema | null;
  api: FormApi | null;
  notify: Notify;
  dismiss: DismissNotification;
  /** Sets values outside RJSF's own onChange (lookup fills and clears, uploads); runs the same pipeline as a keystroke. */
  setValues(changes: Record<string, unknown>): void;
  /** Told whenever a lookup run by a field changes the set of lookup errors. */
  onLookupErrors?(errors: LookupFieldError[]): void;
  /** Runs the engine now on changes still waiting for it (a pass SchemaForm deferred until after the paint). */
  flush(): void;
  /** Runs the engine now (as `flush`) and answers the rules' error of `path` on the newest data, if any. */
  ruleErrorAt?(path: string): string | undefined;
}


const EMPTY_MAP: ReadonlyMap<string, string> = new Map();

/**
 * One message per path (the first). Pass the previous map to keep it when the
 * messages are the same, so an app that rebuilds its error array on every
 * render does not make edited fields show their old errors again.
 */
export function toMessageMap(list: readonly PathMessage[] | undefined, previous?: ReadonlyMap<string, string>): ReadonlyMap<string, string> {
  if (!list || list.length === 0) return EMPTY_MAP;
  if (previous && previous.size > 0 && list.every((e) => previous.get(e.path) !== undefined)) {
    const firsts = new Map<string, string>();
    for (const e of list) if (!firsts.has(e.path)) firsts.set(e.path, e.message);
    if (firsts.size === previous.size && [...firsts].every(([path, message]) => previous.get(path) === message)) return previous;
  }
  const map = new Map<string, string>();
  for (const e of list) if (!map.has(e.path)) map.set(e.path, e.message);
  return map;
}

type Listener = () => void;

function addTo(map: Map<string, Set<Listener>>, path: string, listener: Listener): () => void {
  let set = map.get(path);
  if (!set) map.set(path, (set = new Set()));
  set.add(listener);
  return () => {
    set.delete(listener);
    if (set.size === 0 && map.get(path) === set) map.delete(path);
  };
}

/** A grid row (`grid.2`) shows while its grid does: a change at the grid wakes the row's view. */
function wakesRow(views: ReadonlySet<string>, path: string): boolean {
  return isRowPath(path) && views.has(path.slice(0, path.lastIndexOf('.')));
}

export class FormStore {
  private snap: FormSnapshot;
  private warnings = new Map<string, string[]>();
  private listeners = new Set<Listener>();
  private viewListeners = new Map<string, Set<Listener>>();
  private pathListeners = new Map<string, Set<Listener>>();
  private version = 0;
  private views = new Map<string, { version: number; view: FieldView }>();
  private touched = new Set<string>();
  /** Fields whose lookup answered, with the value it answered for: their live errors show while they keep it. */
  private revealed = new Map<string, unknown>();
  /** Paths edited since the given errors last changed: their given error no longer applies. */
  private edited = new Set<string>();
  private lookupErrors = new LookupErrors();

  env: FormEnv;
  private pointer: PointerTracker;

  constructor(snapshot: FormSnapshot, env?: Partial<FormEnv>, pointer: PointerTracker = pagePointerTracker()) {
    this.snap = snapshot;
    this.pointer = pointer;
    this.indexWarnings();
    this.env = { schema: null, api: null, notify: () => '', dismiss: () => undefined, setValues: () => undefined, flush: () => undefined, ...env };
  }

  /** A store for the theme used on its own: no rules, so every field shows. */
  static standalone(): FormStore {
    return new FormStore({ data: {}, evaluation: null, liveErrors: EMPTY_MAP, givenErrors: EMPTY_MAP, showErrors: 'touched' });
  }

  get snapshot(): FormSnapshot {
    return this.snap;
  }

  /** Woken by every change. */
  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** Woken when what the field at `path` shows may have changed (evaluation, errors, touched, lookup errors). */
  subscribeView(path: string, listener: Listener): () => void {
    return addTo(this.viewListeners, path, listener);
  }

  /** Woken when the value at `path` changes. */
  subscribePath(path: string, listener: Listener): () => void {
    return addTo(this.pathListeners, path, listener);
  }

  /**
   * Wakes the subscribers concerned, each once: the views of `views` ('all',
   * or paths; a grid's paths also wake its rows), those at the data paths that
   * changed, and the general ones.
   */
  private notify(views: ReadonlySet<string> | 'all' | null, prevData: unknown, nextData: unknown): void {
    this.version++;
    const due = new Set<Listener>(this.listeners);
    if (views === 'all') {
      for (const set of this.viewListeners.values()) for (const l of set) due.add(l);
    } else if (views && views.size > 0) {
      for (const [path, set] of this.viewListeners) {
        if (views.has(path) || wakesRow(views, path)) for (const l of set) due.add(l);
      }
    }
    if (prevData !== nextData && this.pathListeners.size > 0) {
      for (const path of changedPaths(prevData, nextData)) {
        const set = this.pathListeners.get(path);
        if (set) for (const l of set) due.add(l);
      }
    }
    for (const l of due) l();
  }

  /** The paths whose view may differ between two snapshots (and warning indexes); 'all' when it cannot tell. */
  private changedViews(prev: FormSnapshot, next: FormSnapshot, prevWarnings: ReadonlyMap<string, string[]>): Set<string> | 'all' {
    if (prev.showErrors !== next.showErrors) return 'all';
    const out = new Set<string>();
    const a = prev.evaluation;
    const b = next.evaluation;
    if (a !== b) {
      if (!a || !b) return 'all';
      setDiff(a.visible, b.visible, out);
      setDiff(a.required, b.required, out);
      setDiff(a.disabled, b.disabled, out);
      keyDiff(prevWarnings, this.warnings, (x, y) => sameItems(x, y), out);
      recordDiff(a.options, b.options, (x, y) => sameItems(x, y), out);
      recordDiff(a.limits, b.limits, (x, y) => x?.min === y?.min && x?.max === y?.max, out);
    }
    if (prev.liveErrors !== next.liveErrors) keyDiff(prev.liveErrors, next.liveErrors, Object.is, out);
    if (prev.givenErrors !== next.givenErrors) keyDiff(prev.givenErrors, next.givenErrors, Object.is, out);
    return out;
  }

  /**
   * New data before the engine has seen it (a keystroke): only the fields
   * whose values changed are woken; views follow when the check arrives
   * through `update`.
   */
  setData(data: Record<string, unknown>): void {
    const prev = this.snap.data;
    if (prev === data) return;
    this.snap = { ...this.snap, data };
    this.notify(null, prev, data);
  }

  private indexWarnings(): void {
    this.warnings = new Map();
    for (const w of this.snap.evaluation?.warnings ?? []) {
      const list = this.warnings.get(w.path) ?? [];
      list.push(w.message);
      this.warnings.set(w.path, list);
    }
  }

  /** Replaces the snapshot (after each evaluation) and notifies subscribers. */
  update(next: FormSnapshot): void {
    const prev = this.snap;
    if (prev.data === next.data && prev.evaluation === next.evaluation && prev.liveErrors === next.liveErrors
      && prev.givenErrors === next.givenErrors && prev.showErrors === next.showErrors) return;
    // New given errors show again on fields edited since the last ones.
    const reshown = next.givenErrors !== prev.givenErrors ? [...this.edited] : [];
    if (reshown.length > 0) this.edited.clear();
    this.snap = next;
    const prevWarnings = this.warnings;
    if (next.evaluation !== prev.evaluation) this.indexWarnings();
    const views = this.changedViews(prev, next, prevWarnings);
    if (views !== 'all') for (const path of reshown) views.add(path);
    this.notify(views, prev.data, next.data);
  }

  /**
   * The field left focus: its live error may show from now on. When focus left
   * because a button was pressed, the error shows after that button's click, so
   * the message cannot move the button away from under the pointer.
   */
  touch(path: string): void {
    this.env.flush();
    if (this.touched.has(path)) return;
    this.pointer.afterRelease(() => {
      if (this.touched.has(path)) return;
      this.touched.add(path);
      if (this.snap.showErrors === 'touched' && this.snap.liveErrors.has(path)) this.notify(new Set([path]), null, null);
    });
  }

  /** The citizen changed the field: an error handed in for it is stale, the live check takes over. */
  markEdited(path: string): void {
    if (!this.snap.givenErrors.has(path) || this.edited.has(path)) return;
    this.edited.add(path);
    this.touched.add(path);
    this.notify(new Set([path]), null, null);
  }

  /** Sets (or clears, with null) the lookup error of a field for the value that was looked up. */
  setLookupError(path: string, value: unknown, message: string | null): void {
    if (!this.lookupErrors.set(path, value, message)) return;
    this.notify(new Set([path]), null, null);
    this.env.onLookupErrors?.(this.lookupErrorList());
  }

  /** Lookup errors whose value is still the field's value. */
  lookupErrorList(): LookupFieldError[] {
    return this.lookupErrors.holding(this.snap.data);
  }

  /**
   * Replaces the lookup errors with verdicts kept outside the form (the app
   * re-checks a loaded draft, so a remote verdict survives a reload). The
   * app hears of the form's own lookups through `onLookupErrors`, so it is
   * not told again here.
   */
  syncLookupErrors(list: readonly LookupFieldError[]): void {
    const changed = this.lookupErrors.replace(list);
    if (changed.size > 0) this.notify(changed, null, null);
  }

  /**
   * A lookup answered for the field's `value`: while the field keeps it, its
   * live errors show as if it had been left (an expired certificate says so as
   * soon as its dates arrive). Typing another value hides them again until
   * the field is left, as for any field.
   */
  reveal(path: string, value: unknown): void {
    if (this.revealed.has(path) && this.revealed.get(path) === value) return;
    this.revealed.set(path, value);
    if (this.snap.showErrors === 'touched' && this.snap.liveErrors.has(path)) this.notify(new Set([path]), null, null);
  }

  /** The view of one field; the same object while nothing it shows changes. */
  view(path: string): FieldView {
    const cached = this.views.get(path);
    if (cached && cached.version === this.version) return cached.view;
    const { evaluation, liveErrors, givenErrors, showErrors, data } = this.snap;
    const view = computeFieldView(evaluation, this.warnings, path, {
      lookup: this.lookupErrors.messageAt(data, path),
      given: this.edited.has(path) ? undefined : givenErrors.get(path),
      live: liveErrors.get(path),
      showLive: showErrors === 'all' || this.touched.has(path) || (this.revealed.has(path) && this.revealed.get(path) === getAt(data, path)),
    });
    const keep = cached && sameView(cached.view, view) ? cached.view : view;
    this.views.set(path, { version: this.version, view: keep });
    return keep;
  }
}
