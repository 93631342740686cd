import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { darken, DEFAULT_THEME, mergeMantineTheme, type MantineTheme } from '@mantine/core';
import { AA_NON_TEXT, AA_TEXT, accessibleColors, accessibleLightVariables, contrastRatio, readableOn } from './accessibleColors';

const themes: [string, MantineTheme][] = [
  ['Mantine default (primary shade 6)', DEFAULT_THEME],
  ['portal (primary shade 8)', mergeMantineTheme(DEFAULT_THEME, { primaryShade: 8 })],
  ['green primary', mergeMantineTheme(DEFAULT_THEME, { primaryColor: 'green' })],
];

describe('contrastRatio', () => {
  it('is 21 for black on white, 1 for a colour on itself, and symmetric', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#228be6', '#228be6')).toBeCloseTo(1, 5);
    expect(contrastRatio('#ffffff', '#228be6')).toBeCloseTo(contrastRatio('#228be6', '#ffffff'), 10);
  });

  it("matches the ratios axe reported on Mantine's defaults", () => {
    expect(contrastRatio('#228be6', '#ffffff')).toBeCloseTo(3.56, 2); // filled blue 6, white text
    expect(contrastRatio('#868e96', '#ffffff')).toBeCloseTo(3.32, 2); // dimmed (gray 6)
    expect(contrastRatio('#fa5252', '#ffffff')).toBeCloseTo(3.28, 2); // error (red 6)
    expect(contrastRatio('#2b8a3e', '#d3f9d8')).toBeCloseTo(3.8, 1); // light green badge
  });
});

describe('readableOn', () => {
  it('keeps a colour that already reaches the ratio', () => {
    expect(readableOn('#495057', ['#ffffff'])).toBe('#495057');
  });

  it('darkens a faint colour only as far as needed', () => {
    const fixed = readableOn('#868e96', ['#ffffff']);
    expect(fixed).not.toBe('#868e96');
    expect(contrastRatio(fixed, '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio(fixed, '#ffffff')).toBeLessThan(5.5);
  });

  it('meets the ratio against every background given, with the non-text threshold when asked', () => {
    const fixed = readableOn('#fa5252', ['#ffffff', '#ffe3e3']);
    for (const bg of ['#ffffff', '#ffe3e3']) expect(contrastRatio(fixed, bg)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio(readableOn('#ced4da', ['#ffffff'], AA_NON_TEXT), '#ffffff')).toBeGreaterThanOrEqual(AA_NON_TEXT);
  });
});

describe.each(themes)('accessibleColors with the %s theme', (_name, theme) => {
  const vars = accessibleLightVariables(theme);
  const white = theme.white;
  const palettes = Object.entries(theme.colors).filter(([name]) => name !== 'dark');

  it('dimmed, error and placeholder text reach 4.5:1 on white; control borders 3:1', () => {
    expect(contrastRatio(vars['--mantine-color-dimmed'], white)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio(vars['--mantine-color-dimmed'], theme.colors.gray[1])).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio(vars['--mantine-color-error'], white)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio(vars['--mantine-color-error'], theme.colors.red[1])).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio(vars['--mantine-color-placeholder'], white)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio(vars['--mantine-color-default-border'], white)).toBeGreaterThanOrEqual(AA_NON_TEXT);
  });

  it('links reach 4.5:1 on white and on every tinted (light variant) background', () => {
    for (const [name, palette] of palettes) {
      expect(contrastRatio(vars['--mantine-color-anchor'], palette[1]), name).toBeGreaterThanOrEqual(AA_TEXT);
    }
    expect(contrastRatio(vars['--mantine-color-anchor'], white)).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it.each(palettes.map(([name]) => name))('%s: light variant text on its tint (and hover tint), outline and text colours on white', (name) => {
    const palette = theme.colors[name];
    const light = vars[`--mantine-color-${name}-light-color`];
    expect(contrastRatio(light, palette[1])).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio(light, palette[2])).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio(light, white)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio(vars[`--mantine-color-${name}-outline`], white)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio(vars[`--mantine-color-${name}-text`], white)).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it('is what the resolver gives for the light scheme, and leaves the dark scheme alone', () => {
    const resolved = accessibleColors(theme);
    expect(resolved.light).toEqual(vars);
    expect(resolved.dark).toEqual({});
  });

  it('is computed once per theme object (Mantine asks on every render), and again for another theme', () => {
    expect(accessibleColors(theme)).toBe(accessibleColors(theme));
    const other = { ...theme };
    expect(accessibleColors(other)).not.toBe(accessibleColors(theme));
    expect(accessibleColors(other).light).toEqual(vars);
  });
});

describe('readableOn on channels gives what darkening the colour string step by step gave', () => {
  /** The first version: each step a `darken` string, its contrast read back from the string. */
  function byStrings(color: string, backgrounds: readonly string[], min: number): string {
    for (let amount = 0; amount <= 1; amount += 0.025) {
      const candidate = amount === 0 ? color : darken(color, amount);
      if (backgrounds.every((bg) => contrastRatio(candidate, bg) >= min + 0.05)) return candidate;
    }
    return '#000000';
  }
  const hex = fc.tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }))
    .map((rgb) => `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`);

  it('for any colour, backgrounds and threshold', () => {
    fc.assert(fc.property(hex, fc.array(hex, { minLength: 1, maxLength: 4 }), fc.constantFrom(AA_TEXT, AA_NON_TEXT), (color, backgrounds, min) => {
      expect(readableOn(color, backgrounds, min)).toBe(byStrings(color, backgrounds, min));
    }), { numRuns: 300 });
  });

  it("for every colour of Mantine's palettes on white and its own light shades", () => {
    for (const palette of Object.values(DEFAULT_THEME.colors)) {
      for (const shade of palette) expect(readableOn(shade, ['#ffffff', palette[1], palette[2]])).toBe(byStrings(shade, ['#ffffff', palette[1], palette[2]], AA_TEXT));
    }
  });
});
