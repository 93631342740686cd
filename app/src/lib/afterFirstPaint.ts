import { startTransition, useEffect, useState } from 'react';

/**
 * Runs `task` once the page's first contentful paint is on screen, the page
 * has loaded and the browser is idle (the first page rendered): work the
 * first paint does not need (the rest of the style sheets, the toasts' host)
 * must not compete with it for a slow phone's network and CPU. On a loaded
 * phone the page can be loaded and idle before anything is painted: the
 * paint's own record comes first (whenFirstPainted). Returns a function that
 * cancels it.
 */
export function afterFirstPaint(task: () => void): () => void {
  let cancelled = false;
  let stopIdle: (() => void) | undefined;
  const run = () => {
    if (!cancelled) stopIdle = whenIdle(task, { timeout: 3000, without: 500 });
  };
  const stopWaitingForPaint = whenFirstPainted(() => {
    if (cancelled) return;
    if (document.readyState === 'complete') run();
    else window.addEventListener('load', run, { once: true });
  });
  return () => {
    cancelled = true;
    stopWaitingForPaint();
    window.removeEventListener('load', run);
    stopIdle?.();
  };
}

/**
 * Runs `task` when the browser is idle (at most `timeout` ms later); where there are no idle callbacks
 * (a test's DOM), `without` ms later. Returns a function that cancels it.
 */
function whenIdle(task: () => void, { timeout, without }: { timeout: number; without: number }): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const idle = window.requestIdleCallback(task, { timeout });
    return () => window.cancelIdleCallback(idle);
  }
  const timer = window.setTimeout(task, without);
  return () => window.clearTimeout(timer);
}

/**
 * False until afterFirstPaint's moment, then true (set in a transition, so
 * what it reveals renders in slices, not in one task on a slow phone).
 */
export function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => afterFirstPaint(() => startTransition(() => setReady(true))), []);
  return ready;
}

/**
 * Runs `task` (a task later) once the page's first contentful paint has been shown: at once if it
 * already has (a later page of the visit). The browser's own record of that paint, not a guess from
 * animation frames: a frame's callbacks run before the frame reaches the screen. A page opened in a
 * background tab paints nothing and records no paint: the task runs at once there. If a browser never
 * records one, after three seconds. Returns a function that cancels it.
 */
export function whenFirstPainted(task: () => void): () => void {
  let timer: number | undefined;
  let observer: PerformanceObserver | undefined;
  const stop = () => {
    observer?.disconnect();
    window.clearTimeout(timer);
  };
  const run = () => {
    stop();
    timer = window.setTimeout(task);
  };
  if (typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) run();
    });
    observer.observe({ type: 'paint', buffered: true });
    timer = window.setTimeout(run, document.visibilityState === 'visible' ? 3000 : 0);
  } else {
    // No paint records (a test's DOM): the next frame.
    const frame = requestAnimationFrame(run);
    return () => {
      cancelAnimationFrame(frame);
      stop();
    };
  }
  return stop;
}

/**
 * False until the page's first contentful paint has been shown (whenFirstPainted), then true, set in a
 * transition (what it reveals renders in slices, and a lazy part keeps what was painted until it is ready).
 * Unlike useAfterFirstPaint it waits for no page load nor idle time.
 */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => whenFirstPainted(() => startTransition(() => setPainted(true))), []);
  return painted;
}

/**
 * Runs `task` once the frame after now has been shown and the browser is then idle (what React was
 * rendering, such as a step drawn in slices, is done); on a browser without idle callbacks, a
 * moment later. Returns a function that cancels it.
 */
export function afterSettling(task: () => void): () => void {
  let timer: number | undefined;
  let stopIdle: (() => void) | undefined;
  // An animation frame's callbacks run before that frame is painted: the task after them, after it.
  const frame = requestAnimationFrame(() => (timer = window.setTimeout(() => (stopIdle = whenIdle(task, { timeout: 2000, without: 50 })))));
  return () => {
    cancelAnimationFrame(frame);
    window.clearTimeout(timer);
    stopIdle?.();
  };
}

/** Whether the visit's first page has been shown with its own code (markPageShown). */
let pageShown = false;
const waitingForPage = new Set<() => void>();
/** If no page ever says it is shown (an error, a page that never renders), the wait ends this long after the first paint. */
const PAGE_SHOWN_CAP_MS = 5000;

/**
 * The visit's first page is drawn with its own code: the route's lazy page has been committed
 * (lazyPage), or the page was in the first bundle and has been painted (AppRoutes). What waits for
 * it is released after that page's frame (whenPageShown). Later calls do nothing.
 */
export function markPageShown(): void {
  if (pageShown) return;
  pageShown = true;
  for (const release of [...waitingForPage]) release();
  waitingForPage.clear();
}

/**
 * Runs `task` once the visit's first page has been shown and has settled (afterSettling): what the
 * shell loads for later (the account menu, the toasts' host) and the page's own second thoughts (a
 * draft's registry checks) come after what the citizen opened, not beside its code on a slow
 * network, nor in the frames that draw it. At once (after settling) on later pages of the visit.
 * Returns a function that cancels it.
 */
export function whenPageShown(task: () => void): () => void {
  let cancelSettling: (() => void) | undefined;
  let cancelCap: (() => void) | undefined;
  let capTimer: number | undefined;
  const release = () => {
    waitingForPage.delete(release);
    cancelCap?.();
    window.clearTimeout(capTimer);
    cancelSettling ??= afterSettling(task);
  };
  if (pageShown) release();
  else {
    waitingForPage.add(release);
    cancelCap = whenFirstPainted(() => (capTimer = window.setTimeout(release, PAGE_SHOWN_CAP_MS)));
  }
  return () => {
    waitingForPage.delete(release);
    cancelCap?.();
    window.clearTimeout(capTimer);
    cancelSettling?.();
  };
}

/**
 * For a page whose content is drawn after its code (lazyPage's `showsItself`): the visit's first page is
 * shown once `drawn` is true (its content, or its error, committed). Until then what waits for it (the
 * account menu's code, the toasts' host) does not load beside the page's own content on a slow network.
 */
export function usePageShownOnceDrawn(drawn: boolean): void {
  useEffect(() => {
    if (drawn) markPageShown();
  }, [drawn]);
}

/** False until whenPageShown's moment, then true (set in a transition). */
export function usePageShown(): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => whenPageShown(() => startTransition(() => setShown(true))), []);
  return shown;
}

/** For tests: forget that a page was shown (a new visit). */
export function resetPageShownForTests(): void {
  pageShown = false;
  waitingForPage.clear();
}
