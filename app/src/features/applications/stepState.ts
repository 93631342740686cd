/** Per-application UI state kept in the browser: visited steps, and the server's errors from the last submit. */
import type { PathMessage } from '@portal/form-engine';

function readJson<T>(storage: Storage, key: string, fallback: T): T {
  try {
    const raw = storage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : fallback;
  } catch {
    return fallback;
  }
}

export const readVisited = (id: string | number): string[] => readJson(localStorage, `visitadas:${id}`, []);
export const writeVisited = (id: string | number, keys: string[]): void => localStorage.setItem(`visitadas:${id}`, JSON.stringify(keys));

export const readServerErrors = (id: string | number): PathMessage[] => readJson(sessionStorage, `errores:${id}`, []);
export function writeServerErrors(id: string | number, errors: PathMessage[]): void {
  if (errors.length === 0) sessionStorage.removeItem(`errores:${id}`);
  else sessionStorage.setItem(`errores:${id}`, JSON.stringify(errors));
}
