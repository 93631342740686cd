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
  useEffect(() => {
    resource?.ensure();
  }, [resource]);
  return { ...state, resource };
}
