/** Per-application UI state kept in the browser: visited steps, and the server's errors from the last submit. */
import type { PathMessage } from '@portal/form-engine';
import { markCopiesOwner, serverErrorsKey, visitedKey } from '../../lib/localCopies';
import { getSession } from '../../lib/session';

/** Every copy written here is the signed-in citizen's (lib/localCopies forgets them at sign-out). */
const own = () => markCopiesOwner(getSession()?.id);

function readJson<T>(storage: Storage, key: string, fallback: T): T {
  try {
    const raw = storage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : fallback;
  } catch {
    return fallback;
  }
}

export const readVisited = (id: string | number): string[] => readJson(localStorage, visitedKey(id), []);
export function writeVisited(id: string | number, keys: string[]): void {
  own();
  localStorage.setItem(visitedKey(id), JSON.stringify(keys));
}

export const readServerErrors = (id: string | number): PathMessage[] => readJson(sessionStorage, serverErrorsKey(id), []);
export function writeServerErrors(id: string | number, errors: PathMessage[]): void {
  if (errors.length === 0) sessionStorage.removeItem(serverErrorsKey(id));
  else {
    own();
    sessionStorage.setItem(serverErrorsKey(id), JSON.stringify(errors));
  }
}
