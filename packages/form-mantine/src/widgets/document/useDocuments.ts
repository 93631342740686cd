import { useEffect, useSyncExternalStore } from 'react';
import type { FormApi } from '../../types';
import { documentsFor, type DocumentsResource, type DocumentsState } from './DocumentsResource';

const IDLE: DocumentsState = { status: 'idle', documents: [] };
const noSubscription = () => () => undefined;

/** The stored documents (loaded on first use) and the resource to refresh them. */
export function useDocuments(api: FormApi | null): DocumentsState & { resource: DocumentsResource | null } {
  const resource = api ? documentsFor(api) : null;
  const get = () => resource?.snapshot ?? IDLE;
  const state = useSyncExternalStore(resource ? resource.subscribe : noSubscription, get, get);
  // A task later: the list's «loading» reaches every file field through the store, and each such update is
  // drawn synchronously; asked in the task that mounts a step, it drew them all again inside that task.
  useEffect(() => {
    if (!resource) return;
    const later = window.setTimeout(() => resource.ensure());
    return () => window.clearTimeout(later);
  }, [resource]);
  return { ...state, resource };
}
