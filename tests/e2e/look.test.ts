/**
 * The portal's official look in Chromium against the real server and the
 * production build: banner, header, navigation, footer and the new pages at
 * 1280 and 390 px (axe WCAG 2.2 A/AA, one document.title each, screenshots in
 * tests/.artifacts/look), the home page for a visitor and for a citizen, a
 * keyboard-only pass through the header, its menus and the footer, and the
 * route-change progress bar.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { portalSuite } from '../support/portalSuite';
import { fixture, login, newApplication, registerCitizen, seedDraft, snapshotOnFailure, uploadDocumentApi } from '../support/portal';
import { setFileFields } from '../support/fileFields';
import { expectNoAxeViolations, waitForStillPage, weakControlBoundaries } from '../support/axe';
import { expectFocus, focused, tabTo, waitForFocusInDialog } from '../support/keyboard';
import { REPO_ROOT } from '../support/startPortal';
import { DESKTOP, PHONE } from '../support/viewports';
import { boxesOf, holdResponses, holdResponsesUntilReleased, layoutShiftTotal, watchLayoutShifts } from '../support/layoutShifts';

const suite = portalSuite();
const SHOTS = path.join(REPO_ROOT, 'tests/.artifacts/look');

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await waitForStillPage(page);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

/** Fails when the page scrolls sideways (something wider than the window). */
async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(scroll, `${where}: the page scrolls sideways (${scroll} > ${client} px)`).toBeLessThanOrEqual(client);
}

const PAGES: readonly [address: string, h1: string, title: string][] = [
  ['/', 'Trámites del Gobierno dominicano, en línea', 'Inicio | Portal Ciudadano'],
  ['/accesibilidad', 'Declaración de accesibilidad', 'Declaración de accesibilidad | Portal Ciudadano'],
  ['/privacidad', 'Política de privacidad', 'Política de privacidad | Portal Ciudadano'],
  ['/terminos', 'Términos de uso', 'Términos de uso | Portal Ciudadano'],
  ['/contacto', 'Contacto', 'Contacto | Portal Ciudadano'],
  ['/servicios', 'Servicios', 'Servicios | Portal Ciudadano'],
  ['/ingresar', 'Iniciar sesión', 'Iniciar sesión | Portal Ciudadano'],
];

describe('pages', () => {
  for (const [label, viewport] of [['1280', DESKTOP], ['390', PHONE]] as const) {
    it(`banner, header, footer and every new page: title, axe, no sideways scroll (${label} px)`, async () => {
      const page = await suite.page({ viewport });
      await snapshotOnFailure(page, async () => {
        for (const [address, h1, title] of PAGES) {
          await page.goto(`${suite.baseUrl}${address}`);
          await page.getByRole('heading', { name: h1, level: 1 }).waitFor();
          expect(await page.title()).toBe(title);
          await page.getByText('Este es un portal oficial del Gobierno de la República Dominicana').waitFor();
          await page.getByRole('link', { name: 'Portal Ciudadano' }).waitFor();
          const footer = page.getByRole('contentinfo');
          for (const name of ['Declaración de accesibilidad', 'Privacidad', 'Términos de uso', 'Contacto']) await footer.getByRole('link', { name }).waitFor();
          for (const name of ['Sugerir un servicio', 'Reportar un problema']) await footer.getByRole('button', { name }).waitFor();
          await expectNoAxeViolations(page, `${address} at ${label} px`);
          expect(await weakControlBoundaries(page), `${address}: control boundaries under 3:1`).toEqual([]);
          await expectNoSidewaysScroll(page, `${address} at ${label} px`);
          await shot(page, `${address === '/' ? 'inicio' : address.slice(1)}-${label}`);
        }
      });
    });
  }

  it('the official banner discloses how to tell, and the navigation marks the current page', async () => {
    const page = await suite.page({ viewport: DESKTOP });
    await snapshotOnFailure(page, async () => {
      await page.goto(`${suite.baseUrl}/contacto`);
      const toggle = page.getByRole('button', { name: 'Así es como puede saberlo' });
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      await toggle.click();
      await page.getByText('Los portales oficiales terminan en .gob.do.').waitFor();
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      await expectNoAxeViolations(page, 'banner open');
      await shot(page, 'banner-abierto-1280');

      const nav = page.getByRole('navigation', { name: 'Navegación principal' });
      expect(await nav.getByRole('link').allInnerTexts()).toEqual(['Inicio', 'Servicios', 'Instituciones', 'Puntos GOB', 'Mis solicitudes']);
      expect(await nav.locator('[aria-current="page"]').count()).toBe(0);
      await nav.getByRole('link', { name: 'Servicios' }).click();
      await page.getByRole('heading', { name: 'Servicios', level: 1 }).waitFor();
      expect(await nav.getByRole('link', { name: 'Servicios' }).getAttribute('aria-current')).toBe('page');
      expect(await page.title()).toBe('Servicios | Portal Ciudadano');
    });
  });

  it("the home page's search goes to Servicios with ?q=", async () => {
    const page = await suite.page({ viewport: PHONE });
    await snapshotOnFailure(page, async () => {
      await page.goto(`${suite.baseUrl}/`);
      await page.getByRole('searchbox', { name: '¿Qué trámite busca?' }).fill('registro mercantil');
      await page.getByRole('button', { name: 'Buscar' }).click();
      await page.getByRole('heading', { name: 'Servicios', level: 1 }).waitFor();
      const url = new URL(page.url());
      expect(url.pathname).toBe('/servicios');
      expect(url.searchParams.get('q')).toBe('registro mercantil');
      await page.goto(`${suite.baseUrl}/`);
      await page.getByRole('link', { name: 'Formalización de empresas (SRL, EIRL, persona física)' }).click();
      // A visitor is asked to log in or register first (SERVICE_APPLY; the flow itself: accounts.test.ts).
      await page.getByRole('dialog', { name: 'Solicitar el servicio' }).getByRole('button', { name: 'Iniciar sesión' }).waitFor();
    });
  });
});

