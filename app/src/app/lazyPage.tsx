import type { ComponentType } from 'react';
import { markPageShown } from '../lib/afterFirstPaint';
import { loadOnDemand } from '../lib/lazyPage';
import { RouteProgress } from './layout/RouteProgress';

/** A lazily loaded page; AppRoutes shows its `frame` before the portal's first paint, then asks for its code. */
export type LazyPage = ComponentType & {
  /** What shows while the page's code has not arrived: the page's own frame, else the routes' progress bar. */
  frame: ComponentType;
};

/**
 * A route's page loaded on demand (lib/lazyPage.ts): its frame, else the progress bar, until its code is
 * there. Once it is drawn with its code, the visit's first page is shown (markPageShown); a page whose
 * content comes after its code (`showsItself`: drawn in a transition once its data is there) says so
 * itself when it is drawn (usePageShownOnceDrawn).
 */
export function lazyPage<M extends Record<K, ComponentType>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
  frame?: ComponentType,
  { showsItself = false }: { showsItself?: boolean } = {},
): LazyPage {
  const shown = frame ?? RouteProgress;
  return Object.assign(loadOnDemand(load, name, shown, { onShown: showsItself ? undefined : markPageShown }), { frame: shown });
}

/** Whether a route's page is one of lazyPage's (its code loads on demand). */
export const isLazyPage = (page: ComponentType): page is LazyPage => 'frame' in page;
