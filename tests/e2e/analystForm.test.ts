/**
 * An analyst adds an online service without TypeScript, exactly as the README
 * says: a form folder beside the others (tests/support/forms/permiso-de-prueba,
 * copied into a schemas folder named by FORM_SCHEMAS_DIR), a catalogue entry
 * imported with the import command into the portal's database, the portal
 * built and started. A citizen then finds the service, applies through the
 * engine (a lookup, a conditional section, an uploaded document) and submits
 * it to a request listed in «Mis solicitudes».
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../support/browser';
import { pdfBuffer, registerCitizen, snapshotOnFailure } from '../support/portal';
import { schemasWith, TEST_FORMS } from '../support/schemasWith';
import { buildSpaInto } from '../support/buildSpa';
import { REPO_ROOT, startPortal, type Portal } from '../support/startPortal';

const FORM = 'permiso-de-prueba';
let portal: Portal;
let browser: Browser;
let work: string;

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'portal-analyst-'));
  // 1. The form folder beside the others.
  const schemas = schemasWith(path.join(TEST_FORMS, FORM));
  process.env.FORM_SCHEMAS_DIR = schemas;
  // The analyst's check of the new form: the same command as `npm run schemas:check`.
  execFileSync(path.join(REPO_ROOT, 'node_modules/.bin/form-engine'), ['lint'], { env: { ...process.env, FORM_SCHEMAS_DIR: schemas }, stdio: 'pipe' });
  // 2. The catalogue entry, imported into the portal's database with the import command.
  const services = JSON.parse(readFileSync(path.join(REPO_ROOT, 'packages/server/src/db/reference/catalogo/servicios.json'), 'utf8')) as object[];
  services.push({
    id: 9001, slug: 'permiso-de-prueba', nombre: 'Permiso de prueba para un negocio', descripcion: 'Permiso de prueba que un analista añadió con una carpeta de formulario y una entrada del catálogo.',
    institucionId: 8, areaId: 1, tipo: 'en_linea', canales: ['en_linea'], costo: 1500, tiempoEstimado: '3 días laborables',
    requisitos: ['Contrato de agua de INAPA', 'Plano del local (PDF)'], pasos: ['Complete la solicitud en línea', 'Pague la tasa'], formulario: FORM, palabrasClave: 'permiso prueba negocio',
  });
  const file = path.join(work, 'servicios.json');
  writeFileSync(file, JSON.stringify(services));
  const dataDir = path.join(work, 'datos');
  execFileSync(path.join(REPO_ROOT, 'node_modules/.bin/tsx'), [path.join(REPO_ROOT, 'packages/server/src/cli/importReference.ts'), 'catalogo-servicios', file], {
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    stdio: 'pipe',
  });
  // 3. The portal built and started on that database.
  const app = path.join(work, 'app');
  // Its own build (the added form is compiled in); served uncompressed, which is all this flow needs.
  await buildSpaInto(app, { precompress: false });
  [portal, browser] = await Promise.all([startPortal({ DATA_DIR: dataDir, STATIC_DIR: app }), launchChromium()]);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await portal?.close();
  delete process.env.FORM_SCHEMAS_DIR;
  rmSync(work, { recursive: true, force: true });
});

describe('an online service added by an analyst', () => {
  it('is found in the catalogue, applied for through the engine and submitted', async () => {
    const account = await registerCitizen(portal.baseUrl, '09301624756');
    const page = await (await browser.newContext({ locale: 'es-DO', viewport: { width: 1280, height: 900 } })).newPage();
    page.setDefaultTimeout(15000);
    await snapshotOnFailure(page, async () => {
      await page.goto(`${portal.baseUrl}/ingresar?volver=${encodeURIComponent('/servicios?q=permiso de prueba')}`);
      await page.getByLabel('Cédula').fill(account.cedula);
      await page.getByLabel('Contraseña').fill(account.password);
      await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
      await page.getByRole('link', { name: 'Permiso de prueba para un negocio' }).click();
      await page.getByRole('heading', { name: 'Permiso de prueba para un negocio', level: 1 }).waitFor();
      await page.getByRole('link', { name: 'Solicitar en línea' }).click();
      await page.getByRole('button', { name: 'Comenzar la solicitud' }).click();
      await page.waitForURL(new RegExp(`/en-linea/${FORM}/\\d+`));
      const id = Number(new RegExp(`/en-linea/${FORM}/(\\d+)`).exec(page.url())![1]);

      await page.getByRole('textbox', { name: /^Nombre del negocio/ }).fill('Colmado La Bendición');
      const contract = page.getByRole('textbox', { name: /^Contrato de agua/ });
      await contract.fill('99999999');
      await page.locator('.mantine-InputWrapper-error', { hasText: 'Entrada inválida' }).waitFor();
      await contract.fill('30012345');
      await page.locator('.mantine-InputWrapper-error', { hasText: 'Entrada inválida' }).waitFor({ state: 'detached' });
      const sections = page.getByRole('navigation', { name: 'Secciones de la solicitud' });
      await page.getByRole('radio', { name: 'Sí', exact: true }).check();
      await sections.getByRole('link', { name: /Local/ }).waitFor();
      await page.getByRole('button', { name: 'Siguiente' }).click();

      await page.getByRole('heading', { name: 'Local', level: 2 }).waitFor();
      await page.getByRole('textbox', { name: /^Dirección del local/ }).fill('Calle Duarte 12, Moca');
      const group = page.getByRole('group', { name: /^Plano del local/ });
      await group.getByRole('button', { name: 'Subir archivo' }).click();
      const dialog = page.getByRole('dialog', { name: 'Subir documento' });
      await dialog.locator('input[type=file][accept]').setInputFiles({ name: 'Plano del local.pdf', mimeType: 'application/pdf', buffer: pdfBuffer() });
      await dialog.getByRole('button', { name: 'Subir' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Revisar la solicitud' }).click();

      await page.getByRole('heading', { name: 'Revise sus respuestas antes de enviar' }).waitFor();
      await page.getByText('Colmado La Bendición').waitFor();
      await page.getByRole('button', { name: 'Enviar solicitud' }).click();
      await page.waitForURL(`**/en-linea/${FORM}/${id}/confirmacion`);
      const code = (await page.getByTestId('codigo-solicitud').innerText()).trim();
      expect(code).toMatch(/^SOL-\d{4}-\d{6}$/);
      await page.getByText('RD$ 1,500.00').first().waitFor();

      await page.goto(`${portal.baseUrl}/mis-solicitudes`);
      const card = page.locator('.mantine-Card-root', { hasText: code });
      await card.waitFor();
      await expect(card.innerText()).resolves.toContain('Colmado La Bendición');
      await expect(card.innerText()).resolves.toContain('Permiso de prueba para un negocio');
    });
  });
});
