/**
 * Recent answers of the catalogue's list and search, in memory. The catalogue
 * changes only through the import command, so an answer is kept `ttlMs`, like
 * the region lists' reference cache; on PostgreSQL an import's notification
 * clears it at once (services/referenceNotifications.ts), and the TTL bounds
 * staleness while that notification cannot arrive. At most `max` answers; the
 * oldest goes first. A miss runs the query in the database; callers asking for
 * the same key while it runs share that one query.
 */
export interface ResultCache<T> {
  get(key: string, load: () => Promise<T>): Promise<T>;
  /** Forgets every answer (a query running now is not kept either). */
  clear(): void;
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
      const entry = { at: now, value };
      entries.set(key, entry);
      // Only this entry: a clear() and a newer query may have replaced it meanwhile.
      value.catch(() => entries.get(key) === entry && entries.delete(key));
      if (entries.size > max) entries.delete(entries.keys().next().value as string);
      return value;
    },
    clear: () => entries.clear(),
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
