import { startTransition, useEffect, useState, type ComponentType } from 'react';
import { importWithReload } from './importWithReload';

/**
 * A page loaded on demand (its own chunk: the home page does not download the
 * form engine); a chunk gone after a deploy reloads the page once. While the
 * code is on its way the page shows its `frame` (an application's step: the
 * title where the page puts it; a progress bar; the back office's loader).
 *
 * Not React.lazy under a Suspense boundary: a page revealed by a boundary
 * comes in React's retry lane, whose commit React holds until 300 ms after the
 * last fallback any boundary showed or hid (the header's menu, the toasts'
 * host, the page's own frame). On a step that held the finished page for
 * ~200 ms with nothing to do, the largest paint waiting. Here the module is
 * loaded first and the page is then rendered by a plain transition, which
 * commits as soon as it is rendered. A failed load (after importWithReload's
 * one reload) is thrown from the render, to the error boundary, as before.
 */
export function loadOnDemand<M extends Record<K, ComponentType>, K extends keyof M>(load: () => Promise<M>, name: K, Frame: ComponentType): ComponentType {
  let loaded: ComponentType | null = null;
  let loading: Promise<ComponentType> | null = null;
  const loadPage = () => (loading ??= importWithReload(load).then((module) => (loaded = module[name])));
  return function LazyLoadedPage() {
    const [state, setState] = useState<{ page: ComponentType | null; error?: unknown }>(() => ({ page: loaded }));
    useEffect(() => {
      if (state.page) return;
      let live = true;
      loadPage().then(
        (page) => live && startTransition(() => setState({ page })),
        (error: unknown) => {
          // Another try on the next mount (a flaky network), the error boundary now.
          loading = null;
          if (live) setState({ page: null, error });
        },
      );
      return () => {
        live = false;
      };
    }, [state.page]);
    if (state.error) throw state.error;
    const Page = state.page;
    return Page ? <Page /> : <Frame />;
  };
}
