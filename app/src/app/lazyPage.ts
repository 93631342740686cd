import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { importWithReload } from '../lib/importWithReload';

/** A lazily loaded page that can start loading before it is rendered. */
export type LazyPage = LazyExoticComponent<ComponentType> & {
  /** Starts downloading the page's chunk (once; rendering it later uses the same download). */
  preload(): void;
};

/**
 * A page loaded on demand (its own chunk: the home page does not download the
 * form engine); a chunk gone after a deploy reloads the page once.
 */
export function lazyPage<M extends Record<K, ComponentType>, K extends keyof M>(load: () => Promise<M>, name: K): LazyPage {
  let loading: Promise<{ default: ComponentType }> | null = null;
  const start = () => (loading ??= importWithReload(load).then((module) => ({ default: module[name] })));
  return Object.assign(lazy(start), { preload: () => void start().catch(() => undefined) });
}