describe('signed in', () => {
  for (const [label, viewport] of [['1280', DESKTOP], ['390', PHONE]] as const) {
    it(`the home page shows pending actions and the requests; bell and profile menu (${label} px, axe)`, async () => {
      const page = await suite.page({ viewport });
      await snapshotOnFailure(page, async () => {
        await login(page, suite.baseUrl, await registerCitizen(suite.baseUrl, label === '1280' ? '00104578232' : '22300486150'));
        await page.getByRole('heading', { name: 'Pendientes', level: 2 }).waitFor();
        await page.getByText('No tiene acciones pendientes.').waitFor();
        await page.getByRole('heading', { name: 'Mis solicitudes', level: 2 }).waitFor();
        expect(await page.title()).toBe('Inicio | Portal Ciudadano');
        await expectNoAxeViolations(page, `citizen home at ${label} px`);
        await shot(page, `inicio-ciudadano-${label}`);

        // A draft becomes a pending action.
        await page.getByRole('button', { name: 'Nueva solicitud de formalización' }).click();
        await page.waitForURL(/\/formalizacion\/\d+/);
        await watchLayoutShifts(page);
        await page.goto(`${suite.baseUrl}/`);
        await page.getByRole('link', { name: /^Terminar el borrador n\.º \d+$/ }).waitFor();
        // Nothing moves as the page's parts arrive: the links of interest wait for the lists above them
        // (drawn first, they were pushed down as the lists came: a shift of 0.15 at 390 px).
        await page.getByRole('heading', { name: 'Enlaces de interés', level: 2 }).waitFor();
        await waitForStillPage(page);
        const shifts = await layoutShiftTotal(page);
        expect(shifts.total, shifts.detail).toBeLessThan(0.01);

        if (label === '1280') {
          await page.getByRole('link', { name: 'Notificaciones' }).click();
          await page.getByRole('heading', { name: 'Notificaciones', level: 1 }).waitFor();
          await page.getByRole('button', { name: 'Mi cuenta' }).click();
          await page.getByRole('menuitem', { name: 'Cambiar contraseña' }).click();
          await page.getByRole('dialog', { name: 'Cambiar la contraseña' }).waitFor();
        } else {
          await page.getByRole('button', { name: 'Menú' }).click();
          const drawer = page.getByRole('dialog', { name: 'Menú' });
          await drawer.getByRole('link', { name: 'Mis solicitudes' }).waitFor();
          await expectNoAxeViolations(page, 'drawer open at 390 px');
          await shot(page, 'menu-movil-390');
          await drawer.getByRole('link', { name: 'Mi perfil' }).click();
          await page.getByRole('heading', { name: 'Mi perfil', level: 1 }).waitFor();
          await page.getByRole('dialog', { name: 'Menú' }).waitFor({ state: 'detached' });
        }
      });
    });
  }
});

