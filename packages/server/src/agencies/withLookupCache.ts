/**
 * A short-lived cache in front of the identity lookups (JCE cédula, ONAPI
 * certificate). The browser asks for the same cédula several times while a
 * citizen fills the form, and the server asks again on submit; the outside
 * registries should not pay for that. Answers (found or not) live `ttlMs`;
 * failures (agency unavailable) are never cached.
 */
import type { Agencies } from './types';

export interface LookupCacheOptions {
  ttlMs: number;
  maxEntries: number;
}

function cached<T>(fn: (key: string) => Promise<T>, { ttlMs, maxEntries }: LookupCacheOptions): (key: string) => Promise<T> {
  const entries = new Map<string, { at: number; value: Promise<T> }>();
  return (key) => {
    const now = Date.now();
    const hit = entries.get(key);
    if (hit && now - hit.at < ttlMs) return hit.value;
    const value = fn(key);
    // Map order is insertion order: the first key is the oldest.
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
    entries.set(key, { at: now, value });
    value.catch(() => entries.delete(key));
    return value;
  };
}

export function withLookupCache(agencies: Agencies, options: LookupCacheOptions = { ttlMs: 60_000, maxEntries: 10_000 }): Agencies {
  return {
    ...agencies,
    jce: { ...agencies.jce, lookup: cached((c) => agencies.jce.lookup(c), options) },
    onapi: { ...agencies.onapi, certificate: cached((n) => agencies.onapi.certificate(n), options) },
  };
}
