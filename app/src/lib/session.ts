/**
 * The signed-in citizen as the browser knows them. The session token itself
 * lives in an HttpOnly, SameSite=Strict cookie set by the server, out of
 * reach of scripts; this keeps only the profile (for the uploader id and the
 * greeting), in localStorage, and notifies subscribers when it changes.
 */
import { useSyncExternalStore } from 'react';
import type { Citizen } from '@portal/api-contract';
import { claimCopies } from './localCopies';

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
    // Another citizen's copies left on this browser go before this one's pages can read them.
    claimCopies(citizen.id);
    localStorage.setItem(KEY, JSON.stringify(citizen));
    forgetSessionEnded();
  } else {
    localStorage.removeItem(KEY);
  }
  for (const l of listeners) l();
}

/**
 * The server answered that the session this browser held is no longer valid: the login form will say so (this tab only),
 * and that changes never sent were removed from this browser when `unsentRemoved`.
 */
export function markSessionEnded(unsentRemoved = false): void {
  try {
    sessionStorage.setItem(ENDED_KEY, unsentRemoved ? 'sin-enviar' : '1');
  } catch {
    // Storage refused (private mode): the citizen still lands on the login form, without the note.
  }
}

/** After markSessionEnded until the citizen signs in again or closes the note: 'ended', or 'unsent-removed' when changes never sent were removed; else null. */
export function sessionEnded(): 'ended' | 'unsent-removed' | null {
  try {
    const mark = sessionStorage.getItem(ENDED_KEY);
    return mark === 'sin-enviar' ? 'unsent-removed' : mark === '1' ? 'ended' : null;
  } catch {
    return null;
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
