import { startTransition, useEffect, useState, type ComponentProps, type ComponentType } from 'react';
import { afterSettling } from './afterFirstPaint';
import { importWithReload } from './importWithReload';
import { KeptFocus } from './keptFocus';

/**
 * A page (or a part of one) loaded on demand, its own chunk: the home page does
 * not download the form engine, a request's page shows before it. A chunk gone
 * after a deploy reloads the page once. While the code is on its way the
 * `Frame` shows, with the same props (an application's step: the title where
 * the page puts it; a progress bar; the back office's loader).
 *
 * Not React.lazy under a Suspense boundary: a page revealed by a boundary
 * comes in React's retry lane, whose commit React holds until 300 ms after the
 * last fallback any boundary showed or hid (the header's menu, the toasts'
 * host, the page's own frame). On a step that held the finished page for
 * ~200 ms with nothing to do, the largest paint waiting. Here the module is
 * loaded first and the page is then rendered by a plain transition, which
 * commits as soon as it is rendered. A failed load (after importWithReload's
 * one reload) is thrown from the render, to the error boundary, as before.
 * With `afterPaint` (a part of a page, not the page) the code is asked for
 * once the page around it has been painted and the browser is idle (its
 * largest paint is not charged with the part's code); `alongside` asks, at that moment,
 * for what the part will show (its data), so both travel together. `onShown`
 * is told once the loaded page has been committed.
 */
export function loadOnDemand<M extends Record<K, ComponentType<any>>, K extends keyof M, P extends object = ComponentProps<M[K]>>(
  load: () => Promise<M>,
  name: K,
  Frame: ComponentType<P>,
  { afterPaint = false, alongside, onShown }: { afterPaint?: boolean; alongside?: (props: P) => void; onShown?: () => void } = {},
): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const loadPage = () => (loading ??= importWithReload(load).then((module) => (loaded = module[name])));
  return function LazyLoadedPage(props: P) {
    const [state, setState] = useState<{ page: ComponentType<P> | null; error?: unknown }>(() => ({ page: loaded }));
    useEffect(() => {
      if (state.page) return;
      let live = true;
      const start = () => {
        alongside?.(props);
        return loadPage().then(
          (page) => live && startTransition(() => setState({ page })),
          (error: unknown) => {
            // Another try on the next mount (a flaky network), the error boundary now.
            loading = null;
            if (live) setState({ page: null, error });
          },
        );
      };
      // A part of a page: its code is asked for once the frame that shows the page is on screen and
      // what React was drawing is done, not beside what that paint needs.
      const cancel = afterPaint && !loading ? afterSettling(() => void start()) : (void start(), undefined);
      return () => {
        live = false;
        cancel?.();
      };
      // The props at mount are what `alongside` asks for; a later change of them does not start another load.
    }, [state.page]);
    useEffect(() => {
      if (state.page) onShown?.();
    }, [state.page]);
    if (state.error) throw state.error;
    const Page = state.page;
    return Page ? (
      <Page {...props} />
    ) : (
      <KeptFocus>
        <Frame {...props} />
      </KeptFocus>
    );
  };
}
