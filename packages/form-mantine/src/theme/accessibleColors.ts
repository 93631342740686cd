/**
 * Mantine's light-scheme "dimmed" (gray 6), error (red 6) and link (primary 6)
 * colours fall below the 4.5:1 contrast WCAG AA asks of small text on white
 * (axe reports them on descriptions, hints, field errors and the "Ver" links).
 * Pass this to `<MantineProvider cssVariablesResolver={accessibleColors}>`.
 */
import type { CSSVariablesResolver } from '@mantine/core';

export const accessibleColors: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': theme.colors.gray[7],
    '--mantine-color-error': theme.colors.red[9],
    '--mantine-color-anchor': theme.colors[theme.primaryColor][8],
  },
  dark: {},
});
