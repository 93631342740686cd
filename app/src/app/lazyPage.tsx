import { lazy, Suspense, type ComponentType } from 'react';
import { importWithReload } from '../lib/importWithReload';

/** A lazily loaded page; AppRoutes shows its `frame` before the portal's first paint, then asks for its code. */
export type LazyPage = ComponentType & {
  /** What shows while the page's code has not arrived: the page's own frame, else the routes' progress bar (none here). */
  frame?: ComponentType;
};

/**
 * A page loaded on demand (its own chunk: the home page does not download the
 * form engine); a chunk gone after a deploy reloads the page once. With a
 * `frame` (an application's step, its review: the title where the page puts
 * it), the frame shows while the code loads instead of the progress bar.
 */
export function lazyPage<M extends Record<K, ComponentType>, K extends keyof M>(load: () => Promise<M>, name: K, frame?: ComponentType): LazyPage {
  const Page = lazy((): Promise<{ default: ComponentType }> => importWithReload(load).then((module) => ({ default: module[name] })));
  if (!frame) return Object.assign(Page, { frame: undefined });
  const Frame = frame;
  return Object.assign(
    () => (
      <Suspense fallback={<Frame />}>
        <Page />
      </Suspense>
    ),
    { frame },
  );
}

/** Whether a route's page is one of lazyPage's (its code loads on demand). */
export const isLazyPage = (page: ComponentType): page is LazyPage => 'frame' in page;
