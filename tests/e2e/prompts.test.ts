/**
 * The shell's prompts, problem reports, analytics and external header in
 * Chromium against real portals (production build): one with SURVEY_URL,
 * REGISTRO_UNICO_URL and HEADER_SCRIPT_URL pointing at a small local HTTP
 * server, one with the defaults (no header script, stand-in survey pages).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { countPageViews } from '../../packages/server/src/services/analytics/pageViewStore';
import { launchChromium } from '../support/browser';
import { expectNoAxeViolations, waitForStillPage } from '../support/axe';
import { expectFocus, tabTo, type } from '../support/keyboard';
import { setFileFields } from '../support/fileFields';
import { DEMO, fixture, login, newApplication, seedDraft, snapshotOnFailure, uploadDocumentApi, type Data } from '../support/portal';
import { startPortal, type Portal } from '../support/startPortal';
import { DESKTOP, PHONE } from '../support/viewports';

/**
 * PROMPT_DELAY_MS (3 s) and a margin, on the page's clock: each context runs Playwright's fake
 * clock (time flows as usual), and a test that checks that nothing opens jumps it forward by this
 * much instead of sleeping, then gives the page SETTLE_MS of real time to ask the portal and draw.
 */
const PROMPT_WAIT = 4500;
const SETTLE_MS = 750;
const EXTERNAL_TEXT = 'Encabezado del Gobierno (externo)';
/** HEADER_SCRIPT_TIMEOUT_MS (3 s) and a margin, on the page's clock. */
const HEADER_SCRIPT_WAIT = 3500;

/**
 * How the local server answers /header.js: draws the header, 404, or the drawing script held back
 * until the test releases it (after the page's 3 s allowance has passed on its clock).
 */
let headerMode: 'ok' | 'fails' | 'slow' = 'ok';
let releaseSlowHeader: (() => void) | undefined;
const HEADER_JS = `(function () {
  var slot = document.getElementById(document.currentScript.dataset.slot);
  var bar = document.createElement('div');
  bar.textContent = ${JSON.stringify(EXTERNAL_TEXT)};
  slot.replaceChildren(bar);
})();`;

let site: Server;
let siteUrl: string;
let configured: Portal;
let plain: Portal;
let browser: Browser;

