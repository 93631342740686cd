/**
 * A few seconds of memory in front of the session lookup: every signed-in
 * call (the form's lookups above all, several a second while a citizen types)
 * asked the database which citizen a token belongs to, which capped the
 * lookup routes at a few hundred answers a second on the embedded database.
 * Logout, a password change or reset on this server forget the entries at
 * once; on another server sharing the database an ended session is refused
 * at most `ttlMs` later (documented in docs/architecture.md).
 */
import type { CitizenView } from './sessionStore';

export interface SessionCache {
  get(tokenHash: string): CitizenView | undefined;
  set(tokenHash: string, citizen: CitizenView): void;
  forgetToken(tokenHash: string): void;
  forgetCitizen(citizenId: number): void;
}

export const SESSION_CACHE_TTL_MS = 5_000;

export function createSessionCache(ttlMs = SESSION_CACHE_TTL_MS, maxEntries = 20_000): SessionCache {
  const entries = new Map<string, { at: number; citizen: CitizenView }>();
  return {
    get(tokenHash) {
      const hit = entries.get(tokenHash);
      if (!hit) return undefined;
      if (Date.now() - hit.at >= ttlMs) {
        entries.delete(tokenHash);
        return undefined;
      }
      return hit.citizen;
    },
    set(tokenHash, citizen) {
      // Map order is insertion order: the first key is the oldest.
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(tokenHash, { at: Date.now(), citizen });
    },
    forgetToken: (tokenHash) => void entries.delete(tokenHash),
    forgetCitizen(citizenId) {
      for (const [key, entry] of entries) if (entry.citizen.id === citizenId) entries.delete(key);
    },
  };
}
