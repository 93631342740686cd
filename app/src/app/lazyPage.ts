import { lazy, type ComponentType } from 'react';
import { importWithReload } from '../lib/importWithReload';

/**
 * A page loaded on demand (its own chunk: the home page does not download the
 * form engine); a chunk gone after a deploy reloads the page once.
 */
export function lazyPage<M extends Record<K, ComponentType>, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(() => importWithReload(load).then((module) => ({ default: module[name] })));
}