beforeAll(async () => {
  site = createServer((req, res) => {
    if (req.url === '/header.js') {
      if (headerMode === 'fails') return void res.writeHead(404).end();
      const send = () => res.writeHead(200, { 'content-type': 'text/javascript' }).end(HEADER_JS);
      if (headerMode !== 'slow') return void send();
      releaseSlowHeader = send;
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><title>${req.url}</title><h1>${req.url}</h1>`);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://localhost:${(site.address() as AddressInfo).port}`;
  [configured, plain, browser] = await Promise.all([
    startPortal({ SURVEY_URL: `${siteUrl}/encuesta`, REGISTRO_UNICO_URL: `${siteUrl}/registro-unico`, HEADER_SCRIPT_URL: `${siteUrl}/header.js` }),
    startPortal(),
    launchChromium(),
  ]);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all([configured?.close(), plain?.close()]);
  site?.closeAllConnections();
  await new Promise((resolve) => site?.close(resolve));
});

async function newPage(context?: BrowserContext, viewport = DESKTOP): Promise<Page> {
  let ctx = context;
  if (!ctx) {
    ctx = await browser.newContext({ locale: 'es-DO', viewport });
    await ctx.clock.install();
  }
  const page = await ctx.newPage();
  page.setDefaultTimeout(15000);
  return page;
}

const dialogs = (page: Page) => page.getByRole('dialog');

/** Lets `ms` pass on the page's clock (every timer due fires), then the page settles for real. */
async function letTimePass(page: Page, ms: number): Promise<void> {
  await page.clock.fastForward(ms);
  await page.waitForTimeout(SETTLE_MS);
}

/**
 * The prompt `name` opening over the page just opened: once `ready` shows (the shell is up and its
 * PromptScheduler has set the prompt's timer), the page's clock jumps past PROMPT_DELAY_MS instead
 * of the test waiting that long for real. Were the timer set again afterwards (the page still
 * settling), it would run out on the clock as it flows: the wait's allowance covers that.
 */
async function promptOpens(page: Page, name: string, ready: Locator): Promise<Locator> {
  await ready.waitFor();
  await page.clock.fastForward(PROMPT_WAIT);
  const dialog = page.getByRole('dialog', { name });
  await dialog.waitFor({ timeout: 10000 });
  return dialog;
}

/** The home page's title: drawn once the shell (and its PromptScheduler) is up. */
const homeTitle = (page: Page) => page.getByRole('heading', { level: 1 }).first();

async function expectNoDialogFor(page: Page, ms: number): Promise<void> {
  await letTimePass(page, ms);
  expect(await dialogs(page).count()).toBe(0);
}

/** Submits draft `id` through the API with the PF fixture made valid against the sandbox (as accessibility.test.ts does). */
async function submitPf(page: Page, baseUrl: string, id: number): Promise<void> {
  const data: Data = structuredClone(fixture('pf-completa'));
  const documentId = await uploadDocumentApi(page, baseUrl, 'Documento prueba.pdf');
  setFileFields(data, documentId);
  const banks = (await (await page.request.get(`${baseUrl}/v1/region/bancos`)).json()) as { data: { id: number }[] };
  data.referencias_bancarias = (data.referencias_bancarias as unknown[]).map((_, i) => ({ nombre_del_banco: banks.data[i].id }));
  if (data.datos_representante) data.datos_representante.cedula = '00104578232';
  if (Array.isArray(data.propietario_socios)) data.propietario_socios[0].numero_de_cedula = '03105672194';
  if (data.detalles_factura?.cedula) data.detalles_factura.cedula = '22300486150';
  if (data.datos_solicitud.numero_del_certificado_de_nombre_comercial) data.datos_solicitud.numero_del_certificado_de_nombre_comercial = '458712';
  await seedDraft(page, baseUrl, id, data);
  const res = await page.request.post(`${baseUrl}/v1/portals/formalizaciones/${id}/submit`);
  if (!res.ok()) throw new Error(`submit ${id}: ${res.status()} ${await res.text()}`);
}

describe('REGISTRO_UNICO: an anonymous visitor on the home page', () => {
  for (const [label, viewport] of [['1280', DESKTOP], ['390', PHONE]] as const) {
    it(`shows once after a few seconds; "SEGUIR AL PORTAL" by keyboard stores visited_registro and it never shows again (${label} px, axe)`, async () => {
      const page = await newPage(undefined, viewport);
      await snapshotOnFailure(page, async () => {
        await page.goto(`${configured.baseUrl}/`);
        const dialog = await promptOpens(page, 'Registro único de cuenta', homeTitle(page));
        await dialog.getByRole('button', { name: 'SEGUIR AL PORTAL' }).waitFor();
        // The illustration for the screen: the desktop one at 1280, the phone one at 390.
        const variant = label === '1280' ? 'escritorio' : 'movil';
        expect(await dialog.locator(`[data-illustration="${variant}"]`).isVisible()).toBe(true);
        expect(await dialog.locator(`[data-illustration="${variant === 'movil' ? 'escritorio' : 'movil'}"]`).isVisible()).toBe(false);
        await waitForStillPage(page);
        await expectNoAxeViolations(page, `REGISTRO_UNICO at ${label} px`);
        await page.screenshot({ path: `tests/.artifacts/prompts-registro-${label}.png` });

        await expectFocus(page, (f) => f.dialog === 'Registro único de cuenta');
        await tabTo(page, 'SEGUIR AL PORTAL', { max: 4 });
        await page.keyboard.press('Enter');
        await dialogs(page).first().waitFor({ state: 'detached' });
        expect(await page.evaluate(() => localStorage.getItem('visited_registro'))).toBe('on');

        // Another tab of the same browser (same storage, new tab session): never again.
        const again = await newPage(page.context(), viewport);
        await again.goto(`${configured.baseUrl}/`);
        await expectNoDialogFor(again, PROMPT_WAIT);
      });
    });
  }

  it('closed with Escape it stays away in this tab but comes back in a new tab (the flag was not stored); REGISTRATE goes to REGISTRO_UNICO_URL', async () => {
    const page = await newPage();
    await snapshotOnFailure(page, async () => {
      await page.goto(`${configured.baseUrl}/`);
      await promptOpens(page, 'Registro único de cuenta', homeTitle(page));
      await waitForStillPage(page);
      await page.keyboard.press('Escape');
      await dialogs(page).first().waitFor({ state: 'detached' });
      await page.reload();
      await expectNoDialogFor(page, PROMPT_WAIT);
      expect(await page.evaluate(() => localStorage.getItem('visited_registro'))).toBeNull();
      // One setting, REGISTRO_UNICO_URL, for Inicio's link and the prompt's REGISTRATE, both with the way back.
      const registroHref = `${siteUrl}/registro-unico?return_to=${encodeURIComponent(`${configured.baseUrl}/`)}`;
      expect(await page.getByRole('link', { name: 'Regístrese en el registro único de cuenta' }).getAttribute('href')).toBe(registroHref);

      const other = await newPage(page.context());
      await other.goto(`${configured.baseUrl}/`);
      const dialog = await promptOpens(other, 'Registro único de cuenta', homeTitle(other));
      await dialog.getByRole('link', { name: 'REGISTRATE' }).click();
      await other.waitForURL(registroHref);
    });
  });

  it('never opens over another modal (ERROR_REPORT open when its time comes)', async () => {
    const page = await newPage();
    await snapshotOnFailure(page, async () => {
      await page.goto(`${configured.baseUrl}/`);
      await page.getByRole('button', { name: 'Reportar un problema' }).click();
      await page.getByRole('dialog', { name: 'Reportar un problema' }).waitFor();
      await letTimePass(page, PROMPT_WAIT);
      expect(await dialogs(page).count()).toBe(1);
      expect(await page.getByRole('dialog', { name: 'Reportar un problema' }).count()).toBe(1);
    });
  });

  it('never interrupts the login form being filled: every key typed stays in the form, and no prompt on this page', async () => {
    const page = await newPage();
    await snapshotOnFailure(page, async () => {
      await page.goto(`${configured.baseUrl}/`);
      const password = page.getByLabel('Contraseña');
      await page.getByLabel('Cédula').fill(DEMO.cedula);
      await password.click();
      // The citizen types while the prompt's time comes and goes.
      await password.pressSequentially('Demo-Por');
      await letTimePass(page, PROMPT_WAIT);
      await password.pressSequentially('tal-2026');
      expect(await password.inputValue()).toBe('Demo-Portal-2026');
      expect(await dialogs(page).count()).toBe(0);
      // Focus moves away, but the form still holds what was typed: still no prompt.
      await page.getByRole('heading', { name: 'Iniciar sesión' }).click();
      await expectNoDialogFor(page, PROMPT_WAIT);
    });
  });

  it('is not offered when REGISTRO_UNICO_URL is the stand-in page (default settings)', async () => {
    const page = await newPage();
    await page.goto(`${plain.baseUrl}/`);
    await expectNoDialogFor(page, PROMPT_WAIT);
  });
});

describe('WELLCOME: a signed-in citizen on the confirmation page of a submitted request', () => {
  for (const [label, viewport] of [['1280', DESKTOP], ['390', PHONE]] as const) {
    it(`shows once; "ir a la encuesta" by keyboard opens the survey in a new tab, stores visited and never shows again (${label} px, axe)`, async () => {
      const page = await newPage(undefined, viewport);
      await snapshotOnFailure(page, async () => {
        await login(page, configured.baseUrl, DEMO);
        // The home page of a signed-in citizen offers nothing.
        await expectNoDialogFor(page, PROMPT_WAIT);
        const id = await newApplication(page);
        // The confirmation address of a draft is not a submitted request: nothing.
        await page.goto(`${configured.baseUrl}/formalizacion/${id}/confirmacion`);
        await expectNoDialogFor(page, PROMPT_WAIT);
        await submitPf(page, configured.baseUrl, id);
        await page.goto(`${configured.baseUrl}/formalizacion/${id}/confirmacion`);
        const dialog = await promptOpens(page, 'Mejoremos juntos', page.getByTestId('codigo-solicitud'));
        await dialog.getByRole('link', { name: 'ir a la encuesta' }).waitFor();
        await waitForStillPage(page);
        await expectNoAxeViolations(page, `WELLCOME at ${label} px`);
        await page.screenshot({ path: `tests/.artifacts/prompts-wellcome-${label}.png` });

        await tabTo(page, 'ir a la encuesta', { max: 4 });
        const survey = page.context().waitForEvent('page');
        await page.keyboard.press('Enter');
        const tab = await survey;
        await tab.waitForURL(`${siteUrl}/encuesta`);
        await dialogs(page).first().waitFor({ state: 'detached' });
        expect(await page.evaluate(() => localStorage.getItem('visited'))).toBe('on');

        const again = await newPage(page.context(), viewport);
        await again.goto(`${configured.baseUrl}/formalizacion/${id}/confirmacion`);
        await expectNoDialogFor(again, PROMPT_WAIT);
      });
    });
  }
});

describe('ERROR_REPORT', () => {
  for (const [label, viewport] of [['1280', DESKTOP], ['390', PHONE]] as const) {
    it(`keyboard only: validation errors in Spanish, a failed call keeps the text, then the reference (${label} px, axe)`, async () => {
      const page = await newPage(undefined, viewport);
      await snapshotOnFailure(page, async () => {
        await page.goto(`${plain.baseUrl}/instituciones`);
        await page.getByRole('button', { name: 'Reportar un problema' }).focus();
        await page.keyboard.press('Enter');
        const dialog = page.getByRole('dialog', { name: 'Reportar un problema' });
        await dialog.waitFor();
        await expectFocus(page, 'Describa el problema');
        await waitForStillPage(page);
        await expectNoAxeViolations(page, `ERROR_REPORT at ${label} px`);

        await type(page, 'corto');
        await tabTo(page, 'Correo electrónico de contacto (opcional)', { max: 1 });
        await type(page, 'no-es-correo');
        await tabTo(page, 'Enviar reporte', { max: 1 });
        await page.keyboard.press('Enter');
        await dialog.getByText('Debe tener al menos 10 caracteres').waitFor();
        await dialog.getByText('Insertar un correo electrónico válido').waitFor();
        await expectFocus(page, 'Describa el problema');
        await waitForStillPage(page);
        await expectNoAxeViolations(page, `ERROR_REPORT with errors at ${label} px`);
        await page.screenshot({ path: `tests/.artifacts/prompts-error-report-${label}.png` });

        const text = 'corto: el botón Siguiente no responde en el paso 2';
        await page.keyboard.press('End');
        await type(page, text.slice('corto'.length));
        await tabTo(page, 'Correo electrónico de contacto (opcional)', { max: 1 });
        await page.keyboard.press('Control+A');
        await type(page, 'ana@example.com');

        // The connection drops once: an error, and nothing typed is lost.
        await page.route('**/v1/portals/error-reports', (route) => route.abort('internetdisconnected'));
        await tabTo(page, 'Enviar reporte', { max: 1 });
        await page.keyboard.press('Enter');
        await dialog.getByRole('alert').filter({ hasText: 'No se pudo conectar con el portal' }).waitFor();
        expect(await dialog.getByLabel('Describa el problema').inputValue()).toBe(text);
        expect(await dialog.getByLabel('Correo electrónico de contacto (opcional)').inputValue()).toBe('ana@example.com');

        await page.unroute('**/v1/portals/error-reports');
        // Focus is back on the button: Enter tries again.
        await expectFocus(page, 'Enviar reporte');
        await page.keyboard.press('Enter');
        const reference = await dialog.locator('[data-reference]').textContent({ timeout: 10000 });
        expect(reference).toMatch(/^REP-\d{4}-\d{6}$/);
        await waitForStillPage(page);
        await expectNoAxeViolations(page, `ERROR_REPORT sent at ${label} px`);
        const { rows } = await plain.app.db.query<{ page_path: string; contact_email: string }>(
          'SELECT page_path, contact_email FROM error_reports WHERE reference = $1',
          [reference],
        );
        expect(rows).toEqual([{ page_path: '/instituciones', contact_email: 'ana@example.com' }]);
        await tabTo(page, 'Cerrar', { max: 2 });
        await page.keyboard.press('Enter');
        await dialogs(page).first().waitFor({ state: 'detached' });
      });
    });
  }
});

describe('analytics', () => {
  it('one page view per completed route change (lazy pages included), path only; a modal or a query is not a new page', async () => {
    const page = await newPage();
    await snapshotOnFailure(page, async () => {
      const from = new Date(Date.now() - 1000);
      const go = (to: string) =>
        page.evaluate((target) => {
          history.pushState(null, '', target);
          dispatchEvent(new PopStateEvent('popstate'));
        }, to);
      await page.goto(`${plain.baseUrl}/?q=1#x`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await go('/instituciones');
      await page.getByRole('heading', { name: 'Instituciones', level: 1 }).waitFor();
      await go('/ingresar?volver=/mis-solicitudes');
      await page.getByRole('heading', { name: 'Iniciar sesión' }).first().waitFor();
      await go('/ingresar?otra=1');
      await page.getByRole('button', { name: 'Reportar un problema' }).click();
      await page.getByRole('dialog', { name: 'Reportar un problema' }).waitFor();
      await page.keyboard.press('Escape');
      await go('/');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForTimeout(1000);
      const views = await countPageViews(plain.app.db, { from, to: new Date(Date.now() + 60_000) });
      expect(views).toEqual([
        { path: '/', visits: 2 },
        { path: '/ingresar', visits: 1 },
        { path: '/instituciones', visits: 1 },
      ]);
    });
  });
});

describe('HEADER_SCRIPT_URL', () => {
  const header = (page: Page) => page.locator('header');

  it('a script that draws in time replaces the built-in header', async () => {
    headerMode = 'ok';
    const page = await newPage();
    await snapshotOnFailure(page, async () => {
      await page.goto(`${configured.baseUrl}/instituciones`);
      await header(page).getByText(EXTERNAL_TEXT).waitFor();
      // The built-in header (its link home) is gone; the official-site banner above it stays.
      await page.waitForFunction(() => document.querySelector('header a[href="/"]') === null);
      await page.screenshot({ path: 'tests/.artifacts/prompts-header-external.png' });
    });
  });

  for (const mode of ['fails', 'slow'] as const) {
    it(`${mode === 'fails' ? 'a failing' : 'a slow (> 3 s)'} script: the built-in header shows at once and stays`, async () => {
      headerMode = mode;
      releaseSlowHeader = undefined;
      const page = await newPage();
      await snapshotOnFailure(page, async () => {
        const requested = page.waitForRequest((r) => r.url().endsWith('/header.js'));
        const answered = page.waitForResponse((r) => r.url().endsWith('/header.js'), { timeout: 30_000 });
        // Not until `load`: a script still held by its server may hold the load event back (the held one is released below).
        await page.goto(`${configured.baseUrl}/instituciones`, { waitUntil: 'domcontentloaded' });
        // The page does not wait for it: heading and built-in header are there at once.
        await page.getByRole('heading', { name: 'Instituciones', level: 1 }).waitFor({ timeout: 2000 });
        await header(page).locator('a[href="/"]').first().waitFor({ timeout: 2000 });
        if (mode === 'slow') {
          // The page's 3 s allowance runs out; only then does the script arrive.
          await requested;
          await letTimePass(page, HEADER_SCRIPT_WAIT);
          await expect.poll(() => releaseSlowHeader !== undefined).toBe(true);
          releaseSlowHeader!();
        }
        // The answer (404, or the late script) has reached the page, which then has time to react.
        await answered;
        await page.waitForTimeout(SETTLE_MS);
        expect(await header(page).getByText(EXTERNAL_TEXT).count()).toBe(0);
        expect(await header(page).locator('a[href="/"]').first().isVisible()).toBe(true);
      });
    });
  }

  it('unset: the built-in header, and no script is requested', async () => {
    const page = await newPage();
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    await page.goto(`${plain.baseUrl}/instituciones`);
    await header(page).locator('a[href="/"]').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(scripts.every((url) => url.startsWith(plain.baseUrl))).toBe(true);
  });
});
