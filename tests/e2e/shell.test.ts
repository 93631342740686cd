/**
 * The portal shell in Chromium against the real server and the production
 * build: the modal registry (opening, replacing, Escape, the browser's Back,
 * axe on an open modal at 1280 and 390 px), an expired session on any page
 * (the 'Unauthenticated.' rule of the one HTTP client), signed-in pages that
 * ask for the login and come back, the route registry's catalogue pages (no
 * longer under construction), and a lazy chunk gone after a deploy (one reload, then the
 * error boundary's way back).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { portalSuite } from '../support/portalSuite';
import { DEMO, login, newApplication, registerCitizen, snapshotOnFailure } from '../support/portal';
import { waitForFocusInDialog } from '../support/keyboard';
import { expectNoAxeViolations, waitForStillPage } from '../support/axe';
import { REPO_ROOT } from '../support/startPortal';
import { DESKTOP, PHONE } from '../support/viewports';

const suite = portalSuite();
const SHOTS = path.join(REPO_ROOT, 'tests/.artifacts/shell');

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await waitForStillPage(page);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

const dialogs = (page: Page) => page.getByRole('dialog');

describe('modal registry', () => {
  for (const [label, viewport] of [['1280', DESKTOP], ['390', PHONE]] as const) {
    it(`a service address that does not exist says so once, on the page (no dialog repeating it); its "Sugerir un servicio" opens the form; Escape closes (${label} px, axe)`, async () => {
      const page = await suite.page({ viewport });
      await snapshotOnFailure(page, async () => {
        await page.goto(`${suite.baseUrl}/servicios/servicio-que-no-existe`);
        await page.getByRole('heading', { name: 'Servicio no encontrado', level: 1 }).waitFor();
        await page.getByRole('main').getByText('«/servicios/servicio-que-no-existe»', { exact: false }).waitFor();
        expect(await dialogs(page).count()).toBe(0);
        expect(await page.title()).toBe('Servicio no encontrado | Portal Ciudadano');
        await expectNoAxeViolations(page, `unknown service at ${label} px`);
        await shot(page, `slug-error-${label}`);

        await page.getByRole('main').getByRole('button', { name: 'Sugerir un servicio' }).click();
        const suggest = page.getByRole('dialog', { name: 'Sugerir un servicio' });
        await suggest.getByRole('heading', { name: '¡Estamos Para Escucharte!' }).waitFor();
        // Focus moves into the dialog (Mantine's focus trap).
        await waitForFocusInDialog(page);
        expect(await dialogs(page).count()).toBe(1);
        await expectNoAxeViolations(page, `SERVICE_RECOMENDED at ${label} px`);
        await shot(page, `suggest-${label}`);

        await page.keyboard.press('Escape');
        await dialogs(page).first().waitFor({ state: 'detached' });
        expect(new URL(page.url()).pathname).toBe('/servicios/servicio-que-no-existe');
        // Closing took its history entry with it: Back leaves the page, it does not "close" again.
        expect(await page.evaluate(() => (history.state as { portalModal?: boolean } | null)?.portalModal ?? false)).toBe(false);

        // A service that exists names the tab after itself.
        await page.goto(`${suite.baseUrl}/servicios/pasaporte-primera-vez`);
        await page.getByRole('heading', { name: 'Pasaporte por primera vez', level: 1 }).waitFor();
        await expect.poll(() => page.title()).toBe('Pasaporte por primera vez | Portal Ciudadano');
      });
    });
  }

  it("the browser's Back closes an open modal and stays on the page", async () => {
    const page = await suite.page({ viewport: DESKTOP });
    await snapshotOnFailure(page, async () => {
      await page.goto(`${suite.baseUrl}/`);
      await page.getByRole('heading', { name: 'Trámites del Gobierno dominicano, en línea', level: 1 }).waitFor();
      // An in-app navigation to the service page (wouter), then the modal.
      await page.evaluate(() => {
        history.pushState(null, '', '/servicios/otro-que-no-existe');
        dispatchEvent(new PopStateEvent('popstate'));
      });
      await page.getByRole('heading', { name: 'Servicio no encontrado', level: 1 }).waitFor();
      await page.getByRole('main').getByRole('button', { name: 'Sugerir un servicio' }).click();
      await page.getByRole('dialog', { name: 'Sugerir un servicio' }).waitFor();
      await page.goBack({ waitUntil: 'commit' });
      await dialogs(page).first().waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe('/servicios/otro-que-no-existe');
      // The next Back goes to the previous page, as without the modal.
      await page.goBack({ waitUntil: 'commit' });
      await page.getByRole('heading', { name: 'Trámites del Gobierno dominicano, en línea', level: 1 }).waitFor();
    });
  });
});

describe('session', () => {
  it("an expired session on the home page shows the login form, not the citizen's name and an error", async () => {
    const page = await suite.page({ viewport: DESKTOP });
    await snapshotOnFailure(page, async () => {
      await login(page, suite.baseUrl, await registerCitizen(suite.baseUrl, '40210773467'));
      // The server forgets the session (as when it expires); the browser still has the citizen stored.
      const out = await page.request.post(`${suite.baseUrl}/v1/portals/auth/citizens/logout`);
      expect(out.ok()).toBe(true);
      expect(await page.evaluate(() => localStorage.getItem('session'))).not.toBeNull();

      await page.reload();
      await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('session'))).toBeNull();
      expect(await page.getByText('No se pudieron cargar sus solicitudes.').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Cerrar sesión' }).count()).toBe(0);
    });
  });

  it('an expired session on another page sends the citizen to /', async () => {
    const page = await suite.page({ viewport: DESKTOP });
    await snapshotOnFailure(page, async () => {
      await login(page, suite.baseUrl, DEMO);
      await page.request.post(`${suite.baseUrl}/v1/portals/auth/citizens/logout`);
      await page.goto(`${suite.baseUrl}/mis-solicitudes`);
      await page.waitForURL(`${suite.baseUrl}/`);
      await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
      // It says why: the session ended, sign in again; signing in puts the note away.
      const note = page.getByRole('status').filter({ hasText: 'Su sesión terminó' });
      await note.waitFor();
      await page.getByLabel('Cédula').fill(DEMO.cedula);
      await page.getByLabel('Contraseña').fill(DEMO.password);
      await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
      await page.getByRole('button', { name: 'Mi cuenta' }).waitFor();
      expect(await page.evaluate(() => sessionStorage.getItem('sesion_terminada'))).toBeNull();
    });
  });

  describe('a shared phone keeps nothing of the citizen after they leave', () => {
    const COPY_KEYS = /^(borrador:|visitadas:|errores:|copias_de$)/;
    /** Keys of the citizen's data this browser keeps (drafts' unsent changes, visited steps, submit errors, their owner). */
    const copies = (page: Page) =>
      page.evaluate((source) => {
        const re = new RegExp(source);
        const keys: string[] = [];
        for (const storage of [localStorage, sessionStorage]) for (let i = 0; i < storage.length; i++) if (re.test(storage.key(i)!)) keys.push(storage.key(i)!);
        return keys.sort();
      }, COPY_KEYS.source);
    const tradeName = (page: Page) => page.getByRole('radiogroup', { name: /¿Tienes nombre comercial\?/ });
    /** The draft's saves fail (no connection) until the returned function is called. */
    async function offlineSaves(page: Page, id: number): Promise<() => Promise<void>> {
      const url = `**/v1/portals/formalizaciones/${id}`;
      await page.route(url, (route) => (route.request().method() === 'PUT' ? route.abort('internetdisconnected') : route.continue()));
      return () => page.unroute(url);
    }
    const unsentChange = (page: Page, id: number) => page.waitForFunction((key) => localStorage.getItem(key) !== null, `borrador:${id}`);
    const pendingDialog = (page: Page) => page.getByRole('dialog', { name: 'Hay cambios sin guardar' });

    it('«Cerrar sesión» sends the pending change first; without a connection it asks, and «Salir sin guardar» says what is lost (1280 and 390 px, axe, keyboard)', async () => {
      const account = await registerCitizen(suite.baseUrl, '03702849518');
      const page = await suite.page({ viewport: DESKTOP });
      let id = 0;
      await snapshotOnFailure(page, async () => {
        await login(page, suite.baseUrl, account);
        id = await newApplication(page);
        const online = await offlineSaves(page, id);
        await tradeName(page).getByRole('radio', { name: 'No', exact: true }).check();
        await unsentChange(page, id);
        expect(await copies(page)).toContain(`borrador:${id}`);

        // Keyboard only: «Mi cuenta», the arrows to «Cerrar sesión», Enter.
        await page.getByRole('button', { name: 'Mi cuenta' }).focus();
        await page.keyboard.press('Enter');
        await page.getByRole('menu').waitFor();
        await expectNoAxeViolations(page, '«Mi cuenta» open at 1280 px');
        for (let i = 0; i < 8 && (await page.evaluate(() => document.activeElement?.textContent)) !== 'Cerrar sesión'; i++) await page.keyboard.press('ArrowDown');
        await page.keyboard.press('Enter');
        const dialog = pendingDialog(page);
        await dialog.waitFor();
        await dialog.getByText('Si sale ahora, esos cambios se borrarán de este equipo.', { exact: false }).waitFor();
        expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Intentar de nuevo');
        await expectNoAxeViolations(page, 'unsent changes on sign-out at 1280 px');
        await shot(page, 'sign-out-unsent-1280');
        // Escape: nothing ends, nothing is lost.
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
        await page.getByRole('button', { name: 'Mi cuenta' }).waitFor();
        expect(await copies(page)).toContain(`borrador:${id}`);

        // The connection is back: «Intentar de nuevo» sends the change, ends the session, and the browser keeps no copy.
        await page.getByRole('button', { name: 'Mi cuenta' }).click();
        await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
        await dialog.waitFor();
        await online();
        await dialog.getByRole('button', { name: 'Intentar de nuevo' }).click();
        await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
        expect(await copies(page)).toEqual([]);
        expect(await page.evaluate(() => localStorage.getItem('session'))).toBeNull();

        await login(page, suite.baseUrl, account);
        await page.goto(`${suite.baseUrl}/formalizacion/${id}`);
        await expect(tradeName(page).getByRole('radio', { name: 'No', exact: true }).isChecked()).resolves.toBe(true);
      });

      const phone = await suite.page({ viewport: PHONE });
      await snapshotOnFailure(phone, async () => {
        await login(phone, suite.baseUrl, account);
        await phone.goto(`${suite.baseUrl}/formalizacion/${id}`);
        await offlineSaves(phone, id);
        await tradeName(phone).getByRole('radio', { name: 'Sí', exact: true }).check();
        await unsentChange(phone, id);
        await phone.getByRole('button', { name: 'Menú' }).click();
        await phone.getByRole('button', { name: 'Cerrar sesión' }).click();
        const dialog = pendingDialog(phone);
        await dialog.waitFor();
        await expectNoAxeViolations(phone, 'unsent changes on sign-out at 390 px');
        await shot(phone, 'sign-out-unsent-390');
        // Leaving anyway: the session ends and the change the citizen was warned about is gone from this phone.
        await dialog.getByRole('button', { name: 'Salir sin guardar' }).click();
        await phone.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
        expect(await copies(phone)).toEqual([]);
        expect((await phone.request.get(`${suite.baseUrl}/v1/portals/formalizaciones/${id}`)).status()).toBe(401);
      });
    });

    it('an expired session removes the unsent change from the browser and the login form says so; another citizen never finds a copy', async () => {
      const account = await registerCitizen(suite.baseUrl, '03105672194');
      const page = await suite.page({ viewport: DESKTOP });
      await snapshotOnFailure(page, async () => {
        await login(page, suite.baseUrl, account);
        const id = await newApplication(page);
        const online = await offlineSaves(page, id);
        await tradeName(page).getByRole('radio', { name: 'No', exact: true }).check();
        await unsentChange(page, id);
        // The session ends on the server (expired, or closed elsewhere).
        expect((await page.request.post(`${suite.baseUrl}/v1/portals/auth/citizens/logout`)).ok()).toBe(true);
        await online();
        await page.goto(`${suite.baseUrl}/mis-solicitudes`);
        await page.waitForURL(`${suite.baseUrl}/`);
        await page.getByRole('status').filter({ hasText: 'Los últimos cambios que no se habían guardado se borraron de este equipo.' }).waitFor();
        expect(await copies(page)).toEqual([]);

        // Copies someone left on this browser (a session never signed out) are gone once another citizen signs in.
        await page.evaluate((draft) => {
          localStorage.setItem(`borrador:${draft}`, JSON.stringify({ version: 1, data: { nombre: 'de otra persona' }, form: 'formalizacion' }));
          localStorage.setItem(`visitadas:${draft}`, '["datos_solicitud"]');
          localStorage.setItem('copias_de', '999999');
        }, id);
        await login(page, suite.baseUrl, DEMO);
        expect(await copies(page)).toEqual([]);
      });
    });
  });

  it('a signed-in page asks an anonymous visitor to log in, then shows the page at the same address', async () => {
    const page = await suite.page({ viewport: PHONE });
    await snapshotOnFailure(page, async () => {
      await page.goto(`${suite.baseUrl}/mis-solicitudes`);
      await page.getByRole('heading', { name: 'Iniciar sesión', level: 1 }).waitFor();
      expect(await page.title()).toBe('Mis solicitudes | Portal Ciudadano');
      // A visitor who never signed in is not told that a session ended.
      expect(await page.getByText('Su sesión terminó').count()).toBe(0);
      await expectNoAxeViolations(page, 'login on a signed-in page at 390 px');
      await page.getByLabel('Cédula').fill(DEMO.cedula);
      await page.getByLabel('Contraseña').fill(DEMO.password);
      await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
      await page.getByRole('heading', { name: 'Mis solicitudes', level: 1 }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/mis-solicitudes');
      await expectNoAxeViolations(page, 'Mis solicitudes at 390 px');
      await shot(page, 'mis-solicitudes-390');
    });
  });

  it('/ingresar returns to ?volver= after logging in, and never to another site', async () => {
    const page = await suite.page({ viewport: DESKTOP });
    await snapshotOnFailure(page, async () => {
      await page.goto(`${suite.baseUrl}/ingresar?volver=${encodeURIComponent('/mis-solicitudes')}`);
      await page.getByRole('heading', { name: 'Iniciar sesión', level: 1 }).waitFor();
      expect(await page.title()).toBe('Iniciar sesión | Portal Ciudadano');
      await expectNoAxeViolations(page, '/ingresar');
      await shot(page, 'ingresar-1280');
      await page.getByLabel('Cédula').fill(DEMO.cedula);
      await page.getByLabel('Contraseña').fill(DEMO.password);
      await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
      await page.waitForURL(`${suite.baseUrl}/mis-solicitudes`);

      await page.goto(`${suite.baseUrl}/ingresar?volver=${encodeURIComponent('//example.com/')}`);
      await page.waitForURL(`${suite.baseUrl}/`);
    });
  });
});

