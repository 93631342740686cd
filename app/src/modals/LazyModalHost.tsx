import { lazy, Suspense, useState } from 'react';
import { importWithReload } from '../lib/importWithReload';
import { useOpenModal } from './modalStore';

const ModalHost = lazy(() => importWithReload(() => import('./ModalHost')).then((module) => ({ default: module.ModalHost })));

/**
 * Mounts the modal host, and Mantine's Modal with it, when a modal is first
 * opened: the home page's first load does not carry them (the JS budget
 * before the first paint). Once mounted it stays, with its Back handling.
 */
export function LazyModalHost() {
  const current = useOpenModal();
  const [needed, setNeeded] = useState(false);
  if (current !== null && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <ModalHost />
    </Suspense>
  ) : null;
}
