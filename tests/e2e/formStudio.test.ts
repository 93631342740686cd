/**
 * The analyst's studio (issue 26 §3) in Chromium: the portal's own dev server (Vite, as
 * `npm run forms:studio` starts it) over a copy of schemas/ the test edits as an analyst's editor
 * would, with the lookups and published versions of a running portal. Every save shows up without a
 * reload: a renamed question in the citizen's view and in the changes against the published version;
 * a file that does not parse shows only its error, with line and column; a fixture that no longer
 * passes says so. axe at 1280 and 390 px. How long each save took to show is printed, not asserted.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ViteDevServer } from 'vite';
import { portalSuite } from '../support/portalSuite';
import { snapshotOnFailure } from '../support/portal';
import { expectNoAxeViolations } from '../support/axe';
import { REPO_ROOT } from '../support/startPortal';
import { DESKTOP, PHONE } from '../support/viewports';

const suite = portalSuite();
const FORM = 'reclamacion-factura-inapa';
const SHOTS = path.join(REPO_ROOT, 'tests/.artifacts/studio');
let work: string;
let studio: ViteDevServer;
let studioUrl: string;
let file: string;

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'portal-estudio-'));
  cpSync(path.join(REPO_ROOT, 'schemas'), path.join(work, 'schemas'), { recursive: true });
  file = path.join(work, 'schemas', FORM, 'schema.json');
  const savedApi = process.env.PORTAL_API_URL;
  // The plugin reads the folder on every request: it stays pointed at the copy until afterAll.
  process.env.FORM_SCHEMAS_DIR = path.join(work, 'schemas');
  process.env.PORTAL_API_URL = suite.baseUrl;
  try {
    const { createServer } = await import('vite');
    studio = await createServer({ configFile: path.join(REPO_ROOT, 'vite.config.ts'), mode: 'development', logLevel: 'warn', server: { port: 0, host: '127.0.0.1' } });
    await studio.listen();
    studioUrl = studio.resolvedUrls!.local[0];
  } finally {
    // Read when the config loaded: the proxy and the studio keep this portal.
    if (savedApi === undefined) delete process.env.PORTAL_API_URL;
    else process.env.PORTAL_API_URL = savedApi;
  }
});
afterAll(async () => {
  await studio?.close();
  delete process.env.FORM_SCHEMAS_DIR;
  rmSync(work, { recursive: true, force: true });
});

function edit(change: (schema: any) => void): number {
  const schema = JSON.parse(readFileSync(file, 'utf8'));
  change(schema);
  writeFileSync(file, JSON.stringify(schema, null, 2));
  return Date.now();
}

describe('npm run forms:studio', () => {
  it('follows every save: the citizen\'s view, the changes, a parse error with its line and column, a fixture that fails (1280 and 390 px, axe)', async () => {
    const page = await suite.page({ viewport: DESKTOP });
    await snapshotOnFailure(page, async () => {
      await page.goto(`${studioUrl}estudio/${FORM}`, { timeout: 120_000 });
      await page.getByRole('heading', { name: `Estudio del formulario ${FORM}`, level: 1 }).waitFor({ timeout: 120_000 });
      const changes = page.getByRole('region', { name: /Cambios respecto de la versión \d+ publicada/ });
      await changes.getByText('Ningún cambio: el portal ya tiene este formulario.').waitFor({ timeout: 60_000 });
      await page.getByRole('region', { name: /Ejemplos \((\d+) de \1 dan lo esperado\)/ }).waitFor();
      const phone = page.frameLocator('iframe[title="Vista en un teléfono (390 px)"]');
      const schema = JSON.parse(readFileSync(file, 'utf8'));
      const [section] = Object.keys(schema.properties);
      const [field] = Object.keys(schema.properties[section].properties);
      const oldTitle = schema.properties[section].properties[field].title as string;
      await phone.getByText(oldTitle, { exact: false }).first().waitFor({ timeout: 60_000 });
      await expectNoAxeViolations(page, 'studio at 1280 px');

      // A question renamed in the editor.
      const saved = edit((s) => {
        s.properties[section].properties[field].title = 'Pregunta renombrada en el estudio';
      });
      await changes.getByText(`«${oldTitle}» ahora se llama «Pregunta renombrada en el estudio»`, { exact: false }).waitFor();
      const seen = Date.now() - saved;
      await phone.getByText('Pregunta renombrada en el estudio').first().waitFor();
      console.log(`estudio: el cambio guardado se vio en ${seen} ms (cambios) y ${Date.now() - saved} ms (vista del teléfono)`);
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: path.join(SHOTS, 'estudio-1280.png'), fullPage: true });

      // A file that does not parse: only its error, with the line and column.
      writeFileSync(file, '{\n  "type": "object",\n  "properties": {,\n}\n');
      const broken = page.getByRole('alert').filter({ hasText: 'El archivo no es JSON válido' });
      await broken.waitFor();
      expect(await broken.innerText()).toMatch(/línea 3, columna \d+/);
      expect(await page.locator('iframe').count()).toBe(0);
      expect(await page.getByRole('region', { name: /Ejemplos/ }).count()).toBe(0);

      // Valid again, then at once (within the 50 ms in which the watcher drops a file's further
      // changes) a required question no fixture answers: the page follows the second save too.
      writeFileSync(file, JSON.stringify(schema, null, 2));
      await new Promise((resolve) => setTimeout(resolve, 15));
      edit((s) => {
        s.properties[section].properties.campo_del_estudio = { type: 'string', title: 'Campo nuevo del estudio', 'x-required': true };
      });
      await page.getByText('✗ No coincide').first().waitFor();
      await changes.getByText('Nueva pregunta obligatoria «Campo nuevo del estudio»', { exact: false }).waitFor();
      await phone.getByText('Campo nuevo del estudio').first().waitFor();
      await page.setViewportSize(PHONE);
      await expectNoAxeViolations(page, 'studio at 390 px');
      await page.screenshot({ path: path.join(SHOTS, 'estudio-390.png') });
    });
  });
});
