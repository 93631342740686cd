/**
 * The catalogue's pages in Chromium against the real server and its seeded
 * catalogue: Servicios (search with and without accents, filters and pages in
 * the address, Back, the empty state's suggestion), a service page (cost in
 * RD$, requirements, PUNTOSGOB_AVAILABILITY, "Solicitar en línea" for a
 * visitor and for a citizen), Instituciones, Puntos GOB by province and the
 * home page's figures; axe at 1280 and 390 px on every page and the modal;
 * a keyboard-only pass of the catalogue. Screenshots in tests/.artifacts/catalogue.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { CatalogueServiceDetail, CatalogueServicePage, PortalStatistics, ProvinceList, PuntoGobDetail } from '@portal/api-contract';
import { portalSuite } from '../support/portalSuite';
import { DEMO, login, snapshotOnFailure } from '../support/portal';
import { expectNoAxeViolations, waitForStillPage } from '../support/axe';
import { holdResponsesUntilReleased, watchLayoutShifts } from '../support/layoutShifts';
import { expectPageInFramePlace } from '../support/frames';
import { expectFocus, tabTo, type, waitForFocusInDialog } from '../support/keyboard';
import { REPO_ROOT } from '../support/startPortal';
import { DESKTOP, PHONE } from '../support/viewports';

const suite = portalSuite();
const SHOTS = path.join(REPO_ROOT, 'tests/.artifacts/catalogue');

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await waitForStillPage(page);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

async function apiGet<T>(page: Page, address: string): Promise<T> {
  const answer = await page.request.get(`${suite.baseUrl}${address}`);
  expect(answer.status(), address).toBe(200);
  return (await answer.json()) as T;
}

const countText = (total: number) => `${total.toLocaleString('es-DO')} ${total === 1 ? 'servicio' : 'servicios'}`;
const resultLinks = (page: Page) => page.getByRole('region', { name: /servicios?$/ }).getByRole('list').first().getByRole('link');
const resultNames = (page: Page) => resultLinks(page).allInnerTexts();

describe('Servicios', () => {
  it('a search finds "Certificación" with and without accents; the address carries it; a filter; Back restores the previous results', async () => {
    const page = await suite.page({ viewport: DESKTOP });
    await snapshotOnFailure(page, async () => {
      const expected = await apiGet<CatalogueServicePage>(page, '/v1/portals/services?q=certificacion&per_page=12');
      expect(expected.total).toBeGreaterThan(3);

      await page.goto(`${suite.baseUrl}/servicios`);
      await page.getByRole('heading', { name: 'Servicios', level: 1 }).waitFor();
      await page.getByRole('searchbox', { name: 'Buscar un servicio' }).fill('certificacion');
      await page.getByRole('button', { name: 'Buscar', exact: true }).click();
      await page.getByRole('heading', { name: countText(expected.total), level: 2 }).waitFor();
      expect(new URL(page.url()).searchParams.get('q')).toBe('certificacion');
      const names = await resultNames(page);
      expect(names).toEqual(expected.data.map((s) => s.name));
      expect(names).toContain('Certificación de acta de nacimiento');

      // With the accent: the same services.
      await page.goto(`${suite.baseUrl}/servicios?q=${encodeURIComponent('CERTIFICACIÓN')}`);
      await page.getByRole('heading', { name: countText(expected.total), level: 2 }).waitFor();
      expect(await page.getByRole('searchbox', { name: 'Buscar un servicio' }).inputValue()).toBe('CERTIFICACIÓN');
      expect(new Set(await resultNames(page))).toEqual(new Set(expected.data.map((s) => s.name)));

      // A filter: area and institution.
      const filtered = await apiGet<CatalogueServicePage>(page, `/v1/portals/services?q=${encodeURIComponent('CERTIFICACIÓN')}&area=2&institutions=4&per_page=12`);
      expect(filtered.total).toBeGreaterThan(0);
      expect(filtered.total).toBeLessThan(expected.total);
      await page.getByLabel('Área').selectOption({ value: '2' });
      await page.getByLabel('Institución').selectOption({ value: '4' });
      await page.getByRole('heading', { name: countText(filtered.total), level: 2 }).waitFor();
      const url = new URL(page.url());
      expect([url.searchParams.get('area'), url.searchParams.get('institucion'), url.searchParams.get('pagina')]).toEqual(['2', '4', null]);
      expect(await resultNames(page)).toEqual(filtered.data.map((s) => s.name));
      for (const name of await resultNames(page)) expect(name).toMatch(/^Certificaci/);

      // Back: the area filter alone, then the search alone.
      await page.goBack();
      await expect.poll(() => new URL(page.url()).searchParams.get('institucion')).toBeNull();
      expect(await page.getByLabel('Área').inputValue()).toBe('2');
      await page.goBack();
      await page.getByRole('heading', { name: countText(expected.total), level: 2 }).waitFor();
      expect(new Set(await resultNames(page))).toEqual(new Set(expected.data.map((s) => s.name)));
      expect(await page.getByLabel('Área').inputValue()).toBe('');
      expect(await page.getByRole('searchbox', { name: 'Buscar un servicio' }).inputValue()).toBe('CERTIFICACIÓN');
    });
  });

  it('pages of 12 in the address; Back returns to the previous page', async () => {
    const page = await suite.page({ viewport: DESKTOP });
    await snapshotOnFailure(page, async () => {
      const first = await apiGet<CatalogueServicePage>(page, '/v1/portals/services?per_page=12');
      const second = await apiGet<CatalogueServicePage>(page, '/v1/portals/services?per_page=12&page=2');
      const lastPage = Math.ceil(first.total / 12);
      expect(lastPage).toBeGreaterThan(1);
      await page.goto(`${suite.baseUrl}/servicios`);
      const pages = page.getByRole('navigation', { name: 'Páginas de resultados' });
      await pages.getByText(`Página 1 de ${lastPage}`).waitFor();
      expect(await resultNames(page)).toEqual(first.data.map((s) => s.name));
      expect(await pages.getByRole('button', { name: 'Anterior' }).isDisabled()).toBe(true);
      await pages.getByRole('button', { name: 'Siguiente' }).click();
      await pages.getByText(`Página 2 de ${lastPage}`).waitFor();
      expect(new URL(page.url()).searchParams.get('pagina')).toBe('2');
      await expect.poll(() => resultNames(page)).toEqual(second.data.map((s) => s.name));
      await page.goBack();
      await pages.getByText(`Página 1 de ${lastPage}`).waitFor();
      await expect.poll(() => resultNames(page)).toEqual(first.data.map((s) => s.name));
    });
  });

  it('a filter by channel alone; a search with nothing found offers "Sugerir un servicio", which opens its modal', async () => {
    const page = await suite.page({ viewport: PHONE });
    await snapshotOnFailure(page, async () => {
      const phone = await apiGet<CatalogueServicePage>(page, '/v1/portals/services?channel=telefonico&per_page=12');
      await page.goto(`${suite.baseUrl}/servicios`);
      await page.getByLabel('Canal').selectOption({ label: 'Telefónico' });
      await page.getByRole('heading', { name: countText(phone.total), level: 2 }).waitFor();
      expect(new URL(page.url()).searchParams.get('canal')).toBe('telefonico');

      await page.goto(`${suite.baseUrl}/servicios?q=zzqxw+inexistente`);
      await page.getByRole('heading', { name: '0 servicios', level: 2 }).waitFor();
      // No filter is set: the message does not speak of filters.
      await page.getByText('No encontramos servicios para «zzqxw inexistente».', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Sugerir un servicio' }).first().click();
      await page.getByRole('dialog', { name: 'Sugerir un servicio' }).waitFor();
    });
  });

  for (const [label, viewport] of [['1280', DESKTOP], ['390', PHONE]] as const) {
    it(`the catalogue, a service page and PUNTOSGOB_AVAILABILITY, the institutions and the Puntos GOB pass axe (${label} px)`, async () => {
      const page = await suite.page({ viewport });
      await snapshotOnFailure(page, async () => {
        await page.goto(`${suite.baseUrl}/servicios?q=pasaporte`);
        await page.getByRole('heading', { name: /servicios?$/, level: 2 }).waitFor();
        await resultLinks(page).first().waitFor();
        await expectNoAxeViolations(page, `Servicios at ${label} px`);
        await shot(page, `servicios-${label}`);

        await page.goto(`${suite.baseUrl}/servicios?q=zzqxw`);
        await page.getByRole('heading', { name: '0 servicios', level: 2 }).waitFor();
        await expectNoAxeViolations(page, `Servicios, empty, at ${label} px`);
        await shot(page, `servicios-vacio-${label}`);

        await page.goto(`${suite.baseUrl}/servicios/acta-de-nacimiento`);
        await page.getByRole('region', { name: 'Requisitos' }).waitFor();
        await expectNoAxeViolations(page, `service page at ${label} px`);
        await shot(page, `servicio-${label}`);
        // A visitor's page is no wider than the window: long button labels wrap.
        const widths = () => page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
        const [pageScroll, pageClient] = await widths();
        expect(pageScroll, 'service page width').toBeLessThanOrEqual(pageClient);
        expect(pageScroll, 'service page width').toBeLessThanOrEqual(viewport.width);
        // The visitor's longest label (it once stayed on one line and made the page 473 px wide at 390) wraps inside the window.
        const signIn = await page.getByRole('link', { name: 'Inicie sesión para presentar una queja o reclamación' }).boundingBox();
        expect(signIn, 'sign-in link for claims').toBeTruthy();
        expect(signIn!.x).toBeGreaterThanOrEqual(0);
        expect(signIn!.x + signIn!.width, 'sign-in link right edge').toBeLessThanOrEqual(viewport.width);
        await page.getByRole('button', { name: 'Ver los Puntos GOB' }).click();
        const dialog = page.getByRole('dialog', { name: 'Disponibilidad en los Puntos GOB' });
        await dialog.getByText('Punto GOB Megacentro').waitFor();
        await waitForFocusInDialog(page);
        // The dialog and its close button are on screen, not cut on the right.
        const [box, close] = [await dialog.boundingBox(), await dialog.getByRole('button', { name: 'Cerrar' }).first().boundingBox()];
        expect(box && close, 'dialog and its close button').toBeTruthy();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width, 'dialog right edge').toBeLessThanOrEqual(viewport.width);
        expect(close!.x + close!.width, 'close button right edge').toBeLessThanOrEqual(viewport.width);
        await expectNoAxeViolations(page, `PUNTOSGOB_AVAILABILITY at ${label} px`);
        await shot(page, `puntosgob-disponibilidad-${label}`);
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });

        await page.goto(`${suite.baseUrl}/instituciones`);
        await page.getByRole('heading', { name: 'Junta Central Electoral (JCE)', level: 2 }).waitFor();
        await expectNoAxeViolations(page, `Instituciones at ${label} px`);
        await shot(page, `instituciones-${label}`);

        await page.goto(`${suite.baseUrl}/puntos-gob`);
        await page.getByRole('heading', { name: 'Punto GOB Santiago', level: 3 }).waitFor();
        await page.getByText(/^Servicios que ofrece/).first().click();
        await page.getByRole('link', { name: 'Certificación de acta de nacimiento' }).first().waitFor();
        await expectNoAxeViolations(page, `Puntos GOB at ${label} px`);
        await shot(page, `puntos-gob-${label}`);
        // Nothing wider than the window.
        const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
        expect(scroll).toBeLessThanOrEqual(client);
      });
    });
  }

  /** The catalogue's pages that open with a heading and an introduction, drawn before their code (PageIntro). */
  const INTRO_PAGES = [
    { address: '/servicios', chunk: 'CataloguePage', title: 'Servicios', intro: 'Busque entre los servicios de las instituciones del Estado dominicano', loading: 'Cargando el catálogo', ready: (page: Page) => resultLinks(page).first() },
    { address: '/instituciones', chunk: 'InstitutionsPage', title: 'Instituciones', intro: 'Las instituciones del Estado dominicano que ofrecen servicios', loading: 'Cargando las instituciones', ready: (page: Page) => page.getByRole('article', { name: 'Junta Central Electoral (JCE)' }) },
    { address: '/puntos-gob', chunk: 'PuntosGobPage', title: 'Puntos GOB', intro: 'Centros donde puede hacer en persona los servicios', loading: 'Cargando los Puntos GOB', ready: (page: Page) => page.getByLabel('Provincia') },
  ];

  it("at 390 and 1280 px, Servicios, Instituciones and Puntos GOB show their heading and introduction before the page's code, where the page then draws them", async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      for (const shown of INTRO_PAGES) {
        const page = await suite.page({ viewport });
        await snapshotOnFailure(page, async () => {
          await watchLayoutShifts(page);
          // The page's code is held until what shows before it has been checked (a slow phone network).
          const release = await holdResponsesUntilReleased(page, new RegExp(`/assets/${shown.chunk}-[\\w-]+\\.js$`));
          await page.goto(`${suite.baseUrl}${shown.address}`);
          await page.getByRole('progressbar', { name: shown.loading }).waitFor();
          expect(await page.getByRole('heading', { name: shown.title, level: 1 }).count()).toBe(1);
          expect(await page.getByText(shown.intro).count()).toBe(1);
          expect(await shown.ready(page).count()).toBe(0);
          // The page takes the frame's place: the heading and the introduction where they were.
          await expectPageInFramePlace(page, {
            label: `${shown.title} antes del código de su página (${viewport.width} px)`,
            screenshot: path.join(SHOTS, `${shown.chunk}-antes-del-codigo-${viewport.width}.png`),
            boxes: ['main h1', 'main h1 + p'],
            release,
            ready: shown.ready(page),
          });
          expect(await page.getByRole('progressbar', { name: shown.loading }).count()).toBe(0);
        });
        await page.close();
      }
    }
  });

  it("opened from the main navigation while its code loads: focus goes to the frame's heading, then to the page's", async () => {
    const page = await suite.page({ viewport: DESKTOP });
    await snapshotOnFailure(page, async () => {
      await page.goto(`${suite.baseUrl}/`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      const release = await holdResponsesUntilReleased(page, /\/assets\/CataloguePage-[\w-]+\.js$/);
      await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Servicios' }).click();
      await page.getByRole('progressbar', { name: 'Cargando el catálogo' }).waitFor();
      await expectFocus(page, 'Servicios');
      // The frame's heading is replaced with the page's: focus is on the new one, not lost to the page's body.
      await page.evaluate(() => document.activeElement?.setAttribute('data-frame-heading', ''));
      release();
      await page.getByRole('searchbox', { name: 'Buscar un servicio' }).waitFor({ timeout: 20_000 });
      await expect.poll(() => page.evaluate(() => {
        const active = document.activeElement;
        return active?.tagName === 'H1' && active.textContent === 'Servicios' && !active.hasAttribute('data-frame-heading');
      })).toBe(true);
      expect(await page.locator('[data-frame-heading]').count()).toBe(0);
      // And the keyboard goes on from there: the next stop is the search box.
      await page.keyboard.press('Tab');
      await expectFocus(page, 'Buscar un servicio');
    });
  });

  it("opened before the first page's paint was seen: focus on the frame's heading follows to the frame drawn after that paint, then to the page's", async () => {
    const page = await suite.page({ viewport: DESKTOP });
    await snapshotOnFailure(page, async () => {
      // The portal learns of its first paint from the browser's paint records; here they never come, so it
      // goes on after its fallback wait (3 s): a navigation before then draws the page's frame as before the
      // first paint, which the frame of a page loading its code replaces once that wait is over.
      await page.addInitScript(() => {
        const real = window.PerformanceObserver;
        class NoPaintRecords {
          static get supportedEntryTypes() {
            return real.supportedEntryTypes;
          }
          observe() {}
          disconnect() {}
          takeRecords() {
            return [];
          }
        }
        window.PerformanceObserver = NoPaintRecords as unknown as typeof PerformanceObserver;
      });
      const release = await holdResponsesUntilReleased(page, /\/assets\/CataloguePage-[\w-]+\.js$/);
      await page.goto(`${suite.baseUrl}/`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Servicios' }).click();
      await expectFocus(page, 'Servicios');
      await page.evaluate(() => document.activeElement?.setAttribute('data-first-frame', ''));
      // The fallback wait ends: the page's code is asked for, and its frame takes the first one's place.
      await page.waitForFunction(() => document.querySelector('[data-first-frame]') === null, undefined, { timeout: 10_000 });
      await expectFocus(page, 'Servicios');
      release();
      await page.getByRole('searchbox', { name: 'Buscar un servicio' }).waitFor({ timeout: 20_000 });
      await expect.poll(() => page.evaluate(() => document.activeElement?.tagName === 'H1' && document.activeElement.textContent === 'Servicios')).toBe(true);
    });
  });

  it('keyboard only: search, a filter, open a result', async () => {
    const page = await suite.page({ viewport: DESKTOP });
    await snapshotOnFailure(page, async () => {
      await page.goto(`${suite.baseUrl}/servicios`);
      await page.getByRole('searchbox', { name: 'Buscar un servicio' }).waitFor();
      await tabTo(page, 'Buscar un servicio', { max: 40 });
      await type(page, 'certificacion');
      await page.keyboard.press('Enter');
      await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('certificacion');
      await expectFocus(page, 'Buscar un servicio');
      await tabTo(page, 'Área', { max: 4 });
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => new URL(page.url()).searchParams.get('area')).not.toBeNull();
      const area = new URL(page.url()).searchParams.get('area') ?? '';
      const filtered = await apiGet<CatalogueServicePage>(page, `/v1/portals/services?q=certificacion&area=${area}&per_page=12`);
      expect(filtered.total).toBeGreaterThan(0);
      await page.getByRole('heading', { name: countText(filtered.total), level: 2 }).waitFor();
      const first = filtered.data[0];
      await tabTo(page, first.name, { max: 10 });
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: first.name, level: 1 }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/servicios/${first.slug}`);
      // Back: the filtered results again.
      await page.goBack();
      await page.getByRole('heading', { name: countText(filtered.total), level: 2 }).waitFor();
      expect(await page.getByRole('searchbox', { name: 'Buscar un servicio' }).inputValue()).toBe('certificacion');
    });
  });
});

describe('a service page', () => {
  it('shows the institution, the cost in RD$, requirements and steps; the Puntos GOB that offer it; a visitor asked to log in by "Solicitar en línea"', async () => {
    const page = await suite.page({ viewport: PHONE });
    await snapshotOnFailure(page, async () => {
      const { data: birth } = await apiGet<{ data: CatalogueServiceDetail }>(page, '/v1/portals/services/acta-de-nacimiento/slug');
      await page.goto(`${suite.baseUrl}/servicios/acta-de-nacimiento`);
      await page.getByRole('heading', { name: birth.name, level: 1 }).waitFor();
      await page.getByText('RD$ 150.00', { exact: true }).waitFor();
      await page.getByRole('link', { name: 'Sitio oficial de JCE', exact: true }).waitFor();
      const requirements = page.getByRole('region', { name: 'Requisitos' }).getByRole('listitem');
      expect(await requirements.allInnerTexts()).toEqual(birth.requirements);
      expect(await page.getByRole('region', { name: 'Pasos' }).getByRole('listitem').allInnerTexts()).toEqual(birth.steps);
      // Online only on the institution's site: no "Solicitar en línea" in the portal.
      expect(await page.getByRole('button', { name: 'Solicitar en línea' }).count()).toBe(0);

      await page.getByRole('button', { name: 'Ver los Puntos GOB' }).click();
      const dialog = page.getByRole('dialog', { name: 'Disponibilidad en los Puntos GOB' });
      for (const centre of birth.puntos_gob) {
        await dialog.getByText(centre.name, { exact: true }).waitFor();
        await dialog.getByText(centre.address, { exact: true }).waitFor();
      }
      expect(await dialog.getByRole('listitem').count()).toBe(birth.puntos_gob.length);
      await dialog.getByText(`Horario: ${birth.puntos_gob[0].hours}`).first().waitFor();
      await page.keyboard.press('Escape');

      await page.goto(`${suite.baseUrl}/servicios/formalizacion-de-empresas`);
      await page.getByRole('heading', { name: 'Formalización de empresas', level: 1 }).waitFor();
      await page.getByText('RD$ 12,000.00', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Solicitar en línea' }).click();
      const apply = page.getByRole('dialog', { name: 'Solicitar el servicio' });
      await apply.getByText('«Formalización de empresas»', { exact: false }).waitFor();
      await apply.getByRole('button', { name: 'Iniciar sesión' }).waitFor();
      await expectNoAxeViolations(page, 'SERVICE_APPLY from the service page at 390 px');
    });
  });

  it('a free service says "Gratuito"; a signed-in citizen goes from "Solicitar en línea" to where a new application starts', async () => {
    const page = await suite.page({ viewport: DESKTOP });
    await snapshotOnFailure(page, async () => {
      const free = (await apiGet<CatalogueServicePage>(page, '/v1/portals/services?per_page=100')).data.find((s) => s.cost === null || s.cost === 0);
      expect(free).toBeDefined();
      await page.goto(`${suite.baseUrl}/servicios/${free?.slug ?? ''}`);
      await page.getByRole('heading', { name: free?.name, level: 1 }).waitFor();
      await page.getByText('Gratuito', { exact: true }).waitFor();

      await login(page, suite.baseUrl, DEMO);
      await page.goto(`${suite.baseUrl}/servicios/formalizacion-de-empresas`);
      await page.getByRole('link', { name: 'Solicitar en línea' }).click();
      await page.getByRole('heading', { name: 'Mis solicitudes', level: 1 }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/mis-solicitudes');
    });
  });

  it("at 390 and 1280 px, the service's name, institution and description show before the page's code, inert, where the page then draws them", async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const page = await suite.page({ viewport });
      await snapshotOnFailure(page, async () => {
        const { data: passport } = await apiGet<{ data: CatalogueServiceDetail }>(page, '/v1/portals/services/pasaporte-primera-vez/slug');
        await watchLayoutShifts(page);
        // The page's code is held until what shows before it has been checked (a slow phone network); the service, asked for with the first bundle, before it.
        const release = await holdResponsesUntilReleased(page, /\/assets\/ServicePage-[\w-]+\.js$/);
        await page.goto(`${suite.baseUrl}/servicios/pasaporte-primera-vez`);
        const frame = page.locator('[data-drawn-before-code]');
        await frame.getByText(passport.description).waitFor();
        expect(await page.getByRole('heading', { name: passport.name, level: 1 }).count()).toBe(1);
        expect(await page.getByRole('progressbar', { name: 'Cargando el servicio' }).count()).toBe(1);
        expect(await page.getByRole('region', { name: 'Requisitos' }).count()).toBe(0);
        expect(await frame.evaluate((el) => el.hasAttribute('inert') && el.getAttribute('aria-hidden') === 'true')).toBe(true);
        // The page takes the frame's place: the name and the description where they were.
        await expectPageInFramePlace(page, {
          label: `un servicio antes del código de su página (${viewport.width} px)`,
          screenshot: path.join(SHOTS, `servicio-antes-del-codigo-${viewport.width}.png`),
          boxes: ['main h1', 'main [data-size="lg"]'],
          release,
          ready: page.getByRole('region', { name: 'Requisitos' }),
        });
        expect(await page.getByText(passport.description).count()).toBe(1);
      });
      await page.close();
    }
  });
});

describe('Instituciones and Puntos GOB', () => {
  it('each institution with its site and its services; a service link opens its page', async () => {
    const page = await suite.page({ viewport: DESKTOP });
    await snapshotOnFailure(page, async () => {
      await page.goto(`${suite.baseUrl}/instituciones`);
      const jce = page.getByRole('article', { name: 'Junta Central Electoral (JCE)' });
      await jce.waitFor();
      expect(await jce.getByRole('link', { name: /^Sitio oficial: / }).getAttribute('href')).toMatch(/^https:\/\/[^/]*jce\.gob\.do/);
      await jce.getByRole('link', { name: 'Certificación de acta de nacimiento' }).click();
      await page.getByRole('heading', { name: 'Certificación de acta de nacimiento', level: 1 }).waitFor();
    });
  });

  it('Puntos GOB by province (in the address, Back restores all), with address, hours and the services each offers', async () => {
    const page = await suite.page({ viewport: PHONE });
    await snapshotOnFailure(page, async () => {
      const provinces = (await apiGet<ProvinceList>(page, '/v1/portals/provinces')).data;
      const santiago = provinces.find((p) => p.name === 'Santiago');
      expect(santiago).toBeDefined();
      const { data: centre } = await apiGet<PuntoGobDetail>(page, '/v2/portal-punto-gob/punto-gob-santiago/slug');

      await page.goto(`${suite.baseUrl}/puntos-gob`);
      const all = (await apiGet<{ total: number }>(page, '/v2/punto-gob/getall')).total;
      await page.getByRole('heading', { name: `${all} Puntos GOB`, level: 2 }).waitFor();
      await page.getByLabel('Provincia').selectOption({ value: String(santiago?.id) });
      await page.getByRole('heading', { name: santiago?.puntos_gob_count === 1 ? '1 Punto GOB' : `${santiago?.puntos_gob_count} Puntos GOB`, level: 2 }).waitFor();
      expect(new URL(page.url()).searchParams.get('provincia')).toBe(String(santiago?.id));
      const card = page.getByRole('article', { name: 'Punto GOB Santiago' });
      await card.getByText(centre.address, { exact: false }).waitFor();
      await card.getByText(centre.hours, { exact: false }).waitFor();
      expect(await page.getByRole('article').count()).toBe(santiago?.puntos_gob_count);
      await card.getByText(`Servicios que ofrece (${centre.services.length})`).click();
      await expect.poll(() => card.getByRole('link').allInnerTexts()).toEqual(centre.services.map((s) => s.name));

      await page.goBack();
      await page.getByRole('heading', { name: `${all} Puntos GOB`, level: 2 }).waitFor();
      expect(await page.getByLabel('Provincia').inputValue()).toBe('');
    });
  });
});

describe('Inicio', () => {
  it('each featured service opens its own service page, not a search', async () => {
    const page = await suite.page({ viewport: DESKTOP });
    await snapshotOnFailure(page, async () => {
      await page.goto(`${suite.baseUrl}/`);
      const featured = page.getByRole('region', { name: 'Servicios destacados' });
      await featured.getByRole('link', { name: 'Ver todos los servicios' }).waitFor();
      const links = featured.getByRole('link').filter({ hasNotText: /^(Formalización de empresas|Ver todos los servicios)/ });
      const hrefs = await links.evaluateAll((all) => all.map((a) => [a.textContent ?? '', a.getAttribute('href') ?? '']));
      expect(hrefs.length).toBe(4);
      for (const [name, href] of hrefs) {
        expect(href, name).toMatch(/^\/servicios\/[a-z0-9-]+$/);
        // The service exists and is the one named.
        const service = await apiGet<{ data: { name: string } }>(page, `/v1/portals/services/${href.split('/').pop()}/slug`);
        expect(service.data.name, href).toBe(name);
      }
      await links.first().click();
      await page.waitForURL(`**${hrefs[0][1]}`);
      await page.getByRole('heading', { name: hrefs[0][0], level: 1 }).waitFor();
    });
  });

  it('shows the portal in figures below the fold, counted by the server', async () => {
    const page = await suite.page({ viewport: DESKTOP });
    await snapshotOnFailure(page, async () => {
      const { data } = await apiGet<PortalStatistics>(page, '/v2/portal/dashboard/statistics');
      await page.goto(`${suite.baseUrl}/`);
      const figures = page.getByRole('region', { name: 'El portal en cifras' });
      await figures.waitFor();
      // Each figure: the number, then what it counts (two paragraphs).
      expect(await figures.getByRole('listitem').allTextContents()).toEqual([
        `${data.services.toLocaleString('es-DO')}servicios`,
        `${data.institutions.toLocaleString('es-DO')}instituciones`,
        `${data.online_services.toLocaleString('es-DO')}servicios en línea`,
        `${data.requests_this_month.toLocaleString('es-DO')}solicitudes este mes`,
      ]);
      expect(data.services).toBeGreaterThanOrEqual(60);
      await expectNoAxeViolations(page, 'Inicio with its figures at 1280 px');
      await figures.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SHOTS, 'inicio-cifras-1280.png') });
    });
  });
});
