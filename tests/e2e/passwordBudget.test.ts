/**
 * What a phone downloads to create a password: the JavaScript the registration and the password-change
 * dialogs fetch, from opening them to sending them, stays within 150 KB gzip (it was 1.24 MB, 584 KB gzip,
 * with zxcvbn's dictionaries), and no file the browser fetches carries zxcvbn: the strength hint and the
 * submit ask the server (POST /v1/portals/auth/citizens/password-check). Sizes are the .gz files of the
 * run's build, what the server sends a browser that accepts gzip.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { login, snapshotOnFailure } from '../support/portal';
import { portalSuite } from '../support/portalSuite';
import { builtSpa } from '../support/startPortal';
import { DESKTOP, PHONE } from '../support/viewports';

const suite = portalSuite();
/** The budget of the JavaScript a dialog fetches (gzip). */
const BUDGET_BYTES = 150 * 1024;
/** Words that exist only in zxcvbn's code and its translations (its options, its Spanish feedback). */
const ZXCVBN_MARKERS = ['l33tTable', 'straightRow', 'Teclas consecutivas en tu teclado son fáciles de adivinar'];

/** The JavaScript files the page fetches while `work` runs: their names and gzip sizes. */
async function scriptsFetchedDuring(page: Page, work: () => Promise<void>): Promise<{ files: string[]; gzipBytes: number; checks: number }> {
  const files = new Set<string>();
  let checks = 0;
  const onResponse = (response: { url(): string }) => {
    const { pathname } = new URL(response.url());
    if (/^\/assets\/.+\.js$/.test(pathname)) files.add(pathname.slice('/assets/'.length));
    if (pathname === '/v1/portals/auth/citizens/password-check') checks++;
  };
  page.on('response', onResponse);
  try {
    await work();
  } finally {
    page.off('response', onResponse);
  }
  const assets = path.join(builtSpa(), 'assets');
  const gzipBytes = [...files].reduce((sum, file) => sum + statSync(path.join(assets, `${file}.gz`)).size, 0);
  return { files: [...files].sort(), gzipBytes, checks };
}

/** Every JavaScript file the page has loaded since it opened (the ones before `work` too). */
async function allScripts(page: Page): Promise<string[]> {
  return page.evaluate(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname).filter((p) => /^\/assets\/.+\.js$/.test(p)));
}

function expectNoZxcvbn(files: string[]): void {
  for (const file of files) {
    const code = readFileSync(path.join(builtSpa(), 'assets', path.basename(file)), 'utf8');
    for (const marker of ZXCVBN_MARKERS) expect(code.includes(marker), `${file} lleva zxcvbn (${marker})`).toBe(false);
  }
}

describe('the password dialogs fetch little JavaScript and no zxcvbn', () => {
  it(`registration on a phone: ≤ ${BUDGET_BYTES / 1024} KB gzip from opening the dialog to sending it`, async () => {
    const page = await suite.page({ viewport: PHONE });
    await snapshotOnFailure(page, async () => {
      await page.goto(`${suite.baseUrl}/`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      const fetched = await scriptsFetchedDuring(page, async () => {
        await page.getByRole('button', { name: 'Menú' }).click();
        await page.getByRole('dialog', { name: 'Menú' }).getByRole('button', { name: 'Ingresar o crear una cuenta' }).click();
        await page.getByRole('dialog', { name: 'Inicie sesión o regístrese' }).getByRole('button', { name: 'Crear una cuenta' }).click();
        const register = page.getByRole('dialog', { name: 'Crear una cuenta' });
        await register.getByLabel(/^Cédula/).fill('00104578232');
        await register.getByLabel(/^Fecha de nacimiento/).fill('14/05/1968');
        await register.getByLabel(/^Correo electrónico/).fill('presupuesto@example.com');
        await register.getByLabel(/^Contraseña/).fill('aaaaaaaaaa');
        await register.locator('[data-password-hint]').getByText('La contraseña es fácil de adivinar', { exact: false }).waitFor();
        await register.getByLabel(/^Contraseña/).fill('Mango-verde-Bani-2026');
        await register.locator('[data-password-hint]').getByText('Cumple las reglas del portal', { exact: false }).waitFor();
        await register.getByLabel(/^Confirme la contraseña/).fill('Mango-verde-Bani-2026');
        await register.getByRole('button', { name: 'Continuar' }).click();
        await page.getByRole('dialog', { name: 'Elija cómo verificar su identidad' }).waitFor();
        await page.waitForLoadState('networkidle');
      });
      console.log(`registro: ${fetched.files.length} archivos JS, ${(fetched.gzipBytes / 1024).toFixed(1)} KB gzip: ${fetched.files.join(', ')}`);
      expect(fetched.checks).toBeGreaterThan(0);
      expect(fetched.gzipBytes).toBeLessThanOrEqual(BUDGET_BYTES);
      expectNoZxcvbn(await allScripts(page));
    });
  });

  it(`password change: ≤ ${BUDGET_BYTES / 1024} KB gzip from opening the dialog to sending it`, async () => {
    const page = await suite.page({ viewport: DESKTOP });
    await snapshotOnFailure(page, async () => {
      await login(page, suite.baseUrl);
      await page.waitForLoadState('networkidle');
      const fetched = await scriptsFetchedDuring(page, async () => {
        await page.getByRole('button', { name: 'Mi cuenta' }).click();
        await page.getByRole('menuitem', { name: 'Cambiar contraseña' }).click();
        const change = page.getByRole('dialog', { name: 'Cambiar la contraseña' });
        await change.getByLabel(/^Contraseña actual/).fill('no-es-la-actual-9');
        await change.getByLabel(/^Nueva contraseña/).fill('Nueva-Clave-Puerto-Plata-9');
        await change.locator('[data-password-hint]').getByText('Cumple las reglas del portal', { exact: false }).waitFor();
        await change.getByLabel(/^Confirme la nueva contraseña/).fill('Nueva-Clave-Puerto-Plata-9');
        await change.getByRole('button', { name: 'Cambiar la contraseña' }).click();
        // A wrong current password: the server's refusal, the password unchanged.
        await change.getByText('La contraseña actual no es correcta').first().waitFor();
        await page.waitForLoadState('networkidle');
      });
      console.log(`cambio de contraseña: ${fetched.files.length} archivos JS, ${(fetched.gzipBytes / 1024).toFixed(1)} KB gzip: ${fetched.files.join(', ')}`);
      expect(fetched.checks).toBeGreaterThan(0);
      expect(fetched.gzipBytes).toBeLessThanOrEqual(BUDGET_BYTES);
      expectNoZxcvbn(await allScripts(page));
    });
  });
});
