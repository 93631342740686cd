/**
 * RJSF hands back a deep clone of the whole draft on every change. Reusing
 * the previous objects wherever nothing changed lets memoized rows and
 * sections skip rendering (and keeps the app's state cheap to compare).
 */

const isPlain = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;

/** `next`, with every subtree that deep-equals its counterpart in `prev` replaced by that counterpart. */
export function shareStructure<T>(prev: unknown, next: T): T {
  if (Object.is(prev, next)) return next;
  if (Array.isArray(next)) {
    if (!Array.isArray(prev)) return next;
    let same = prev.length === next.length;
    const out = next.map((v, i) => {
      const shared = shareStructure(prev[i], v);
      if (shared !== prev[i]) same = false;
      return shared;
    });
    return (same ? prev : out) as T;
  }
  if (isPlain(next) && isPlain(prev)) {
    const keys = Object.keys(next);
    let same = keys.length === Object.keys(prev).length;
    const out: Record<string, unknown> = {};
    for (const key of keys) {
      const shared = shareStructure(prev[key], next[key]);
      // A data key "__proto__" (JSON.parse makes it an own property) must stay a key, not set the prototype.
      if (key === '__proto__') Object.defineProperty(out, key, { value: shared, enumerable: true, writable: true, configurable: true });
      else out[key] = shared;
      if (shared !== prev[key] || !(key in prev)) same = false;
    }
    return (same ? prev : out) as T;
  }
  return next;
}
