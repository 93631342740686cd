/**
 * Focus after an in-app navigation: a single-page app does not reload, so
 * without help focus stays on a button that is gone (the document body) and a
 * keyboard user starts again from the header, while a screen reader announces
 * nothing. After each navigation (not the first page load) focus moves to the
 * new page's main heading, once it has rendered (pages load lazily and fetch
 * their data), unless something on the page has taken focus meanwhile (the
 * error summary does when the server reported errors on a step).
 */
import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'wouter';

/** How long to wait for the new page's heading (a page drawn by its frame waits for its code: seconds on a slow phone network). */
const WAIT_MS = 15_000;

/**
 * Marks the heading a page is about when it is not its first one: a step of an application has the
 * application's name as its h1, and the step's title (an h2) is what a citizen moving between steps
 * needs to hear.
 */
const PAGE_TITLE_ATTRIBUTE = 'data-page-title';
/** Spread on that heading: `<Title order={2} {...PAGE_TITLE}>`. */
export const PAGE_TITLE = { [PAGE_TITLE_ATTRIBUTE]: '' } as const;

/**
 * Focuses the page's title: the heading marked with PAGE_TITLE_ATTRIBUTE, else the first heading
 * shown in `main`. Hidden headings do not count, nor those of what a frame draws before its page's
 * code (DrawnBeforeCode: inert, so the browser refuses them focus). Returns false when there is none
 * yet, or when the heading did not take focus.
 */
export function focusPageHeading(main: HTMLElement | null, { preventScroll = false }: { preventScroll?: boolean } = {}): boolean {
  const shown = (selector: string) =>
    [...(main?.querySelectorAll<HTMLElement>(selector) ?? [])].find((h) => h.getClientRects().length > 0 && h.closest('[inert]') === null);
  const heading = shown(`[${PAGE_TITLE_ATTRIBUTE}]`) ?? shown('h1, h2');
  if (!heading) return false;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll });
  return document.activeElement === heading;
}

export function useRouteFocus(main: RefObject<HTMLElement | null>): void {
  const [location] = useLocation();
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const before = document.activeElement;
    const started = performance.now();
    let frame = 0;
    const tick = () => {
      const active = document.activeElement;
      // Something else took focus on purpose (a field, the error summary): leave it there.
      if (active && active !== before && active !== document.body) return;
      if (focusPageHeading(main.current)) return;
      if (performance.now() - started < WAIT_MS) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    // A frame's heading focused here, then replaced by its page's: lib/keptFocus.tsx moves focus on.
    return () => cancelAnimationFrame(frame);
  }, [location, main]);
}
