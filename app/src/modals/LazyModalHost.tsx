import { lazy, Suspense, useMemo, useState } from 'react';
import { importWithReload } from '../lib/importWithReload';
import type { ModalRegistry } from './modalDefinition';
import { useOpenModal } from './modalStore';

export interface LazyModalHostProps {
  /** Loads the app's registry (the app layer knows the features; this shared host does not). */
  loadRegistry(): Promise<ModalRegistry>;
}

/**
 * Mounts the modal host, and Mantine's Modal with it, when a modal is first
 * opened: the home page's first load does not carry them, nor the registry
 * (the JS budget before the first paint). Once mounted it stays, with its
 * Back handling.
 */
export function LazyModalHost({ loadRegistry }: LazyModalHostProps) {
  const current = useOpenModal();
  const [needed, setNeeded] = useState(false);
  if (current !== null && !needed) setNeeded(true);
  const Host = useMemo(
    () => lazy(() => Promise.all([importWithReload(() => import('./ModalHost')), loadRegistry()]).then(([module, registry]) => ({
      default: () => <module.ModalHost registry={registry} />,
    }))),
    [loadRegistry],
  );
  return needed ? (
    <Suspense fallback={null}>
      <Host />
    </Suspense>
  ) : null;
}