describe('route registry', () => {
  // The catalogue's pages were the last "en construcción" ones (their own tests: catalogue.test.ts).
  it('the catalogue pages have their own title and are no longer under construction; an unknown address is "Página no encontrada" (1280 and 390 px)', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await suite.page({ viewport });
      await snapshotOnFailure(page, async () => {
        for (const [address, title] of [['/servicios', 'Servicios'], ['/instituciones', 'Instituciones'], ['/puntos-gob', 'Puntos GOB']]) {
          await page.goto(`${suite.baseUrl}${address}`);
          await page.getByRole('heading', { name: title, level: 1 }).waitFor();
          expect(await page.getByText('Esta página está en construcción.', { exact: false }).count()).toBe(0);
          expect(await page.title()).toBe(`${title} | Portal Ciudadano`);
        }
        await page.goto(`${suite.baseUrl}/no-hay-tal-pagina`);
        await page.getByRole('heading', { name: 'Página no encontrada', level: 1 }).waitFor();
      });
    }
  });
});

describe('after a deploy', () => {
  it('a lazy chunk that is gone reloads the page once, then the error boundary offers the way back to Inicio', async () => {
    const page = await suite.page({ viewport: DESKTOP });
    await snapshotOnFailure(page, async () => {
      let documents = 0;
      page.on('request', (request) => {
        if (request.resourceType() === 'document') documents++;
      });
      // The old build's chunk of the login page no longer exists on the server.
      await page.route(/\/assets\/LoginPage-[^/]+\.js$/, (route) => route.fulfill({ status: 404, body: 'Recurso no encontrado' }));
      await page.goto(`${suite.baseUrl}/ingresar`);
      await page.getByRole('heading', { name: 'No se pudo mostrar esta página', level: 1 }).waitFor();
      expect(documents).toBe(2);
      await shot(page, 'error-boundary-1280');
      await expectNoAxeViolations(page, 'error boundary');
      await page.unroute(/\/assets\/LoginPage-[^/]+\.js$/);
      await page.getByRole('link', { name: 'Volver a Inicio' }).click();
      await page.getByRole('heading', { name: 'Trámites del Gobierno dominicano, en línea', level: 1 }).waitFor();
    });
  });
});
