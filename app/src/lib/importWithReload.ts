/**
 * Loads a lazy chunk; when that fails because a deploy replaced the files the
 * open page was built with (the old hashed chunk is gone), the page reloads
 * once to get the new build instead of breaking. A flag in sessionStorage
 * makes it once: if the chunk still fails after the reload, the error goes on
 * to the error boundary. A successful load clears the flag for the next deploy.
 * Every chunk also waits for Mantine's full style sheets (lib/fullStyles.ts):
 * the first paint carries only the shell's, and a page or modal must not
 * render unstyled.
 */
import { loadFullStyles } from './fullStyles';

const FLAG = 'portal:recarga-por-version';

export interface ReloadEnvironment {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  reload(): void;
}

const browser: ReloadEnvironment = {
  get storage() {
    return window.sessionStorage;
  },
  reload: () => window.location.reload(),
};

/** `load()`, reloading the page once (never resolving meanwhile) when it fails. */
export async function importWithReload<T>(load: () => Promise<T>, env: ReloadEnvironment = browser): Promise<T> {
  try {
    const [loaded] = await Promise.all([load(), loadFullStyles()]);
    env.storage.removeItem(FLAG);
    return loaded;
  } catch (error) {
    if (env.storage.getItem(FLAG) !== null) throw error;
    env.storage.setItem(FLAG, String(Date.now()));
    env.reload();
    // The page is going away: never settle, so nothing renders an error meanwhile.
    return new Promise<T>(() => {});
  }
}
