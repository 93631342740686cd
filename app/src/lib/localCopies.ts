/**
 * Every copy of a citizen's data this browser keeps between page loads, in
 * one place (issue 25 finding 9: a shared phone must not keep the last
 * citizen's names, cédulas and company data after they leave):
 * - `borrador:<id>` (localStorage): a draft's change the server has not
 *   confirmed yet ({ version, data, form }); removed once a save succeeds;
 * - `visitadas:<id>` (localStorage): the steps of a draft already visited;
 * - `errores:<id>` (sessionStorage): the server's errors from the last submit;
 * - `copias_de` (localStorage): whose copies these are.
 *
 * Signing out first sends what is pending (sendPendingWork), then forgets
 * every copy; an expired session forgets them too (nothing can be sent with
 * it); a different citizen signing in on this browser never finds the last
 * one's copies (claimCopies). In-memory caches (SWR, the lookups' answers)
 * end with the page, which signing out and an expired session both reload.
 */

const DRAFT = 'borrador:';
const VISITED = 'visitadas:';
const ERRORS = 'errores:';
const OWNER = 'copias_de';

export interface DraftCopy {
  /** The version of the draft the change was made on. */
  version: number;
  data: Record<string, unknown>;
  /** The draft's form (its online service), so the change can be sent from any page. */
  form: string;
}

export const draftCopyKey = (id: number | string): string => `${DRAFT}${id}`;
export const visitedKey = (id: number | string): string => `${VISITED}${id}`;
export const serverErrorsKey = (id: number | string): string => `${ERRORS}${id}`;

function storages(): Storage[] {
  const found: Storage[] = [];
  for (const get of [() => window.localStorage, () => window.sessionStorage]) {
    try {
      found.push(get());
    } catch {
      // Storage refused (private mode): nothing kept there.
    }
  }
  return found;
}

function keysOf(storage: Storage): string[] {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key !== null) keys.push(key);
  }
  return keys;
}

const isCopy = (key: string) => key.startsWith(DRAFT) || key.startsWith(VISITED) || key.startsWith(ERRORS);

/** Records whose copies this browser now holds (the signed-in citizen writing one; nobody signed in: nothing). */
export function markCopiesOwner(citizenId: number | null | undefined): void {
  if (!citizenId) return;
  try {
    // The autosave marks on every change: written only when it differs.
    if (localStorage.getItem(OWNER) !== String(citizenId)) localStorage.setItem(OWNER, String(citizenId));
  } catch {
    // Without storage there are no copies to own.
  }
}

/** The draft's unconfirmed change, or null. */
export function readDraftCopy(id: number): DraftCopy | null {
  try {
    const raw = localStorage.getItem(draftCopyKey(id));
    const copy = raw ? (JSON.parse(raw) as Partial<DraftCopy>) : null;
    return copy && typeof copy.version === 'number' && copy.data && typeof copy.data === 'object'
      ? { version: copy.version, data: copy.data, form: typeof copy.form === 'string' ? copy.form : '' }
      : null;
  } catch {
    return null;
  }
}

/** The drafts with a change the server has not confirmed, by id. */
export function unsentDrafts(): Map<number, DraftCopy> {
  const found = new Map<number, DraftCopy>();
  try {
    for (const key of keysOf(localStorage)) {
      if (!key.startsWith(DRAFT)) continue;
      const id = Number(key.slice(DRAFT.length));
      const copy = Number.isInteger(id) ? readDraftCopy(id) : null;
      if (copy) found.set(id, copy);
    }
  } catch {
    // No storage: nothing unsent here.
  }
  return found;
}

/** Forgets one draft's copies (the draft was deleted). */
export function forgetDraftCopies(id: number): void {
  for (const storage of storages()) for (const key of [draftCopyKey(id), visitedKey(id), serverErrorsKey(id)]) storage.removeItem(key);
}

/** Forgets every copy of every draft; returns how many drafts had changes that were never sent. */
export function forgetAllCopies(): number {
  const unsent = unsentDrafts().size;
  for (const storage of storages()) {
    for (const key of keysOf(storage)) if (isCopy(key) || key === OWNER) storage.removeItem(key);
  }
  return unsent;
}

/**
 * A citizen signed in: copies left by someone else on this browser (a session that ended without
 * signing out, the tab closed) are forgotten before this citizen's pages can read them.
 */
export function claimCopies(citizenId: number): void {
  let owner: string | null = null;
  try {
    owner = localStorage.getItem(OWNER);
  } catch {
    return;
  }
  // Copies written before their owner was recorded count as someone else's.
  const any = storages().some((storage) => keysOf(storage).some(isCopy));
  if (owner !== String(citizenId) && (owner !== null || any)) forgetAllCopies();
}

/** What a mounted form does to send its pending change now; true once the server holds it. */
export type PendingWork = () => Promise<boolean>;
const pendingWork = new Set<PendingWork>();

/** A page with changes to send (the application's autosave) registers while it is mounted. */
export function registerPendingWork(work: PendingWork): () => void {
  pendingWork.add(work);
  return () => pendingWork.delete(work);
}

/**
 * Sends every pending change: first the mounted forms' own (they hold the newest and know the
 * version), then any draft's copy left from an earlier failure, through `send`. True when nothing
 * unsent remains; false when a change could not be sent within `timeoutMs` (no connection).
 */
export async function sendPendingWork(
  send: (id: number, copy: DraftCopy) => Promise<void>,
  timeoutMs = 15_000,
): Promise<boolean> {
  const work = async () => {
    const results = await Promise.all([...pendingWork].map((w) => w().catch(() => false)));
    if (results.includes(false)) return false;
    for (const [id, copy] of unsentDrafts()) {
      if (!copy.form) return false;
      try {
        await send(id, copy);
        localStorage.removeItem(draftCopyKey(id));
      } catch {
        return false;
      }
    }
    return true;
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([work(), late]);
  } finally {
    clearTimeout(timer);
  }
}
