/**
 * The two halves of Mantine's styles (shellStyles.ts before the first paint,
 * mantineRest.css after it) together hold every component sheet of
 * @mantine/core once, and the later half keeps the order of Mantine's full
 * sheet, so no component is left unstyled after an upgrade adds one.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const stylesDir = path.join(path.dirname(require.resolve('@mantine/core/styles.layer.css')), 'styles');
const here = path.dirname(new URL(import.meta.url).pathname);
const sheetsIn = (file: string) => [...readFileSync(path.join(here, file), 'utf8').matchAll(/@mantine\/core\/styles\/([A-Za-z-]+)\.layer\.css/g)].map((m) => m[1]);

describe('Mantine styles split between the first paint and after it', () => {
  const shell = sheetsIn('../shellStyles.ts');
  const rest = sheetsIn('../mantineRest.css');
  const all = readdirSync(stylesDir).filter((f) => f.endsWith('.layer.css')).map((f) => f.slice(0, -'.layer.css'.length));

  it('every component sheet is loaded exactly once', () => {
    expect([...shell, ...rest].sort()).toEqual([...all].sort());
  });

  it('the later sheets keep the order of the full sheet', () => {
    const full = readFileSync(path.join(stylesDir, '..', 'styles.layer.css'), 'utf8');
    const at = (name: string) => full.indexOf(readFileSync(path.join(stylesDir, `${name}.layer.css`), 'utf8').replace('@layer mantine {', '').trim().slice(0, 120));
    const positions = rest.map(at);
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it('the drop zone\'s sheet comes with the rest', () => {
    expect(readFileSync(path.join(here, '../mantineRest.css'), 'utf8')).toContain("@import '@mantine/dropzone/styles.layer.css';");
  });
});
