import { useLayoutEffect, type RefObject } from 'react';

/**
 * Sections and grid rows off screen are not laid out, painted or hit-tested
 * (`content-visibility: auto`): with the whole application on one page a
 * keystroke's frame would otherwise walk thousands of boxes. Their content
 * stays in the accessibility tree and in find-in-page; `auto` in the
 * intrinsic size keeps the last measured height, so scrolling does not jump.
 * Popups (select lists, date pickers, dialogs) render in portals, outside the
 * containment.
 */
/** The height a section or row never drawn is given. */
const PLACEHOLDER = '480px';

export const OFFSCREEN_SKIPPED = { contentVisibility: 'auto', containIntrinsicSize: `auto ${PLACEHOLDER}` } as const;

/** The custom property a grid sets for its rows not yet drawn (useRowHeightEstimate). */
const ROW_HEIGHT_VAR = '--fila-alto';
/** Rows not yet drawn are this much taller than the tallest drawn (see useRowHeightEstimate). */
const ESTIMATE_MARGIN = 1.06;

/**
 * A grid row after the first: skipped like a section while off screen, and, until first drawn, as tall
 * as the tallest row of its grid drawn so far, the first row from the start (480 px before any). The
 * first row is always drawn: it is measured before the step's first paint, so the rows after it start
 * at about their height (else each was 480 px in the first frame and what follows the grid jumped
 * when they were drawn: a layout shift of 0.07 on the commercial references' step). With 480 px for
 * every row never drawn, a partner's row (~1,800 px at 390 px wide) laid its fields over what follows
 * it whenever something measured them (the footer's links, the next row's fields: axe's and
 * Lighthouse's target-size check found them «obscured»), and the page grew by ~1,300 px as each row
 * came into view.
 */
export const OFFSCREEN_ROW = { contentVisibility: 'auto', containIntrinsicSize: `auto var(${ROW_HEIGHT_VAR}, ${PLACEHOLDER})` } as const;

/**
 * What a `content-visibility: auto` element gets when the browser starts or stops skipping it. Not a
 * bubbling event: an ancestor hears it in the capture phase, on its way to the element.
 */
const SKIP_STATE = 'contentvisibilityautostatechange';

/** Listens (capture phase) to the elements under `target` the browser starts drawing; returns the stop. */
export function onDrawnOffscreen(target: EventTarget, drawn: (element: Element) => void): () => void {
  const listener = (event: Event) => {
    if (!(event as Event & { skipped?: boolean }).skipped) drawn(event.target as Element);
  };
  target.addEventListener(SKIP_STATE, listener, true);
  return () => target.removeEventListener(SKIP_STATE, listener, true);
}

/** Whether `element` is shown but inside a section or row the browser skips (off screen). False where the browser cannot tell. */
export function skippedOffscreen(element: Element): boolean {
  if (typeof element.checkVisibility !== 'function') return false;
  return element.checkVisibility() && !element.checkVisibility({ contentVisibilityAuto: true });
}

function contentHeight(row: HTMLElement): number {
  const style = getComputedStyle(row);
  const edges = ['paddingTop', 'paddingBottom', 'borderTopWidth', 'borderBottomWidth'] as const;
  return row.getBoundingClientRect().height - edges.reduce((sum, edge) => sum + (parseFloat(style[edge]) || 0), 0);
}

/**
 * Keeps `--fila-alto` on the grid's row container at the content height of its tallest row drawn so
 * far: the first row when the grid mounts, then each row as it is drawn. `contentvisibilityautostatechange`
 * comes when the browser first decides whether a row is skipped (not before: measured in the frame after
 * mounting, every row is still its placeholder) and whenever that changes. Browsers without the event never send it:
 * their rows keep 480 px.
 */
export function useRowHeightEstimate(container: RefObject<HTMLElement | null>): void {
  // Listening before the first paint: the browser's first decision on each row is an event too.
  useLayoutEffect(() => {
    const box = container.current;
    if (!box) return;
    let tallest = parseFloat(box.style.getPropertyValue(ROW_HEIGHT_VAR)) || 0;
    const measure = (row: Element) => {
      if (!(row instanceof HTMLElement) || row.parentElement !== box) return;
      // A little more than measured: rows of one grid differ a little (the rows after the first have
      // «Copiar de» buttons), and a row taller than its placeholder would lay its last fields over the next.
      const height = Math.ceil(contentHeight(row) * ESTIMATE_MARGIN);
      if (height <= tallest) return;
      tallest = height;
      box.style.setProperty(ROW_HEIGHT_VAR, `${height}px`);
    };
    const stop = onDrawnOffscreen(box, measure);
    // The first row is never skipped: measured in the next frame's animation callbacks, before that frame
    // is painted. Measuring here, in the commit, made the browser lay the whole step out inside React's
    // task (58–171 ms of a ~200–270 ms task with the CPU 4× slower); in the frame, that layout is the one
    // the frame does anyway, and the commit stays a task of its own.
    const frame = requestAnimationFrame(() => {
      if (box.firstElementChild) measure(box.firstElementChild);
    });
    return () => {
      cancelAnimationFrame(frame);
      stop();
    };
  }, [container]);
}
