/**
 * axe-core in the page under test: WCAG 2.0/2.1/2.2 level A and AA rules,
 * with every violation (rule, help, nodes) spelled out when one is found.
 *
 * The script is evaluated through the DevTools protocol (page.evaluate), not
 * added as an inline <script>: the portal's Content Security Policy
 * (script-src 'self') would block that, and the policy is part of what ships.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.2 A and AA, as axe tags them (2.2 added only AA rules to axe). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] as const;

export interface AxeNode {
  target: string[];
  html: string;
  failureSummary?: string;
}

export interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  helpUrl: string;
  nodes: AxeNode[];
}

/**
 * Waits until nothing on the page is mid-transition: Mantine fades modals,
 * popovers and notifications in, and colours sampled half-way through a fade
 * would be reported as low contrast.
 */
export async function waitForStillPage(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      if (document.getAnimations().some((a) => a.playState === 'running')) return false;
      // A dialog fading in is translucent before its transition starts (Mantine sets it a frame later): its colours are not yet its own.
      for (const dialog of document.querySelectorAll('[role="dialog"]')) {
        for (let el: Element | null = dialog; el; el = el.parentElement) if (Number(getComputedStyle(el).opacity) < 1) return false;
      }
      return true;
    },
    undefined,
    { timeout: 10000 },
  );
}

/**
 * Runs axe on the whole document and returns the violations of the WCAG 2.2 A/AA rules. It first
 * waits for animations to end, except with `still: false` (a page caught while it loads, its loader
 * spinning: nothing else moves).
 */
export async function axeViolations(page: Page, { still = true }: { still?: boolean } = {}): Promise<AxeViolation[]> {
  if (still) await waitForStillPage(page);
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe !== 'undefined');
  if (!loaded) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      helpUrl: v.helpUrl,
      nodes: v.nodes.map((n) => ({ target: n.target.map(String), html: n.html, failureSummary: n.failureSummary })),
    }));
  }, [...WCAG_TAGS]);
}

/**
 * The page's outline as a screen reader's heading list gives it (hidden and inert headings left out):
 * one h1, and no level skipped on the way down (axe's best-practice rules page-has-heading-one and
 * heading-order, which the WCAG tags leave out). One line per problem.
 */
export async function headingProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const shown = [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].filter(
      (h) => h.getClientRects().length > 0 && !h.closest('[aria-hidden="true"], [inert]'),
    );
    const text = (h: Element) => `«${(h.textContent ?? '').trim().slice(0, 60)}»`;
    const problems: string[] = [];
    const ones = shown.filter((h) => h.tagName === 'H1');
    if (ones.length !== 1) problems.push(`${ones.length} h1 (one expected)${ones.length ? `: ${ones.map(text).join(', ')}` : ''}`);
    let previous = 0;
    for (const h of shown) {
      const level = Number(h.tagName[1]);
      if (level > previous + 1) problems.push(`h${level} ${text(h)} right after ${previous ? `an h${previous}` : 'the start of the page'}`);
      previous = level;
    }
    return problems;
  });
}

/** One line per violation and one per node: rule id, impact, help, selector, summary and markup. */
export function formatViolations(violations: AxeViolation[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .map((n) => `    - ${n.target.join(' ')}\n      ${(n.failureSummary ?? '').replace(/\n\s*/g, ' | ')}\n      ${n.html.slice(0, 300)}`)
        .join('\n');
      return `  [${v.id}] (${v.impact ?? 'n/a'}) ${v.help} — ${v.helpUrl}\n${nodes}`;
    })
    .join('\n');
}

/** Fails with every violation listed when axe finds any on the page as it is now. */
export async function expectNoAxeViolations(page: Page, where: string, options: { still?: boolean } = {}): Promise<void> {
  const violations = await axeViolations(page, options);
  if (violations.length > 0) {
    throw new Error(`axe-core: ${violations.length} WCAG 2.2 A/AA violation(s) on ${where} (${page.url()}):\n${formatViolations(violations)}`);
  }
}

/**
 * WCAG 1.4.11 (non-text contrast), which axe does not test: the boundary of
 * every enabled form control (an input's border, an unchecked radio's or
 * checkbox's outline, a switch's track) must reach 3:1 against what is
 * behind it. Returns one line per control that does not.
 */
export function weakControlBoundaries(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    type Rgba = [number, number, number, number];
    const parse = (c: string): Rgba => {
      const m = /rgba?\(([^)]+)\)/.exec(c);
      if (!m) return [0, 0, 0, 0];
      const parts = m[1].split(/[\s,/]+/).filter(Boolean).map(Number);
      return [parts[0], parts[1], parts[2], parts.length > 3 ? parts[3] : 1];
    };
    const over = (top: Rgba, bottom: Rgba): Rgba => {
      const a = top[3];
      return [top[0] * a + bottom[0] * (1 - a), top[1] * a + bottom[1] * (1 - a), top[2] * a + bottom[2] * (1 - a), 1];
    };
    const lum = ([r, g, b]: Rgba) => {
      const f = (v: number) => { const c = v / 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const ratio = (a: Rgba, b: Rgba) => { const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x); return (hi + 0.05) / (lo + 0.05); };
    /** The opaque colour behind an element: its ancestors' backgrounds composited over white. */
    const behind = (el: Element): Rgba => {
      const layers: Rgba[] = [];
      for (let n = el.parentElement; n; n = n.parentElement) {
        const bg = parse(getComputedStyle(n).backgroundColor);
        if (bg[3] > 0) layers.push(bg);
        if (bg[3] === 1) break;
      }
      return layers.reverse().reduce<Rgba>((acc, layer) => over(layer, acc), [255, 255, 255, 1]);
    };
    const problems: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>('.mantine-Input-input, .mantine-Radio-radio, .mantine-Checkbox-input, .mantine-Switch-track');
    for (const el of controls) {
      if (el.getClientRects().length === 0 || el.closest('[data-disabled], :disabled') || (el as HTMLInputElement).disabled) continue;
      if (el.classList.contains('mantine-Switch-track')) {
        const input = el.parentElement?.querySelector('input');
        if (input?.disabled) continue;
      }
      const style = getComputedStyle(el);
      const back = behind(el);
      const fill = over(parse(style.backgroundColor), back);
      const checked = (el as HTMLInputElement).checked === true || (el.classList.contains('mantine-Switch-track') && el.parentElement?.querySelector('input')?.checked === true);
      // A control is seen by its border, or by its fill when it has one of its own (a switch's track, a checked box).
      const edge = el.classList.contains('mantine-Switch-track') || checked ? fill : over(parse(style.borderTopColor), fill);
      const r = ratio(edge, back);
      if (r < 3) {
        const label = el.id ? (document.querySelector(`label[for="${el.id}"]`)?.textContent ?? el.id) : el.className.split(' ').find((c) => c.startsWith('mantine-')) ?? el.tagName;
        problems.push(`${label.trim()}: boundary ${r.toFixed(2)}:1 (${style.borderTopColor} / ${style.backgroundColor} on rgb(${back.slice(0, 3).map(Math.round).join(', ')}))`);
      }
    }
    return problems;
  });
}
