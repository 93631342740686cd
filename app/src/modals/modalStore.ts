/**
 * The modal state of the portal (spec §2 "Modal registry", §4): none open, or
 * one named modal with its options. Opening a different modal replaces the
 * open one; opening the one already open changes nothing; closing clears it.
 * A plain store (useSyncExternalStore) so any feature can open a modal
 * without a provider in between, and the rules are testable without React.
 */
import { useSyncExternalStore } from 'react';
import type { ModalName } from './modalNames';

export interface ModalOptions {
  /** The dialog's title. Default: the registry's title for the name. */
  title?: string;
  /** Whatever the modal's content needs (a request, a slug). Default: undefined. */
  data?: unknown;
  /** Escape and the backdrop do not close it (a payment in progress). Default: the registry's. */
  persistent?: boolean;
}

export interface OpenModal extends ModalOptions {
  name: ModalName;
}

type Listener = () => void;

/** A store of the one open modal. The portal uses `modalStore`; tests make their own. */
export function createModalStore() {
  let current: OpenModal | null = null;
  const listeners = new Set<Listener>();
  const set = (next: OpenModal | null) => {
    if (next === current) return;
    current = next;
    for (const listener of listeners) listener();
  };
  return {
    /** The open modal, or null. */
    get: (): OpenModal | null => current,
    /** Opens `name` (replacing any other); nothing changes when `name` is already open. */
    open(name: ModalName, options: ModalOptions = {}): void {
      if (current?.name === name) return;
      set({ name, ...options });
    },
    /** Closes whatever is open. */
    close(): void {
      set(null);
    },
    /** Calls `listener` after every change; returns the unsubscribe function. */
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type ModalStore = ReturnType<typeof createModalStore>;

/** The portal's one modal store. */
export const modalStore = createModalStore();

/** Opens a modal of the registry (replacing any other one). */
export const openModal = (name: ModalName, options?: ModalOptions): void => modalStore.open(name, options);

/** Closes the open modal. */
export const closeModal = (): void => modalStore.close();

/** The open modal, re-rendering when it changes. */
export function useOpenModal(store: ModalStore = modalStore): OpenModal | null {
  return useSyncExternalStore(store.subscribe, store.get, () => null);
}