describe('keyboard only', () => {
  it('header links, the profile menu (Enter opens, Escape closes, focus returns) and the footer at 1280 px', async () => {
    const page = await suite.page({ viewport: DESKTOP });
    await snapshotOnFailure(page, async () => {
      await login(page, suite.baseUrl, await registerCitizen(suite.baseUrl, '00118463025'));
      await page.goto(`${suite.baseUrl}/`);
      await page.getByRole('heading', { name: 'Pendientes' }).waitFor();
      // «Mi cuenta» is a lazily loaded chunk (kept out of the first paint): CI once Tabbed past its place before it arrived.
      await page.waitForLoadState('networkidle');
      await tabTo(page, 'Saltar al contenido principal', { max: 1 });
      await tabTo(page, 'Así es como puede saberlo', { max: 1 });
      await page.keyboard.press('Enter');
      await page.getByText('Los portales oficiales terminan en .gob.do.').waitFor();
      await page.keyboard.press('Space');
      await tabTo(page, 'Portal Ciudadano', { max: 1 });
      for (const name of ['Inicio', 'Servicios', 'Instituciones', 'Puntos GOB', 'Mis solicitudes', 'Notificaciones']) await tabTo(page, name, { max: 1 });
      const account = await tabTo(page, 'Mi cuenta', { max: 1 });
      await page.keyboard.press('Enter');
      await page.getByRole('menu').waitFor();
      await page.keyboard.press('ArrowDown');
      expect((await focused(page)).role).toBe('menuitem');
      await page.keyboard.press('Escape');
      await page.getByRole('menu').waitFor({ state: 'detached' });
      await expectFocus(page, account.name);
      // Space opens it too; "Cambiar contraseña" from the keyboard opens the registry's modal.
      await page.keyboard.press('Space');
      await page.getByRole('menu').waitFor();
      await page.getByRole('menuitem', { name: 'Cambiar contraseña' }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('dialog', { name: 'Cambiar la contraseña' }).waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });

      // The footer: its links and buttons are reached in order at the end of the page.
      await page.locator('footer a').first().focus();
      expect((await focused(page)).name).toBe('Declaración de accesibilidad');
      for (const name of ['Privacidad', 'Términos de uso', 'Contacto', 'Sugerir un servicio', 'Reportar un problema']) await tabTo(page, name, { max: 1 });
      await page.keyboard.press('Enter');
      await page.getByRole('dialog', { name: 'Reportar un problema' }).waitFor();
      await page.keyboard.press('Escape');
      await expectFocus(page, 'Reportar un problema');
    });
  });

  it('«Mi cuenta» before its menu\'s code: reached with Tab, the focus stays on it when the menu arrives; pressed, the menu opens', async () => {
    const page = await suite.page({ viewport: DESKTOP });
    await snapshotOnFailure(page, async () => {
      await login(page, suite.baseUrl, await registerCitizen(suite.baseUrl, '09301624756'));
      for (const press of [false, true]) {
        let release = () => {};
        const released = new Promise<void>((resolve) => (release = resolve));
        await page.route(/\/assets\/AccountMenu-[\w-]+\.js$/, async (route) => {
          await released;
          await route.continue();
        });
        await page.goto(`${suite.baseUrl}/`);
        await page.getByRole('heading', { name: 'Pendientes' }).waitFor();
        // The stand-in (drawn with the first bundle): no menu behind it yet.
        await page.getByRole('button', { name: 'Mi cuenta' }).focus();
        expect(await page.getByRole('button', { name: 'Mi cuenta' }).getAttribute('aria-expanded')).toBeNull();
        const accountBoxes = () => boxesOf(page, ['[aria-haspopup="menu"][title]', '[aria-haspopup="menu"][title] .header-avatar']);
        const standIn = await accountBoxes();
        // A target a finger can hit, with the initial apart from the words.
        expect(standIn[0].height).toBeGreaterThanOrEqual(44);
        if (press) await page.keyboard.press('Enter');
        release();
        // The menu's button replaced it (Mantine's target says whether it is expanded).
        await expect.poll(() => page.getByRole('button', { name: 'Mi cuenta' }).getAttribute('aria-expanded'), { timeout: 15_000 }).not.toBeNull();
        // The menu's button is drawn as the stand-in was: the header does not move.
        if (!press) expect(await accountBoxes()).toEqual(standIn);
        if (press) {
          // Pressed: the menu opens on arrival (its first item focused, as a menu button's does); Escape gives the focus back.
          await page.getByRole('menu').waitFor();
          await page.keyboard.press('Escape');
          await page.getByRole('menu').waitFor({ state: 'detached' });
        }
        await expectFocus(page, 'Mi cuenta');
        await page.unrouteAll({ behavior: 'wait' });
      }
    });
  });

  it('the phone menu opens with Enter, traps focus, closes with Escape and gives focus back (390 px)', async () => {
    const page = await suite.page({ viewport: PHONE });
    await snapshotOnFailure(page, async () => {
      await page.goto(`${suite.baseUrl}/privacidad`);
      await page.getByRole('heading', { name: 'Política de privacidad', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Así es como puede saberlo' }).focus();
      await tabTo(page, 'Portal Ciudadano', { max: 1 });
      await tabTo(page, 'Menú', { max: 1 });
      await page.keyboard.press('Enter');
      const drawer = page.getByRole('dialog', { name: 'Menú' });
      await drawer.waitFor();
      await waitForFocusInDialog(page);
      for (const name of ['Inicio', 'Servicios', 'Instituciones', 'Puntos GOB', 'Mis solicitudes']) await tabTo(page, name, { max: 2 });
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'detached' });
      await expectFocus(page, 'Menú');
    });
  });
});

