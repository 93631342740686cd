/**
 * Focus inside what a page draws while its code or its data loads (a frame: its heading, reached by the
 * router after a navigation or with «Saltar al contenido principal») is not lost when the page replaces
 * it: the element it was on is gone, and the browser would put focus back on the page's body. It goes to
 * the page's title instead (focusPageHeading), without scrolling: the page draws it where the frame did.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { focusPageHeading } from './useRouteFocus';

/** Spread `ref`, `onFocus` and `onBlur` on the root of what will be replaced. */
export function useKeptFocus() {
  const ref = useRef<HTMLDivElement>(null);
  const inside = useRef(false);
  useEffect(() => {
    const root = ref.current;
    return () => {
      if (!inside.current) return;
      const main = root?.closest('main') ?? document.querySelector('main');
      requestAnimationFrame(() => {
        if (document.activeElement === null || document.activeElement === document.body) focusPageHeading(main, { preventScroll: true });
      });
    };
  }, []);
  return {
    ref,
    onFocus: () => {
      inside.current = true;
    },
    // Focus moved on to something else (a removed element gives no element to move to).
    onBlur: (event: React.FocusEvent) => {
      if (event.relatedTarget !== null && !ref.current?.contains(event.relatedTarget as Node)) inside.current = false;
    },
  };
}

const CONTENTS = { display: 'contents' } as const;

/** useKeptFocus around `children`, in a box of no layout of its own (what it holds is laid out as without it). */
export function KeptFocus({ children }: { children: ReactNode }) {
  const kept = useKeptFocus();
  return (
    <div style={CONTENTS} ref={kept.ref} onFocus={kept.onFocus} onBlur={kept.onBlur}>
      {children}
    </div>
  );
}
