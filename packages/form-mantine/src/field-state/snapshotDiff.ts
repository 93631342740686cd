/**
 * Comparing two states of a form cheaply: which data paths changed (by
 * identity, data is updated with shared structure) and which keys of the
 * evaluation's sets, maps and records differ. The store wakes only those.
 */

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

/** Adds to `out` the members of one set missing from the other. */
export function setDiff(a: ReadonlySet<string>, b: ReadonlySet<string>, out: Set<string>): void {
  for (const p of a) if (!b.has(p)) out.add(p);
  for (const p of b) if (!a.has(p)) out.add(p);
}

/** Adds to `out` the keys whose values differ between two maps (by `same`). */
export function keyDiff<V>(a: ReadonlyMap<string, V>, b: ReadonlyMap<string, V>, same: (x: V | undefined, y: V | undefined) => boolean, out: Set<string>): void {
  for (const [k, v] of a) if (!same(v, b.get(k))) out.add(k);
  for (const [k, v] of b) if (!a.has(k) && !same(undefined, v)) out.add(k);
}

/** Adds to `out` the keys whose values differ between two records (by `same`). */
export function recordDiff<V>(a: Record<string, V>, b: Record<string, V>, same: (x: V | undefined, y: V | undefined) => boolean, out: Set<string>): void {
  for (const k of Object.keys(a)) if (!same(a[k], b[k])) out.add(k);
  for (const k of Object.keys(b)) if (!(k in a) && !same(undefined, b[k])) out.add(k);
}

/** Two lists with the same items in the same order (or the same list). */
export function sameItems(a: readonly unknown[] | undefined, b: readonly unknown[] | undefined): boolean {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  return a.every((v, i) => Object.is(v, b[i]));
}
