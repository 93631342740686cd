import { startTransition, useEffect, useState } from 'react';

/**
 * Runs `task` once the page has loaded and the browser is idle (the first
 * page rendered): work the first paint does not need (the rest of the style
 * sheets, the toasts' host) must not compete with it for a slow phone's
 * network and CPU. Returns a function that cancels it.
 */
export function afterFirstPaint(task: () => void): () => void {
  let cancelled = false;
  let idle: number | undefined;
  const run = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(() => !cancelled && task(), { timeout: 3000 });
    else idle = window.setTimeout(() => !cancelled && task(), 500);
  };
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
  return () => {
    cancelled = true;
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
 * False on the component's first render, true (in a transition) once that render has been painted:
 * a frame, then a task after it. Unlike useAfterFirstPaint it waits for no page load nor idle time,
 * only for the browser to have drawn what the component first showed.
 */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let task: number | undefined;
    const frame = requestAnimationFrame(() => {
      task = window.setTimeout(() => startTransition(() => setPainted(true)));
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(task);
    };
  }, []);
  return painted;
}
