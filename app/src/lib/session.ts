/**
 * The signed-in citizen as the browser knows them. The session token itself
 * lives in an HttpOnly, SameSite=Strict cookie set by the server, out of
 * reach of scripts; this keeps only the profile (for the uploader id and the
 * greeting), in localStorage, and notifies subscribers when it changes.
 */
import { useSyncExternalStore } from 'react';
import type { Citizen } from '@portal/api-contract';

export type { Citizen } from '@portal/api-contract';

const KEY = 'session';
const listeners = new Set<() => void>();
let cached: Citizen | null | undefined;

function read(): Citizen | null {
  if (cached !== undefined) return cached;
  try {
    const raw = localStorage.getItem(KEY);
    const parsed = raw ? (JSON.parse(raw) as Citizen) : null;
    cached = parsed && typeof parsed.id === 'number' ? parsed : null;
  } catch {
    cached = null;
  }
  return cached;
}

/** Stores (or, with null, removes) the signed-in citizen and tells every subscriber. */
export function setSession(citizen: Citizen | null): void {
  cached = citizen;
  if (citizen) localStorage.setItem(KEY, JSON.stringify(citizen));
  else localStorage.removeItem(KEY);
  for (const l of listeners) l();
}

/** The signed-in citizen, or null. */
export function getSession(): Citizen | null {
  return read();
}

/** The signed-in citizen, re-rendering when they log in or out. */
export function useSession(): Citizen | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    read,
    () => null,
  );
}
