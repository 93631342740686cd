/**
 * The second half of every "drawn before its code" test: what a page's frame shows has been checked by the
 * test while the page's code is held; here the frame passes axe and is photographed, its boxes are kept, the
 * code is let through, and the page must take the frame's place with the same boxes and no layout shift.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { expectNoAxeViolations, waitForStillPage } from './axe';
import { boxesOf, layoutShiftTotal } from './layoutShifts';

export interface FrameThenPage {
  /** axe's name for the frame. */
  label: string;
  /** Where the frame's screenshot goes (its folder is made). */
  screenshot: string;
  /** Selectors whose boxes the page must keep (the first match of each). */
  boxes: string[];
  /** Lets the page's code through (holdResponsesUntilReleased). */
  release: () => void;
  /** What shows once the page has taken the frame's place. */
  ready: Locator;
}

export async function expectPageInFramePlace(page: Page, { label, screenshot, boxes, release, ready }: FrameThenPage): Promise<void> {
  await expectNoAxeViolations(page, label, { still: false });
  mkdirSync(path.dirname(screenshot), { recursive: true });
  await page.screenshot({ path: screenshot });
  const before = await boxesOf(page, boxes);
  release();
  await ready.waitFor({ timeout: 20_000 });
  await waitForStillPage(page);
  expect(await page.locator('[data-drawn-before-code]').count()).toBe(0);
  expect(await boxesOf(page, boxes)).toEqual(before);
  const shifts = await layoutShiftTotal(page);
  expect(shifts.total, shifts.detail).toBeLessThan(0.01);
}
