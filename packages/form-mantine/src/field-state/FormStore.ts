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
 * - views (visibility, requirement, errors, warnings): woken when the
 *   evaluation, the errors, a touched field or a lookup error change;
 * - `subscribe`: woken by every change.
 */
import type { Evaluation, FormSchema, PathMessage } from '@portal/form-engine';
import type { DismissNotification, FormApi, Notify, ShowErrors } from '../types';
import { getAt } from '../data/paths';
import { computeFieldView, sameView, type FieldView } from './fieldView';
import { pagePointerTracker, type PointerTracker } from './pointerRelease';

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
  /** Told whenever the set of lookup errors changes. */
  onLookupErrors?(errors: PathMessage[]): void;
  /** Runs the engine now on changes still waiting for it (SchemaForm checks typing after the next paint). */
  flush(): void;
}

interface LookupError {
  value: unknown;
  message: string;
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

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** Every path whose value differs by identity between `a` and `b` (ancestors of a change included). */
export function changedPaths(a: unknown, b: unknown, path = '', out: string[] = []): string[] {
  if (a === b) return out;
  out.push(path);
  if (!isObject(a) || !isObject(b)) {
    // A container appeared or vanished: everything below it changed too.
    const only = isObject(a) ? a : isObject(b) ? b : null;
    if (only) for (const k of Object.keys(only)) changedPaths(isObject(a) ? a[k] : undefined, isObject(b) ? b[k] : undefined, path === '' ? k : `${path}.${k}`, out);
    return out;
  }
  for (const k of Object.keys(a)) changedPaths(a[k], b[k], path === '' ? k : `${path}.${k}`, out);
  for (const k of Object.keys(b)) if (!(k in a)) changedPaths(undefined, b[k], path === '' ? k : `${path}.${k}`, out);
  return out;
}

export class FormStore {
  private snap: FormSnapshot;
  private warnings = new Map<string, string[]>();
  private listeners = new Set<Listener>();
  private viewListeners = new Set<Listener>();
  private pathListeners = new Map<string, Set<Listener>>();
  private version = 0;
  private views = new Map<string, { version: number; view: FieldView }>();
  private touched = new Set<string>();
  /** Paths edited since the given errors last changed: their given error no longer applies. */
  private edited = new Set<string>();
  private lookupErrors = new Map<string, LookupError>();

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

  /** Woken when what fields show may have changed (evaluation, errors, touched, lookup errors). */
  subscribeViews = (listener: Listener): (() => void) => {
    this.viewListeners.add(listener);
    return () => {
      this.viewListeners.delete(listener);
    };
  };

  /** Woken when the value at `path` changes. */
  subscribePath(path: string, listener: Listener): () => void {
    let set = this.pathListeners.get(path);
    if (!set) this.pathListeners.set(path, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.pathListeners.get(path) === set) this.pathListeners.delete(path);
    };
  }

  /** Wakes the subscribers concerned: views when `views`, those at the changed data paths, and the general ones; each once. */
  private notify(views: boolean, prevData: unknown, nextData: unknown): void {
    this.version++;
    const due = new Set<Listener>(this.listeners);
    if (views) for (const l of this.viewListeners) due.add(l);
    if (prevData !== nextData && this.pathListeners.size > 0) {
      for (const path of changedPaths(prevData, nextData)) {
        const set = this.pathListeners.get(path);
        if (set) for (const l of set) due.add(l);
      }
    }
    for (const l of due) l();
  }

  private bump(): void {
    this.notify(true, null, null);
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
    this.notify(false, prev, data);
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
    if (next.givenErrors !== prev.givenErrors) this.edited.clear();
    this.snap = next;
    if (next.evaluation !== prev.evaluation) this.indexWarnings();
    const views = prev.evaluation !== next.evaluation || prev.liveErrors !== next.liveErrors
      || prev.givenErrors !== next.givenErrors || prev.showErrors !== next.showErrors;
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
      if (this.snap.showErrors === 'touched' && this.snap.liveErrors.has(path)) this.bump();
    });
  }

  /** The citizen changed the field: an error handed in for it is stale, the live check takes over. */
  markEdited(path: string): void {
    if (!this.snap.givenErrors.has(path) || this.edited.has(path)) return;
    this.edited.add(path);
    this.touched.add(path);
    this.bump();
  }

  /** Sets (or clears, with null) the lookup error of a field for the value that was looked up. */
  setLookupError(path: string, value: unknown, message: string | null): void {
    const had = this.lookupErrors.get(path);
    if (message === null ? !had : had?.message === message && had.value === value) return;
    if (message === null) this.lookupErrors.delete(path);
    else this.lookupErrors.set(path, { value, message });
    this.bump();
    this.env.onLookupErrors?.(this.lookupErrorList());
  }

  /** Lookup errors whose value is still the field's value. */
  lookupErrorList(): PathMessage[] {
    const out: PathMessage[] = [];
    for (const [path, e] of this.lookupErrors) if (getAt(this.snap.data, path) === e.value) out.push({ path, message: e.message });
    return out;
  }

  /** The view of one field; the same object while nothing it shows changes. */
  view(path: string): FieldView {
    const cached = this.views.get(path);
    if (cached && cached.version === this.version) return cached.view;
    const lookup = this.lookupErrors.get(path);
    const { evaluation, liveErrors, givenErrors, showErrors, data } = this.snap;
    const view = computeFieldView(evaluation, this.warnings, path, {
      lookup: lookup && getAt(data, path) === lookup.value ? lookup.message : undefined,
      given: this.edited.has(path) ? undefined : givenErrors.get(path),
      live: liveErrors.get(path),
      showLive: showErrors === 'all' || this.touched.has(path),
    });
    const keep = cached && sameView(cached.view, view) ? cached.view : view;
    this.views.set(path, { version: this.version, view: keep });
    return keep;
  }
}
