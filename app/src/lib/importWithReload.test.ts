/** A chunk that fails to load (a deploy replaced it) reloads the page once, never twice. */
import { describe, expect, it } from 'vitest';
import { importWithReload, type ReloadEnvironment } from './importWithReload';

function environment() {
  const env = { reloads: 0, storage: window.sessionStorage, reload: () => void env.reloads++ };
  return env satisfies ReloadEnvironment;
}

const gone = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));

describe('importWithReload', () => {
  it('returns the module when it loads', async () => {
    const env = environment();
    await expect(importWithReload(() => Promise.resolve({ ok: 1 }), env)).resolves.toEqual({ ok: 1 });
    expect(env.reloads).toBe(0);
  });

  it('reloads once on the first failure, and stays pending meanwhile', async () => {
    const env = environment();
    let settled = false;
    void importWithReload(gone, env).finally(() => (settled = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(env.reloads).toBe(1);
    expect(settled).toBe(false);
  });

  it('after that reload, a failure goes on to the error boundary', async () => {
    const env = environment();
    void importWithReload(gone, env);
    await new Promise((r) => setTimeout(r, 0));
    // The page after the reload: the flag is in sessionStorage.
    await expect(importWithReload(gone, env)).rejects.toThrow('Failed to fetch');
    expect(env.reloads).toBe(1);
  });

  it('a successful load clears the flag: the next deploy may reload again', async () => {
    const env = environment();
    void importWithReload(gone, env);
    await new Promise((r) => setTimeout(r, 0));
    await importWithReload(() => Promise.resolve(1), env);
    void importWithReload(gone, env);
    await new Promise((r) => setTimeout(r, 0));
    expect(env.reloads).toBe(2);
  });
});
