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
  let idle: number | undefined;
  const run = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(() => !cancelled && task(), { timeout: 3000 });
    else idle = window.setTimeout(() => !cancelled && task(), 500);
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
    if (idle !== undefined) {
      if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    }
  };
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
