/**
 * The "invalid" verdicts of lookups (x-lookup) on a form's fields. A verdict
 * is about one value: it holds while the field keeps the value looked up and
 * lapses when the value changes, with nothing to clear.
 */
import type { PathMessage } from '@portal/form-engine';
import { getAt } from '../data/paths';

/** A lookup's "invalid" verdict on a field: it holds while the field's value is `value`. */
export interface LookupFieldError extends PathMessage {
  value: unknown;
}

export class LookupErrors {
  private byPath = new Map<string, { value: unknown; message: string }>();

  /** Sets (or clears, with null) the verdict of one field; false when nothing changed. */
  set(path: string, value: unknown, message: string | null): boolean {
    const had = this.byPath.get(path);
    if (message === null ? !had : had?.message === message && had.value === value) return false;
    if (message === null) this.byPath.delete(path);
    else this.byPath.set(path, { value, message });
    return true;
  }

  /** Replaces every verdict; returns the paths whose verdict changed. */
  replace(list: readonly LookupFieldError[]): Set<string> {
    const next = new Map(list.map((e) => [e.path, { value: e.value, message: e.message }]));
    const changed = new Set<string>();
    for (const [path, e] of this.byPath) {
      const n = next.get(path);
      if (!n || n.value !== e.value || n.message !== e.message) changed.add(path);
    }
    for (const path of next.keys()) if (!this.byPath.has(path)) changed.add(path);
    this.byPath = next;
    return changed;
  }

  /** The message for the field at `path` while `data` holds the value looked up. */
  messageAt(data: unknown, path: string): string | undefined {
    const e = this.byPath.get(path);
    return e && getAt(data, path) === e.value ? e.message : undefined;
  }

  /** Verdicts that still hold for `data`. */
  holding(data: unknown): LookupFieldError[] {
    const out: LookupFieldError[] = [];
    for (const [path, e] of this.byPath) if (getAt(data, path) === e.value) out.push({ path, message: e.message, value: e.value });
    return out;
  }
}
