/**
 * Debounced autosave of a draft, with a local copy so nothing is lost when a
 * call fails or the tab closes: every change is kept in localStorage until the
 * server confirms it; a failed save is retried (a 507, the server's disk full,
 * less often, with its own message); another device's newer save
 * (409) is reported and the latest version reloaded.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { mutate } from 'swr';
import { applicationKey, saveApplication, type Application } from '../../../api/applications';
import { ApiError, statusOf } from '../../../lib/apiError';
import { draftCopyKey, markCopiesOwner, readDraftCopy, registerPendingWork } from '../../../lib/localCopies';
import { getSession } from '../../../lib/session';

export type SaveState = 'idle' | 'pending' | 'saving' | 'saved' | 'error' | 'full' | 'conflict';

/** 507: the server's disk is full; it keeps the saved version and the change waits here. */
const STORAGE_FULL = 507;
/** Retry after a failed save; longer when the server's disk is full (space does not come back in seconds). */
const RETRY_MS = 5000;
const FULL_RETRY_MS = 30000;

const backupKey = draftCopyKey;

export function readBackup(app: Application): Record<string, unknown> | null {
  const backup = readDraftCopy(app.id);
  return backup && backup.version === app.version ? backup.data : null;
}

/** Keeps the unconfirmed change in this browser (lib/localCopies: whose it is, and forgotten at sign-out). */
function keepCopy(form: string, id: number, version: number, data: Record<string, unknown>): void {
  markCopiesOwner(getSession()?.id);
  localStorage.setItem(backupKey(id), JSON.stringify({ version, data, form }));
}

export function useAutosave(form: string, app: Application | undefined, delayMs: number, onConflict: () => void) {
  const [state, setState] = useState<SaveState>('idle');
  const version = useRef(app?.version ?? 0);
  const pending = useRef<Record<string, unknown> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef(false);
  const id = app?.id ?? 0;

  useEffect(() => {
    if (app) version.current = app.version;
  }, [app]);

  const flush = useCallback(async (): Promise<boolean> => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const data = pending.current;
    if (!data || !id) return true;
    if (inFlight.current) return false;
    inFlight.current = true;
    setState('saving');
    try {
      const saved = await saveApplication(form, id, data, version.current);
      version.current = saved.version;
      // Pages that read the application (the review) see what the server now holds.
      void mutate(applicationKey(form, id), saved, { revalidate: false });
      if (pending.current === data) {
        pending.current = null;
        localStorage.removeItem(backupKey(id));
      } else if (pending.current) {
        keepCopy(form, id, saved.version, pending.current);
      }
      setState(pending.current ? 'pending' : 'saved');
      return true;
    } catch (error) {
      // The session is gone: the client has already forgotten this browser's copies and sent the citizen home.
      if (error instanceof ApiError && error.silent) return false;
      if (statusOf(error) === 409) {
        pending.current = null;
        localStorage.removeItem(backupKey(id));
        setState('conflict');
        onConflict();
        return false;
      }
      // The local copy stays (localStorage, above) until a save succeeds.
      const full = statusOf(error) === STORAGE_FULL;
      setState(full ? 'full' : 'error');
      timer.current = setTimeout(() => void flush(), full ? FULL_RETRY_MS : RETRY_MS);
      return false;
    } finally {
      inFlight.current = false;
      if (pending.current && !timer.current) timer.current = setTimeout(() => void flush(), delayMs);
    }
  }, [form, id, delayMs, onConflict]);

  const schedule = useCallback(
    (data: Record<string, unknown>) => {
      pending.current = data;
      if (id) keepCopy(form, id, version.current, data);
      setState('pending');
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), delayMs);
    },
    [form, id, delayMs, flush],
  );

  /** Saves everything pending, waiting for a save in flight; true once the server holds the last change. */
  const settle = useCallback(async (): Promise<boolean> => {
    for (let attempt = 0; attempt < 100 && pending.current; attempt++) {
      if (inFlight.current) await new Promise((resolve) => setTimeout(resolve, 100));
      else if (!(await flush())) return false;
    }
    return pending.current === null;
  }, [flush]);

  // Signing out sends this page's pending change first (lib/localCopies).
  useEffect(() => registerPendingWork(settle), [settle]);

  // Leaving the page (the task list's "Revisar y enviar", another step) saves at once what is pending.
  const flushRef = useRef(flush);
  flushRef.current = flush;
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (pending.current) void flushRef.current();
  }, []);

  return { state, schedule, flush, settle };
}
