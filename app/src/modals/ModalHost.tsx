/**
 * Renders the open modal of the registry in one Mantine Modal (focus trapped,
 * aria-modal, labelled by its title; focus goes back to the element that
 * opened it, noted when the store opens it).
 * - Escape and the backdrop close it unless it is persistent, or held by its
 *   content while work it cannot abandon is under way (a card payment).
 * - Opening waits for the content's chunk at most 500 ms (spec §4, §9: the
 *   500 ms opening fallback): a content already loaded, or arriving in time,
 *   shows at once with no spinner flash; after 500 ms the dialog opens anyway
 *   with "Cargando…" until its content arrives.
 * - The browser's Back closes it (an open modal adds one history entry, at the
 *   same address; replacing it reuses the entry) and a navigation closes it.
 */
import { useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import { Loader, Modal, Stack, Text } from '@mantine/core';
import { useLocation } from 'wouter';
import { importWithReload } from '../lib/importWithReload';
import type { ModalContentProps } from './modalContent';
import type { ModalName } from './modalNames';
import type { ModalDefinition, ModalRegistry } from './modalDefinition';
import { modalStore as defaultStore, useOpenModal, type ModalStore } from './modalStore';

/** How long opening waits for a modal's content before showing the dialog with a loader. */
export const OPENING_FALLBACK_MS = 500;

const HISTORY_KEY = 'portalModal';
// Keyed by definition: a content loads once per page life, whichever registry holds it.
const loadedContents = new Map<ModalDefinition, ComponentType<ModalContentProps>>();

function hasModalEntry(): boolean {
  const state: unknown = window.history.state;
  return state !== null && typeof state === 'object' && (state as Record<string, unknown>)[HISTORY_KEY] === true;
}

export interface ModalHostProps {
  /** The store to show. Default: the portal's. */
  store?: ModalStore;
  /** The definitions: the app's registry (app/modalRegistry.ts), given by the app layer. */
  registry: ModalRegistry;
}

/** The one place modals render; mounted once inside the providers. */
export function ModalHost({ store = defaultStore, registry }: ModalHostProps) {
  const current = useOpenModal(store);
  const name = current?.name ?? null;
  const [, force] = useState(0);
  const [waited, setWaited] = useState<ModalName | null>(null);
  const [failed, setFailed] = useState<ModalName | null>(null);
  // The open modal its content holds (hold(true)); another modal, or the same one opened again, is not held.
  const [heldModal, setHeldModal] = useState<typeof current>(null);
  const held = current !== null && heldModal === current;
  const heldRef = useRef(held);
  heldRef.current = held;
  const hold = useCallback((on: boolean) => setHeldModal(on ? current : null), [current]);

  // Load the content; open when it is here or when the fallback delay has passed.
  useEffect(() => {
    if (name === null || loadedContents.has(registry[name])) return;
    let alive = true;
    const timer = setTimeout(() => alive && setWaited(name), OPENING_FALLBACK_MS);
    const definition = registry[name];
    importWithReload(() => definition.load())
      .then((module) => {
        loadedContents.set(definition, module.default);
        if (alive) force((n) => n + 1);
      })
      .catch(() => alive && setFailed(name));
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [name, registry]);

  // Where focus goes back when the modal is gone: noted when it opens, not by Mantine when the dialog
  // appears (the dialog opens once its content has loaded, and by then focus may be elsewhere).
  const opener = useRef<HTMLElement | null>(null);
  const returnFocus = () => {
    // A modal opened again before this one's exit ended keeps its own opener.
    if (store.get() !== null) return;
    const target = opener.current;
    opener.current = null;
    if (!target?.isConnected) return;
    // Unless the citizen has moved on: focus still in the closing dialog (its close button), lost, or on the body.
    const active = document.activeElement;
    if (active === null || active === document.body || !active.isConnected || active.closest('[role="dialog"], .mantine-Modal-root') !== null) target.focus();
  };

  // Back closes: one history entry while a modal is open. Followed through the store, not an effect's
  // cleanup, so React's development double effects cannot push or pop an entry twice.
  useEffect(() => {
    let wasOpen = false;
    // history.back() is asynchronous: a modal opened before its popstate arrives must not be closed by it.
    let droppingEntry = false;
    const pushEntry = () => window.history.pushState({ ...(window.history.state as object | null), [HISTORY_KEY]: true }, '');
    const follow = () => {
      const nowOpen = store.get() !== null;
      // Called inside store.open, before React renders: the focused element is the one that opened it
      // (a modal replacing another keeps the first one's).
      if (nowOpen && !wasOpen) opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      if (nowOpen && !wasOpen && !droppingEntry && !hasModalEntry()) pushEntry();
      // Closed from the page (Escape, a button): drop the entry, so Back then goes where the citizen expects.
      if (!nowOpen && wasOpen && !droppingEntry && hasModalEntry()) {
        droppingEntry = true;
        window.history.back();
      }
      wasOpen = nowOpen;
    };
    follow();
    const onPop = () => {
      if (droppingEntry) {
        droppingEntry = false;
        if (store.get() !== null && !hasModalEntry()) pushEntry();
        return;
      }
      if (!hasModalEntry() && store.get() !== null) {
        // Held: Back does not abandon the work; the entry comes back and the modal stays.
        if (heldRef.current) pushEntry();
        else store.close();
      }
    };
    window.addEventListener('popstate', onPop);
    const unsubscribe = store.subscribe(follow);
    return () => {
      unsubscribe();
      window.removeEventListener('popstate', onPop);
    };
  }, [store]);

  // A navigation (a link inside the modal, the header) closes it.
  const [location] = useLocation();
  const lastLocation = useRef(location);
  useEffect(() => {
    if (lastLocation.current === location) return;
    lastLocation.current = location;
    store.close();
  }, [location, store]);

  const definition = name ? registry[name] : null;
  const Content = definition ? loadedContents.get(definition) : undefined;
  const opened = name !== null && (Content !== undefined || waited === name || failed === name);
  const persistent = held || (current?.persistent ?? definition?.persistent ?? false);

  return (
    <Modal
      opened={opened}
      onClose={() => store.close()}
      title={current?.title ?? definition?.title}
      closeOnEscape={!persistent}
      closeOnClickOutside={!persistent}
      withCloseButton={!persistent}
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
      centered
      returnFocus={false}
      onExitTransitionEnd={returnFocus}
      data-modal={name ?? undefined}
    >
      {Content && current ? (
        <Content data={current.data} close={() => store.close()} open={store.open} hold={hold} />
      ) : failed === name ? (
        <Text role="alert">No se pudo cargar este contenido. Revise su conexión e intente de nuevo.</Text>
      ) : (
        <Stack align="center" py="md">
          <Loader role="progressbar" aria-label="Cargando" />
        </Stack>
      )}
    </Modal>
  );
}
