/**
 * The layout shifts of a page load, as the browser reports them (the entries Lighthouse's CLS
 * adds up): what moved on screen without the user asking, with the elements that moved.
 */
import type { Page } from 'playwright-core';

export interface LayoutShift {
  value: number;
  /** Each moved element: its tag and labelledby or class, with its box's left, top and height before → after. */
  sources: string[];
}

/** From the next navigation of `page` on, its layout shifts are kept (an observer added before the page's scripts). */
export async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const kept: { value: number; sources: string[] }[] = [];
    (window as unknown as { __layoutShifts: typeof kept }).__layoutShifts = kept;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] }[]) {
        if (entry.hadRecentInput) continue;
        kept.push({
          value: entry.value,
          sources: entry.sources.map((s) => {
            const el = s.node instanceof Element ? s.node : null;
            const name = el ? `${el.tagName.toLowerCase()}${el.getAttribute('aria-labelledby') ? `[aria-labelledby=${el.getAttribute('aria-labelledby')}]` : `.${el.className}`}` : String(s.node?.nodeName);
            return `${name}: left ${Math.round(s.previousRect.x)} → ${Math.round(s.currentRect.x)}, top ${Math.round(s.previousRect.y)} → ${Math.round(s.currentRect.y)}, height ${Math.round(s.previousRect.height)} → ${Math.round(s.currentRect.height)}`;
          }),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The shifts kept since the page loaded (watchLayoutShifts first). */
export function layoutShifts(page: Page): Promise<LayoutShift[]> {
  return page.evaluate(() => (window as unknown as { __layoutShifts?: LayoutShift[] }).__layoutShifts ?? []);
}

/** The shifts kept since the page loaded, added up as CLS adds them, with the list (the elements that moved) to print when it fails. */
export async function layoutShiftTotal(page: Page): Promise<{ total: number; detail: string }> {
  const shifts = await layoutShifts(page);
  return { total: shifts.reduce((sum, s) => sum + s.value, 0), detail: JSON.stringify(shifts, null, 1) };
}

/** Answers matching `url` reach `page` `ms` late (a slow network for one call): what the page draws before they come can be checked for shifts. */
export async function holdResponses(page: Page, url: RegExp, ms: number): Promise<void> {
  await page.route(url, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

/**
 * Answers matching `url` wait until the returned function is called: a network as slow as the test needs,
 * and no slower (what the page draws before them is checked, then they are let through at once).
 */
export async function holdResponsesUntilReleased(page: Page, url: RegExp): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** The boxes (rounded to a tenth of a pixel) of the first element matching each selector: compared before and after a page replaces what was drawn in its place. */
export function boxesOf(page: Page, selectors: string[]): Promise<{ selector: string; top: number; left: number; width: number; height: number }[]> {
  return page.evaluate((list) => list.map((selector) => {
    const box = document.querySelector(selector)!.getBoundingClientRect();
    const tenth = (n: number) => Math.round(n * 10) / 10;
    return { selector, top: tenth(box.top), left: tenth(box.left), width: tenth(box.width), height: tenth(box.height) };
  }), selectors);
}
