/**
 * Recent answers of the catalogue's list and search, in memory. The catalogue
 * changes only through the import command, so an answer is kept `ttlMs` (an
 * import in another process shows within that time, or at restart), like the
 * region lists' reference cache. At most `max` answers; the oldest goes first.
 * A miss runs the query in the database; callers asking for the same key while
 * it runs share that one query.
 */
export interface ResultCache<T> {
  get(key: string, load: () => Promise<T>): Promise<T>;
}

export function createResultCache<T>(ttlMs = 60_000, max = 1000): ResultCache<T> {
  const entries = new Map<string, { at: number; value: Promise<T> }>();
  return {
    get(key, load) {
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && now - hit.at < ttlMs) return hit.value;
      if (hit) entries.delete(key);
      const value = load();
      entries.set(key, { at: now, value });
      value.catch(() => entries.delete(key));
      if (entries.size > max) entries.delete(entries.keys().next().value as string);
      return value;
    },
  };
}

/** The same key for the same search whatever the order of values or keys it came with. */
export function cacheKey(query: Record<string, unknown>): string {
  const parts = Object.keys(query)
    .sort()
    .map((name) => {
      const value = query[name];
      const text = Array.isArray(value) ? [...new Set(value.map(String))].sort().join(',') : typeof value === 'string' ? value.normalize('NFC').trim() : String(value);
      return `${name}=${text}`;
    });
  return parts.join('&');
}
