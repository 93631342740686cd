/**
 * WCAG 2.2 AA colours for Mantine's light scheme. Out of the box several of
 * Mantine's text colours fall below the 4.5:1 contrast AA asks of text:
 * "dimmed" (gray 6, 3.3:1) on descriptions, hints and "Paso 1 de 12"; the
 * error colour (red 6, 3.3:1) on field errors and the error summary's links;
 * links (primary 6); the "light" variant of Badge and Alert (shade 9 on shade
 * 1: green gives 3.8:1); outline variants and `c="green"`-style text. Input
 * and default-button borders (gray 4, 1.5:1) miss the 3:1 of non-text
 * contrast (1.4.11) and placeholders (gray 5) the 4.5:1 of text.
 *
 * Each colour is darkened in small steps, from Mantine's own shade, only as
 * far as it needs to reach the ratio against every background it is drawn
 * on, so the palette keeps its look. Pass this to
 * `<MantineProvider cssVariablesResolver={accessibleColors}>`, with a theme
 * whose filled colours carry white text at 4.5:1 (a dark enough
 * `primaryShade`, and `autoContrast` for the other colours).
 */
import { darken, luminance, toRgba, type CSSVariablesResolver, type MantineTheme } from '@mantine/core';

/** WCAG AA: normal text (1.4.3). */
export const AA_TEXT = 4.5;
/** WCAG AA: boundaries of controls and other non-text (1.4.11). */
export const AA_NON_TEXT = 3;

/** WCAG contrast ratio of two opaque colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** Mantine's `luminance` of the colour `darken(color, amount)` gives, from its channels (no strings). */
function darkenedLuminance({ r, g, b }: { r: number; g: number; b: number }, amount: number): number {
  const linear = (channel: number) => {
    const c = Math.round(channel * (1 - amount)) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/**
 * `color` as is when it reaches `min` against every background, else darkened
 * in 2.5 % steps until it does (black at worst). The steps are tried on the
 * colour's channels (Mantine's darken and luminance, without writing and
 * parsing a colour string per step: on a slow phone those strings cost the
 * first render tens of milliseconds); the answer is Mantine's `darken`.
 */
export function readableOn(color: string, backgrounds: readonly string[], min: number = AA_TEXT): string {
  // A small margin over the threshold: browsers round channels, axe rounds ratios.
  const target = min + 0.05;
  const channels = toRgba(color);
  const lights = backgrounds.map(luminance);
  for (let amount = 0; amount <= 1; amount += 0.025) {
    const own = darkenedLuminance(channels, amount);
    const ratio = (bg: number) => (Math.max(own, bg) + 0.05) / (Math.min(own, bg) + 0.05);
    if (lights.every((bg) => ratio(bg) >= target)) return amount === 0 ? color : darken(color, amount);
  }
  return '#000000';
}

function lightPrimaryShade(theme: MantineTheme): number {
  return typeof theme.primaryShade === 'number' ? theme.primaryShade : theme.primaryShade.light;
}

/** The light-scheme variables, computed from the theme's palettes. */
export function accessibleLightVariables(theme: MantineTheme): Record<string, string> {
  const white = theme.white;
  const { gray, red } = theme.colors;
  const primary = theme.colors[theme.primaryColor];
  const shade = lightPrimaryShade(theme);
  const vars: Record<string, string> = {
    // Dimmed text sits on the page, on cards and on gray hover backgrounds.
    '--mantine-color-dimmed': readableOn(gray[6], [white, gray[0], gray[1]]),
    // Field errors and the error summary's links; also on red tinted alerts.
    '--mantine-color-error': readableOn(red[6], [white, red[0], red[1]]),
    // Links sit on the page and inside alerts of any colour (light variant: shade 1 backgrounds).
    '--mantine-color-anchor': readableOn(primary[shade], [white, ...Object.entries(theme.colors).filter(([name]) => name !== 'dark').map(([, p]) => p[1])]),
    '--mantine-color-placeholder': readableOn(gray[5], [white]),
    '--mantine-color-default-border': readableOn(gray[4], [white], AA_NON_TEXT),
  };
  for (const [name, palette] of Object.entries(theme.colors)) {
    if (name === 'dark') continue;
    // `c="green"` text and the outline variant (text and border on the page).
    vars[`--mantine-color-${name}-text`] = readableOn(palette[shade], [white]);
    vars[`--mantine-color-${name}-outline`] = readableOn(palette[shade], [white]);
    // Light and subtle variants: shade 9 text on shade 1 (shade 2 on hover) or on the page.
    vars[`--mantine-color-${name}-light-color`] = readableOn(palette[9], [white, palette[1], palette[2]]);
  }
  return vars;
}

/**
 * The resolver's answer per theme object: Mantine calls it on every render of
 * its CSS variables, and the darkening loops cost a slow phone tens of
 * milliseconds each time; the theme's colours do not change while it lives.
 */
const resolved = new WeakMap<MantineTheme, ReturnType<CSSVariablesResolver>>();

export const accessibleColors: CSSVariablesResolver = (theme) => {
  let answer = resolved.get(theme);
  if (!answer) {
    answer = { variables: {}, light: accessibleLightVariables(theme), dark: {} };
    resolved.set(theme, answer);
  }
  return answer;
};
