/**
 * A few seconds of memory in front of the session lookup: every signed-in
 * call (the form's lookups above all, several a second while a citizen types)
 * asked the database which citizen a token belongs to, which capped the
 * lookup routes at a few hundred answers a second on the embedded database.
 * Logout, a password change or reset forget the entries at once on this
 * server and, on PostgreSQL, on every server: `announce` sends the ending on
 * SESSION_CHANNEL and each server's listener (services/referenceNotifications.ts)
 * forgets it too. While a server's listening connection is down, an ended
 * session is refused there at most `ttlMs` later (docs/architecture.md).
 */
import type { CitizenView } from './sessionStore';
import type { Queryable } from '../db/Db';

/** The notification channel of ended sessions (one per database; the payload names the schema). */
export const SESSION_CHANNEL = 'portal_sesiones';

/** What ended: one session (its token's hash) or every session of a citizen. */
export type SessionEnding = { token: string } | { citizen: number };

export interface SessionCache {
  get(tokenHash: string): CitizenView | undefined;
  set(tokenHash: string, citizen: CitizenView): void;
  forgetToken(tokenHash: string): void;
  forgetCitizen(citizenId: number): void;
  /** Forgets what another server announced had ended, on this server only (no announcement of its own). */
  forgetHere(ending: SessionEnding): void;
}

export const SESSION_CACHE_TTL_MS = 5_000;

/** The ending a SESSION_CHANNEL payload names for `schema`; null when it is for another schema or malformed. */
export function endingOf(payload: string | undefined, schema: string): SessionEnding | null {
  try {
    const data = JSON.parse(payload ?? '') as { schema?: unknown; token?: unknown; citizen?: unknown };
    if (data.schema !== schema) return null;
    if (typeof data.token === 'string') return { token: data.token };
    if (typeof data.citizen === 'number' && Number.isInteger(data.citizen)) return { citizen: data.citizen };
    return null;
  } catch {
    return null;
  }
}

/**
 * A cache that also tells the other servers when a session ends (SESSION_CHANNEL),
 * through `db`; a failed announcement is reported to `onError` (the other servers
 * then refuse the session within the TTL).
 */
export function announcingSessionCache(cache: SessionCache, db: Queryable, onError: (error: unknown) => void): SessionCache {
  const announce = (ending: SessionEnding) => {
    db.query(`SELECT pg_notify($1, (jsonb_build_object('schema', current_schema()) || $2::jsonb)::text)`, [SESSION_CHANNEL, JSON.stringify(ending)]).catch(onError);
  };
  return {
    get: (tokenHash) => cache.get(tokenHash),
    set: (tokenHash, citizen) => cache.set(tokenHash, citizen),
    forgetHere: (ending) => cache.forgetHere(ending),
    forgetToken(tokenHash) {
      cache.forgetToken(tokenHash);
      announce({ token: tokenHash });
    },
    forgetCitizen(citizenId) {
      cache.forgetCitizen(citizenId);
      announce({ citizen: citizenId });
    },
  };
}

export function createSessionCache(ttlMs = SESSION_CACHE_TTL_MS, maxEntries = 20_000): SessionCache {
  const entries = new Map<string, { at: number; citizen: CitizenView }>();
  const forgetCitizen = (citizenId: number) => {
    for (const [key, entry] of entries) if (entry.citizen.id === citizenId) entries.delete(key);
  };
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
    forgetCitizen,
    forgetHere(ending) {
      if ('token' in ending) entries.delete(ending.token);
      else forgetCitizen(ending.citizen);
    },
  };
}
