/**
 * A rule changed in a running portal (issue 26 §4): a citizen has a draft open with RD$ 150,000 of
 * capital; an analyst's `forms:publish` raises the minimum share capital to RD$ 200,000 (and renames
 * the field) on the running portal; the citizen's open page learns it (the tab comes back into view) and shows what
 * changed for them, with the new rule's message; the server refuses 150,000 at submit with the same
 * message; a request submitted before the change still shows its original label in the back office.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { run as publish } from '../../packages/server/src/cli/formsPublish';
import { COMPILE_HINT } from '../../packages/form-engine/src/node/compileHint';
import { runPrinting } from '../../packages/server/test/commandOutput';
import { portalSuite } from '../support/portalSuite';
import { DEMO, login, snapshotOnFailure, staffCode, staffSignInTo } from '../support/portal';
import { createDraftApi, submitFormalizationApi, submittableSrlApi } from '../support/payments';
import { expectNoAxeViolations, waitForStillPage } from '../support/axe';
import { expectFocus, tabTo } from '../support/keyboard';
import { REPO_ROOT } from '../support/startPortal';
import { DESKTOP, PHONE } from '../support/viewports';

const suite = portalSuite();
const SHOTS = path.join(REPO_ROOT, 'tests/.artifacts/form-versions');
const ANALYST = { email: 'analista@sandbox.gob.do', password: 'Analista-Portal-2026' };
const VUF_OFFICER = { email: 'oficial.vuf@sandbox.gob.do', password: 'Oficial-VUF-2026' };
const OLD_LABEL = 'Capital aportado / Capital social';
const NEW_LABEL = 'Capital social suscrito y pagado';
const NEW_MESSAGE = 'El capital social mínimo es RD$ 200,000';

async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await waitForStillPage(page);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage });
}

/** The analyst's change, in a copy of schemas/formalizacion (its fixtures updated to the new rule), published with the command. */
async function publishHigherMinimum(): Promise<string> {
  const work = mkdtempSync(path.join(tmpdir(), 'portal-analista-'));
  const dir = path.join(work, 'formalizacion');
  try {
    cpSync(path.join(REPO_ROOT, 'schemas/formalizacion'), dir, { recursive: true });
    const file = path.join(dir, 'schema.json');
    const schema = JSON.parse(readFileSync(file, 'utf8'));
    const capital = schema.properties.datos_financieros.properties.capital_aportado_capital_social;
    capital.minimum = 200000;
    capital.title = NEW_LABEL;
    capital['x-messages'].minimum = NEW_MESSAGE;
    writeFileSync(file, JSON.stringify(schema, null, 2));
    // The fixtures the analyst updates with the rule (forms:publish refuses the change until they pass): the examples
    // between the old and the new minimum get more capital, and the one below the minimum says the new message.
    for (const kind of ['valid', 'invalid']) {
      for (const name of readdirSync(path.join(dir, 'fixtures', kind))) {
        const fixtureFile = path.join(dir, 'fixtures', kind, name);
        const fixture = JSON.parse(readFileSync(fixtureFile, 'utf8').replace('El capital social mínimo es RD$ 100,000', NEW_MESSAGE));
        const finance = fixture.data?.datos_financieros;
        if (finance && finance.capital_aportado_capital_social >= 100000 && finance.capital_aportado_capital_social < 200000) finance.capital_aportado_capital_social = 250000;
        writeFileSync(fixtureFile, JSON.stringify(fixture, null, 2));
      }
    }
    const code = await staffCode(suite.baseUrl, ANALYST.email);
    const { exit, out } = await runPrinting(() =>
      publish([dir, '--portal', suite.baseUrl, '--correo', ANALYST.email, '--codigo', code, '--nota', 'Capital mínimo de RD$ 200,000', '--si'], {
        FORMS_PUBLISH_PASSWORD: ANALYST.password,
      }));
    expect(exit, out).toBe(0);
    return out;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

describe('a rule published while a citizen fills the application', () => {
  it('the open draft shows what changed and the new message; submit refuses 150,000 with it; the earlier request keeps its label (1280 and 390 px, axe)', async () => {
    const page = await suite.page({ viewport: DESKTOP });
    await snapshotOnFailure(page, async () => {
      await login(page, suite.baseUrl, DEMO);
      const before = await submitFormalizationApi(page, suite.baseUrl);
      const data = await submittableSrlApi(page, suite.baseUrl);
      data.datos_financieros.capital_aportado_capital_social = 150000;
      const id = await createDraftApi(page, suite.baseUrl, data);
      await page.goto(`${suite.baseUrl}/formalizacion/${id}/datos_financieros`);
      await page.getByRole('heading', { name: 'Datos financieros de la empresa', level: 2 }).waitFor();
      await page.getByRole('textbox', { name: OLD_LABEL }).waitFor();

      const printed = await publishHigherMinimum();
      expect(printed).toContain(`Cambió una regla de «${NEW_LABEL}» (Datos financieros de la empresa): mínimo 100,000 → 200,000`);
      expect(printed).toMatch(/Publicada la versión 2 de formalizacion/);

      // The citizen comes back to the tab: the page asks, saves, reads the draft again on the new version and says so.
      await page.evaluate(() => window.dispatchEvent(new Event('focus')));
      const notice = page.getByRole('status').filter({ hasText: 'El formulario de este servicio cambió' });
      await notice.waitFor({ timeout: 60_000 });
      await notice.getByText(`Su respuesta ya no cumple la regla: ${NEW_MESSAGE}.`).waitFor();
      await page.getByRole('textbox', { name: NEW_LABEL }).waitFor();
      expect(await page.getByRole('textbox', { name: NEW_LABEL }).inputValue()).toMatch(/150,000/);
      await expectNoAxeViolations(page, 'form changed notice at 1280 px');
      await shot(page, 'aviso-1280');

      // The server says the same at submit.
      const refused = await page.request.post(`${suite.baseUrl}/v1/portals/formalizaciones/${id}/submit`);
      expect(refused.status()).toBe(422);
      expect(((await refused.json()) as { errors: { path: string; message: string }[] }).errors).toContainEqual({
        path: 'datos_financieros.capital_aportado_capital_social', message: NEW_MESSAGE,
      });

      // On a phone, the next load shows the notice too (until the draft is saved again).
      const phone = await suite.page({ viewport: PHONE });
      const phoneErrors: string[] = [];
      phone.on('pageerror', (error) => phoneErrors.push(error.stack ?? error.message));
      phone.on('console', (message) => message.type() === 'error' && phoneErrors.push(message.text()));
      await login(phone, suite.baseUrl, DEMO);
      await phone.goto(`${suite.baseUrl}/formalizacion/${id}/datos_financieros`);
      await phone.getByRole('status').filter({ hasText: 'El formulario de este servicio cambió' }).waitFor().catch((error: unknown) => {
        throw new Error(`${String(error)}\n${phoneErrors.join('\n')}`);
      });
      await phone.getByRole('textbox', { name: NEW_LABEL }).waitFor();
      await expectNoAxeViolations(phone, 'form changed notice at 390 px');
      await shot(phone, 'aviso-390');
      expect(phoneErrors).toEqual([]);
      expect(await phone.getByRole('heading', { name: 'No se pudo mostrar esta página' }).count()).toBe(0);

      // The request submitted before the change is read through its own version in the back office.
      const officer = await suite.page({ viewport: DESKTOP });
      await staffSignInTo(officer, suite.baseUrl, VUF_OFFICER, `/institucion/solicitudes/${before.id}`);
      const all = officer.getByRole('button', { name: 'Mostrar todas las respuestas' });
      if (await all.count()) await all.click();
      const oldLabel = officer.getByText(OLD_LABEL, { exact: true }).first();
      await oldLabel.waitFor();
      expect(await officer.getByText(NEW_LABEL).count()).toBe(0);
      await oldLabel.scrollIntoViewIfNeeded();
      await shot(officer, 'oficina-solicitud-anterior', false);

      // «Formularios», the analyst's only page: each version with who published it, the note and the changes (keyboard only, axe at 1280 and 390).
      const admin = await suite.page({ viewport: DESKTOP });
      await staffSignInTo(admin, suite.baseUrl, ANALYST, '/institucion/formularios');
      await admin.getByRole('heading', { name: 'Formularios', level: 1 }).waitFor();
      expect(await admin.getByRole('navigation', { name: 'Oficina' }).getByRole('link').allInnerTexts()).toEqual(['Formularios']);
      await admin.getByText('Publicación de formularios', { exact: false }).first().waitFor();
      const card = admin.getByRole('region', { name: 'Solicitud de formalización de empresa' });
      await card.getByText('formalizacion · versión 2 vigente', { exact: false }).waitFor();
      await card.getByRole('button', { name: 'Ver las versiones' }).focus();
      await admin.keyboard.press('Enter');
      const versions = card.getByRole('list', { name: 'Versiones de Solicitud de formalización de empresa' });
      await versions.getByText('Nota: Capital mínimo de RD$ 200,000').waitFor();
      await versions.getByText('Analista de formularios', { exact: false }).first().waitFor();
      await versions.getByText(`Cambió una regla de «${NEW_LABEL}» (Datos financieros de la empresa): mínimo 100,000 → 200,000`).waitFor();
      await versions.getByText('El servidor, con los archivos de la instalación', { exact: false }).waitFor();
      await expectFocus(admin, 'Ocultar las versiones');
      await expectNoAxeViolations(admin, 'Formularios at 1280 px');
      await shot(admin, 'formularios-1280');
      await admin.setViewportSize(PHONE);
      await expectNoAxeViolations(admin, 'Formularios at 390 px');
      expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await shot(admin, 'formularios-390');
    });
  });

  it('a link straight to a step asks for the draft and its form at once and titles the step before the page\'s code has arrived', async () => {
    const page = await suite.page({ viewport: PHONE });
    await snapshotOnFailure(page, async () => {
      await login(page, suite.baseUrl, DEMO);
      const id = await createDraftApi(page, suite.baseUrl, {});
      // A slow phone network, and nothing cached: the page's code takes round trips of its own.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 300, downloadThroughput: 400_000, uploadThroughput: 100_000 });
      const kind = (url: string): string | null => {
        const { pathname } = new URL(url);
        if (/\/assets\/ApplicationPage-[\w-]+\.js$/.test(pathname)) return 'page';
        if (pathname === '/v1/forms/formalizacion') return 'form';
        if (pathname === `/v1/portals/formalizaciones/${id}`) return 'draft';
        return null;
      };
      const started = new Map<string, number>();
      const finished = new Map<string, number>();
      page.on('request', (r) => {
        const k = kind(r.url());
        if (k && !started.has(k)) started.set(k, performance.now());
      });
      page.on('requestfinished', (r) => {
        const k = kind(r.url());
        if (k && !finished.has(k)) finished.set(k, performance.now());
      });
      // The step's code is held until the step's title shows: the frame (in the first bundle, titled from the
      // form asked for early) must show it without that code; a phone's largest contentful paint is that title.
      const title = page.getByRole('heading', { level: 2, name: 'Datos solicitud de formalización' });
      let titled = false;
      let frameProblem: unknown = null;
      await page.route(/\/assets\/ApplicationPage-[\w-]+\.js$/, async (route) => {
        await title.waitFor({ timeout: 60_000 });
        titled = true;
        try {
          await expectNoAxeViolations(page, 'the step\'s frame at 390 px', { still: false });
          await page.screenshot({ path: path.join(SHOTS, 'marco-del-paso-390.png') });
        } catch (error) {
          frameProblem = error;
        } finally {
          await route.continue();
        }
      });
      await page.goto(`${suite.baseUrl}/formalizacion/${id}/datos_solicitud`, { waitUntil: 'commit' });
      await page.getByRole('combobox', { name: 'Cámara de comercio' }).waitFor({ timeout: 60_000 });
      expect(titled).toBe(true);
      if (frameProblem) throw frameProblem;
      await expectNoAxeViolations(page, 'a step after its frame');
      await page.screenshot({ path: path.join(SHOTS, 'paso-tras-el-marco-390.png') });
      const at = (map: Map<string, number>, k: string) => {
        const value = map.get(k);
        if (value === undefined) throw new Error(`${k}: no request seen (${[...started.keys()].join(', ')})`);
        return value;
      };
      // Before the preload, the form and the draft were asked for by the page's code, once it had arrived.
      expect(at(started, 'form')).toBeLessThan(at(finished, 'page'));
      expect(at(started, 'draft')).toBeLessThan(at(finished, 'page'));
      // The step's code is asked for after the frame's first paint, not before it (its ~40 files
      // downloaded and run before the citizen saw anything).
      const order = await page.evaluate(() => ({
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
        code: performance.getEntriesByType('resource').find((e) => /\/assets\/ApplicationPage-/.test(e.name))?.startTime ?? null,
      }));
      expect(order.paint).not.toBeNull();
      expect(order.code).not.toBeNull();
      expect(order.code as number, JSON.stringify(order)).toBeGreaterThan(order.paint as number);
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    });
  });

  it('a link straight to a step asks for its option lists with the draft, before the step\'s code; the account menu and the toasts\' host come after the step; every script it runs is compiled while it streams', async () => {
    const page = await suite.page({ viewport: PHONE });
    await snapshotOnFailure(page, async () => {
      await login(page, suite.baseUrl, DEMO);
      // Every script of the load, the form version's validators included, starts with V8's compile hint.
      const scripts: Promise<{ url: string; hinted: boolean }>[] = [];
      page.on('response', (r) => {
        if (r.request().resourceType() !== 'script') return;
        scripts.push(r.text().then((body) => ({ url: new URL(r.url()).pathname, hinted: body.startsWith(`${COMPILE_HINT}\n`) })));
      });
      const data = await submittableSrlApi(page, suite.baseUrl);
      const id = await createDraftApi(page, suite.baseUrl, data);
      const applicant = data.datos_solicitante as { provincia: number; municipio: number };
      const lists = [
        '/v1/region/nacionalidades',
        '/v1/region/provincias?limit=1000&page=1&paisId=1',
        `/v1/region/municipios?limit=100&page=1&provinciaId=${applicant.provincia}`,
        `/v1/region/sectores?limit=500&page=1&municipioId=${applicant.municipio}`,
      ];
      const asked = new Map<string, number>();
      page.on('request', (r) => {
        const { pathname, search } = new URL(r.url());
        if (lists.includes(pathname + search)) asked.set(pathname + search, (asked.get(pathname + search) ?? 0) + 1);
      });
      // When the step's first field is in the page (the step drawn with its code).
      await page.addInitScript(() => {
        new MutationObserver((_, observer) => {
          if (document.querySelector('[id^="root_datos_solicitante_"]')) {
            performance.mark('paso-dibujado');
            observer.disconnect();
          }
        }).observe(document, { childList: true, subtree: true });
      });
      // The step's code is held until its four lists have been asked for: without them asked ahead,
      // the selects would ask only once drawn, and the step never would be.
      let held: string | null = null;
      await page.route(/\/assets\/ApplicationPage-[\w-]+\.js$/, async (route) => {
        const until = Date.now() + 30_000;
        while (lists.some((url) => !asked.has(url)) && Date.now() < until) await new Promise((done) => setTimeout(done, 50));
        held = lists.filter((url) => !asked.has(url)).join(', ');
        await route.continue();
      });
      await page.goto(`${suite.baseUrl}/formalizacion/${id}/datos_solicitante`, { waitUntil: 'commit' });
      const province = page.getByRole('combobox', { name: 'Provincia' }).first();
      await province.waitFor({ timeout: 60_000 });
      expect(held, 'lists not asked for before the step\'s code').toBe('');
      // The chosen province shows by its name: the list asked ahead was the one the select used, once.
      await expect.poll(() => province.inputValue(), { timeout: 30_000 }).not.toBe('');
      await page.getByRole('combobox', { name: 'Sector' }).first().click();
      await page.getByRole('option').first().waitFor();
      for (const url of lists) expect(asked.get(url), url).toBe(1);
      // The shell's later code (account menu, toasts' host) starts after the step was drawn.
      await expect.poll(() => page.evaluate(() => performance.getEntriesByType('resource').filter((e) => /\/assets\/(AccountMenu|anfitrionAvisos)-/.test(e.name)).length), { timeout: 30_000 }).toBe(2);
      const order = await page.evaluate(() => ({
        drawn: performance.getEntriesByName('paso-dibujado')[0]?.startTime ?? null,
        later: performance.getEntriesByType('resource').filter((e) => /\/assets\/(AccountMenu|anfitrionAvisos)-/.test(e.name)).map((e) => ({ name: e.name.replace(/.*\/assets\//, ''), start: e.startTime })),
      }));
      expect(order.drawn, JSON.stringify(order)).not.toBeNull();
      for (const file of order.later) expect(file.start, JSON.stringify(order)).toBeGreaterThan(order.drawn as number);
      const loaded = await Promise.all(scripts);
      expect(loaded.some((s) => /^\/v1\/forms\/formalizacion\/validators\//.test(s.url)), JSON.stringify(loaded)).toBe(true);
      expect(loaded.some((s) => /^\/assets\/ApplicationPage-/.test(s.url)), JSON.stringify(loaded)).toBe(true);
      expect(loaded.filter((s) => !s.hinted).map((s) => s.url)).toEqual([]);
    });
  });

  it('a link straight to the review titles it before the page\'s code has arrived', async () => {
    const page = await suite.page({ viewport: PHONE });
    await snapshotOnFailure(page, async () => {
      await login(page, suite.baseUrl, DEMO);
      const id = await createDraftApi(page, suite.baseUrl, {});
      const title = page.getByRole('heading', { level: 1, name: 'Revise sus respuestas antes de enviar' });
      let titled = false;
      await page.route(/\/assets\/ReviewPage-[\w-]+\.js$/, async (route) => {
        await title.waitFor({ timeout: 30_000 }).then(() => (titled = true)).catch(() => undefined);
        await route.continue();
      });
      await page.goto(`${suite.baseUrl}/formalizacion/${id}/revisar`, { waitUntil: 'commit' });
      await page.getByRole('button', { name: 'Enviar solicitud' }).waitFor({ timeout: 30_000 });
      expect(titled).toBe(true);
      // One title once the review has replaced its frame.
      expect(await title.count()).toBe(1);
      await page.unrouteAll({ behavior: 'wait' });
    });
  });

  it('back to a draft, a step is titled from the form as this browser last saw it, and its fixed option lists asked for, before the form and the page\'s code arrive; a changed entry is ignored', async () => {
    const page = await suite.page({ viewport: DESKTOP });
    await snapshotOnFailure(page, async () => {
      await login(page, suite.baseUrl, DEMO);
      const id = await createDraftApi(page, suite.baseUrl, {});
      await page.goto(`${suite.baseUrl}/formalizacion/${id}/datos_solicitud`);
      await page.getByRole('combobox', { name: 'Cámara de comercio' }).waitFor();
      // The form's current version and the step's code are both held until the step's title has shown.
      const title = page.getByRole('heading', { level: 2, name: 'Datos del solicitante' });
      const held: string[] = [];
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      const hold = async (route: import('playwright-core').Route) => {
        held.push(new URL(route.request().url()).pathname);
        await released;
        await route.continue();
      };
      await page.route((url) => url.pathname === '/v1/forms/formalizacion', hold);
      await page.route(/\/assets\/ApplicationPage-[\w-]+\.js$/, hold);
      try {
        await page.goto(`${suite.baseUrl}/formalizacion/${id}/datos_solicitante`, { waitUntil: 'commit' });
        await title.waitFor({ timeout: 15_000 });
        await expect.poll(() => page.getByText('Solicitud de formalización de empresa', { exact: true }).count()).toBeGreaterThan(0);
        // Titled while the form was held and before the step's code had arrived: from what the first visit kept.
        expect(held).toContain('/v1/forms/formalizacion');
        // So are the step's option lists that no answer changes, as the first visit's form gave them: asked for while the form is held.
        await expect.poll(() => page.evaluate(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname + new URL(e.name).search)), { timeout: 10_000 })
          .toEqual(expect.arrayContaining(['/v1/region/nacionalidades', '/v1/region/provincias?limit=1000&page=1&paisId=1']));
        // The step's code is asked for once the frame has been painted (and held here).
        await expect.poll(() => held.filter((p) => /\/assets\/ApplicationPage-/.test(p)).length, { timeout: 10_000 }).toBe(1);
        await expectNoAxeViolations(page, 'the step\'s frame from the last visit at 1280 px', { still: false });
        await page.screenshot({ path: path.join(SHOTS, 'marco-de-la-visita-anterior-1280.png') });
        // A keyboard user skips to the content while the step loads: focus on the frame's title.
        await tabTo(page, 'Saltar al contenido principal', { max: 1 });
        await page.keyboard.press('Enter');
        await expectFocus(page, (f) => f.tag === 'h2' && f.name === 'Datos del solicitante');
      } finally {
        release();
      }
      await page.getByRole('button', { name: 'Siguiente' }).waitFor({ timeout: 30_000 });
      // The step replaced the frame: focus is on the step's own title, not lost to the page's body.
      await expectFocus(page, (f) => f.tag === 'h2' && f.name === 'Datos del solicitante');
      await page.keyboard.press('Tab');
      await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('INPUT');
      await page.unrouteAll({ behavior: 'wait' });

      // An entry changed by hand (not a frame) is no frame: the step waits for the form instead of failing.
      await page.evaluate(() => localStorage.setItem('marco:formalizacion', JSON.stringify({ title: 1, steps: { datos_solicitante: { x: 1 } } })));
      await page.goto(`${suite.baseUrl}/formalizacion/${id}/datos_solicitante`);
      await page.getByRole('button', { name: 'Siguiente' }).waitFor({ timeout: 30_000 });
      await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('marco:formalizacion') ?? '{}').steps?.datos_solicitante)).toBe('Datos del solicitante');
    });
  });
});
