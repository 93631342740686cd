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
/** Set when the server ended a session the browser still held (expired, or closed elsewhere); the next login form says why. */
const ENDED_KEY = 'sesion_terminada';
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
  if (citizen) {
    localStorage.setItem(KEY, JSON.stringify(citizen));
    forgetSessionEnded();
  } else {
    localStorage.removeItem(KEY);
  }
  for (const l of listeners) l();
}

/** The server answered that the session this browser held is no longer valid: the login form will say so (this tab only). */
export function markSessionEnded(): void {
  try {
    sessionStorage.setItem(ENDED_KEY, '1');
  } catch {
    // Storage refused (private mode): the citizen still lands on the login form, without the note.
  }
}

/** True after markSessionEnded until the citizen signs in again or closes the note. */
export function sessionEnded(): boolean {
  try {
    return sessionStorage.getItem(ENDED_KEY) === '1';
  } catch {
    return false;
  }
}

export function forgetSessionEnded(): void {
  try {
    sessionStorage.removeItem(ENDED_KEY);
  } catch {
    // Nothing stored.
  }
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