describe('route change', () => {
  it('a thin progress bar shows while a lazy page loads, then goes', async () => {
    const page = await suite.page({ viewport: DESKTOP });
    await snapshotOnFailure(page, async () => {
      await page.goto(`${suite.baseUrl}/`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      // Hold the contact page's chunk so the bar can be seen.
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      await page.route(/\/assets\/ContactPage-[^/]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.getByRole('contentinfo').getByRole('link', { name: 'Contacto' }).click();
      const bar = page.getByRole('progressbar', { name: 'Cargando la página' });
      await bar.waitFor();
      const box = await bar.boundingBox();
      expect(box?.y).toBe(0);
      expect(box?.height).toBeLessThanOrEqual(4);
      expect(box?.width).toBe(DESKTOP.width);
      release();
      await page.getByRole('heading', { name: 'Contacto', level: 1 }).waitFor();
      await bar.waitFor({ state: 'detached' });
    });
  });
});

describe('the form', () => {
  it('a step title shows once; read-only fields look read-only; the section list stays in view (1280 px)', async () => {
    const page = await suite.page({ viewport: DESKTOP });
    await snapshotOnFailure(page, async () => {
      await login(page, suite.baseUrl, await registerCitizen(suite.baseUrl, '03702849518'));
      const id = await newApplication(page);
      // The step's title is its h2; the section's legend is only for screen readers (no second, boxed title).
      const title = 'Datos solicitud de formalización';
      expect(await page.getByText(title, { exact: true }).evaluateAll((els) => els.filter((e) => e.getClientRects().length > 0 && e.getBoundingClientRect().width > 1).length)).toBe(1);
      await page.getByRole('group', { name: new RegExp(`^${title}`) }).waitFor();

      await seedDraft(page, suite.baseUrl, id, fixture('srl-completa'));
      await page.goto(`${suite.baseUrl}/formalizacion/${id}/datos_financieros`);
      const computed = page.getByLabel('Total de cuotas');
      await computed.waitFor();
      const [readOnly, editable] = await Promise.all([computed, page.getByRole('textbox').filter({ hasNot: page.locator('[readonly]') }).first()].map((l) =>
        l.evaluate((el) => { const s = getComputedStyle(el); return { bg: s.backgroundColor, left: s.borderLeftWidth, bottom: s.borderBottomStyle, ro: (el as HTMLInputElement).readOnly }; })));
      expect(readOnly.ro).toBe(true);
      expect(editable.ro).toBe(false);
      expect(readOnly.bg).not.toBe(editable.bg);
      expect(readOnly.left).toBe('0px');
      expect(readOnly.bottom).toBe('dashed');
      await shot(page, 'paso-datos-financieros-1280');

      // Halfway down a long step the list of sections is still at the top of the window.
      await page.goto(`${suite.baseUrl}/formalizacion/${id}/propietario_socios`);
      await page.getByRole('heading', { level: 2 }).first().waitFor();
      await waitForStillPage(page);
      // Mantine's ids are React's, as in the first render: Mantine's own useId swaps each for a random one
      // after mounting, a synchronous re-render of every input of the step (the build swaps it: vite.config.ts).
      const mantineIds = await page.evaluate(() => [...document.querySelectorAll('[id^="mantine-"]')].map((e) => e.id));
      expect(mantineIds.length).toBeGreaterThan(0);
      expect(mantineIds.filter((i) => !/^mantine-_r_[0-9a-z]+_$/.test(i))).toEqual([]);
      await page.setViewportSize({ width: DESKTOP.width, height: 600 });
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
      await page.waitForFunction(() => window.scrollY > 1000);
      const nav = await page.getByRole('navigation', { name: 'Secciones de la solicitud' }).first().boundingBox();
      expect(nav!.y).toBeGreaterThanOrEqual(0);
      expect(nav!.y).toBeLessThan(40);
    });
  });

  it('at 390 px, the citizen\'s documents answering a second after the documents\' step is drawn: the chosen documents\' previews keep their place', async () => {
    const page = await suite.page({ viewport: PHONE });
    await snapshotOnFailure(page, async () => {
      await login(page, suite.baseUrl, await registerCitizen(suite.baseUrl, '04701935282'));
      const id = await newApplication(page);
      const document = await uploadDocumentApi(page, suite.baseUrl, 'estatutos.pdf');
      const data = fixture('srl-completa');
      setFileFields(data, document);
      await seedDraft(page, suite.baseUrl, id, data);
      await watchLayoutShifts(page);
      await holdResponses(page, /\/v1\/portals\/documents$/, 1000);
      await page.goto(`${suite.baseUrl}/formalizacion/${id}/documentos_requeridos`);
      await page.getByText(/^estatutos(\.pdf)? \(pdf\)$/).first().waitFor();
      await waitForStillPage(page);
      const shifts = await layoutShiftTotal(page);
      expect(shifts.total, shifts.detail).toBeLessThan(0.01);
    });
  });

  for (const [label, viewport, cedula] of [['390', PHONE, '05607221842'], ['1280', DESKTOP, '40233509187']] as const) {
    it(`at ${label} px, a step's answers show before the step's code, inert, where the form then draws them`, async () => {
      const page = await suite.page({ viewport });
      await snapshotOnFailure(page, async () => {
        await login(page, suite.baseUrl, await registerCitizen(suite.baseUrl, cedula));
        const id = await newApplication(page);
        const data = fixture('srl-completa');
        await seedDraft(page, suite.baseUrl, id, data);
        await watchLayoutShifts(page);
        // The step's own code is held until what shows before it has been checked (a slow phone network): until then, the frame.
        const release = await holdResponsesUntilReleased(page, /\/assets\/ApplicationPage-[^/]*\.js$/);
        await page.goto(`${suite.baseUrl}/formalizacion/${id}/actividades_empresariales`);
        const preview = page.locator('[data-step-preview]');
        const purpose = preview.locator('textarea');
        await purpose.waitFor();
        const activities = (data.actividades_empresariales as Record<string, string>);
        expect(await purpose.inputValue()).toBe(activities.objeto_de_la_empresa);
        // The activities' names come from the CIIU list asked for with the draft.
        await expect.poll(() => preview.locator('input[role="combobox"]').first().inputValue({ timeout: 100 }).catch(() => '')).toMatch(new RegExp(`^${activities.actividad_principal} - \\S`));
        expect(await page.getByRole('progressbar', { name: 'Cargando la solicitud' }).count()).toBe(1);
        // Nothing to type into before the form is there: not focusable, not announced; the page is accessible meanwhile.
        expect(await preview.evaluate((el) => el.hasAttribute('inert') && el.getAttribute('aria-hidden') === 'true')).toBe(true);
        await expectNoAxeViolations(page, 'el paso 5 antes de su código', { still: false });
        // Not reachable with the keyboard (nor by script): focusing each of its fields leaves the focus where it was.
        expect(await preview.locator('input, textarea').evaluateAll((fields) => fields.map((field) => {
          (field as HTMLElement).focus();
          return document.activeElement === field;
        }))).toEqual([false, false, false]);
        await page.screenshot({ path: path.join(SHOTS, `paso-5-antes-del-codigo-${label}.png`) });
        const boxes = async () => page.evaluate(() => ['actividad_principal', 'actividad_secundaria', 'objeto_de_la_empresa'].map((key) => {
          const input = document.getElementById(`root_actividades_empresariales_${key}`)!;
          const box = input.getBoundingClientRect();
          return { key, top: Math.round(box.top * 10) / 10, left: Math.round(box.left * 10) / 10, width: Math.round(box.width * 10) / 10, height: Math.round(box.height * 10) / 10 };
        }));
        const before = await boxes();
        release();

        // The form takes the preview's place: the same boxes, the purpose editable, no shift.
        await page.waitForFunction(() => document.querySelector('[data-step-preview]') === null, undefined, { timeout: 20_000 });
        const form = page.locator('form.rjsf');
        await form.getByRole('combobox', { name: 'Actividad principal' }).waitFor();
        await waitForStillPage(page);
        expect(await boxes()).toEqual(before);
        const editable = form.getByRole('textbox', { name: 'Objeto de la empresa' });
        expect(await editable.inputValue()).toBe(activities.objeto_de_la_empresa);
        await editable.fill(`${activities.objeto_de_la_empresa} Y soporte técnico.`);
        const shifts = await layoutShiftTotal(page);
        expect(shifts.total, shifts.detail).toBeLessThan(0.01);
        await shot(page, `paso-5-${label}`);
      });
    });
  }

  it('the document picker is readable at 390 px: long names wrap, buttons on screen, no sideways scroll', async () => {
    const page = await suite.page({ viewport: PHONE });
    await snapshotOnFailure(page, async () => {
      await login(page, suite.baseUrl, await registerCitizen(suite.baseUrl, '02603918570'));
      const id = await newApplication(page);
      await seedDraft(page, suite.baseUrl, id, fixture('srl-completa'));
      await uploadDocumentApi(page, suite.baseUrl, 'EstatutosSocialesFirmadosPorTodosLosSociosYElGerenteCopiaLegalizada2026.pdf');
      await uploadDocumentApi(page, suite.baseUrl, 'cedula.pdf');
      await page.goto(`${suite.baseUrl}/formalizacion/${id}/documentos_requeridos`);
      await page.getByRole('button', { name: 'Elegir de mis documentos' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Mis documentos' });
      const longName = dialog.getByText('EstatutosSocialesFirmadosPorTodosLosSociosYElGerenteCopiaLegalizada2026', { exact: true });
      await longName.waitFor();
      await waitForStillPage(page);
      await page.screenshot({ path: path.join(SHOTS, 'selector-documentos-390.png') });
      // Nothing clipped: the name is shown whole (wrapped), the buttons sit inside the window.
      expect(await longName.evaluate((el) => `${el.scrollWidth} ${el.clientWidth}`), 'the long name is not clipped').toMatch(/^(\d+) \1$/);
      for (const button of await dialog.getByRole('button', { name: /^Seleccionar/ }).all()) {
        const box = await button.boundingBox();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
      }
      expect(await dialog.evaluate((el) => [...el.querySelectorAll('*')].filter((e) => !e.matches('.mantine-VisuallyHidden-root') && e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'visible').map((e) => e.className.toString()))).toEqual([]);
      await expectNoAxeViolations(page, 'document picker at 390 px');
      await page.screenshot({ path: path.join(SHOTS, 'selector-documentos-390.png') });
    });
  });
});
