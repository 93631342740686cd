/**
 * Notifications and links of interest in Chromium against the real server
 * and the production build: a citizen submits an application on the review
 * page and its notification arrives (bell count, e-mail); the Notificaciones
 * page opens it (marks it read, goes to its link) and marks all read; the
 * phone drawer shows the count; the home page lists the links of interest.
 * axe at 1280 and 390 px, screenshots in tests/.artifacts/notifications, and
 * a keyboard-only pass (reach the bell, open, mark read).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoAxeViolations, waitForStillPage } from '../support/axe';
import { holdResponsesUntilReleased, watchLayoutShifts } from '../support/layoutShifts';
import { expectPageInFramePlace } from '../support/frames';
import { setFileFields } from '../support/fileFields';
import { expectFocus, tabTo } from '../support/keyboard';
import { fixture, login, newApplication, registerCitizen, seedDraft, snapshotOnFailure, uploadDocumentApi, type Data } from '../support/portal';
import { portalSuite } from '../support/portalSuite';
import { mailboxOf, REPO_ROOT } from '../support/startPortal';
import { DESKTOP, PHONE } from '../support/viewports';

const suite = portalSuite();
const SHOTS = path.join(REPO_ROOT, 'tests/.artifacts/notifications');

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await waitForStillPage(page);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

/** Fills draft `id` through the API with the PF fixture made valid against the sandbox registries (as prompts.test.ts does). */
async function makeSubmittable(page: Page, id: number): Promise<void> {
  const data: Data = structuredClone(fixture('pf-completa'));
  setFileFields(data, await uploadDocumentApi(page, suite.baseUrl, 'Documento prueba.pdf'));
  const banks = (await (await page.request.get(`${suite.baseUrl}/v1/region/bancos`)).json()) as { data: { id: number }[] };
  data.referencias_bancarias = (data.referencias_bancarias as unknown[]).map((_, i) => ({ nombre_del_banco: banks.data[i].id }));
  if (data.datos_representante) data.datos_representante.cedula = '00104578232';
  if (Array.isArray(data.propietario_socios)) data.propietario_socios[0].numero_de_cedula = '03105672194';
  if (data.detalles_factura?.cedula) data.detalles_factura.cedula = '22300486150';
  if (data.datos_solicitud.numero_del_certificado_de_nombre_comercial) data.datos_solicitud.numero_del_certificado_de_nombre_comercial = '458712';
  await seedDraft(page, suite.baseUrl, id, data);
}

/** A second submitted application, through the API with the page's session (an event happening while the citizen browses). */
async function submitAnother(page: Page): Promise<string> {
  const created = await page.request.post(`${suite.baseUrl}/v1/portals/formalizaciones`, { data: { data: {} } });
  const { id } = ((await created.json()) as { data: { id: number } }).data;
  await makeSubmittable(page, id);
  const res = await page.request.post(`${suite.baseUrl}/v1/portals/formalizaciones/${id}/submit`);
  if (!res.ok()) throw new Error(`submit ${id}: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { data: { request_code: string } }).data.request_code;
}

const bell = (page: Page, name: string) => page.getByRole('banner').getByRole('link', { name, exact: true });

describe('notifications', () => {
  it('a submitted application notifies the citizen: bell 1, the page opens it (count 0), marks all read; drawer; axe and screenshots at 1280 and 390 px', async () => {
    const page = await suite.page({ viewport: DESKTOP });
    await snapshotOnFailure(page, async () => {
      const cedula = '05607221842';
      await login(page, suite.baseUrl, await registerCitizen(suite.baseUrl, cedula));

      // Nothing happened yet: the bell has no count, the page says so.
      await bell(page, 'Notificaciones').click();
      await page.getByRole('heading', { name: 'Notificaciones', level: 1 }).waitFor();
      expect(await page.title()).toBe('Notificaciones | Portal Ciudadano');
      await page.getByText('No tiene notificaciones', { exact: true }).waitFor();
      expect(await page.getByText('No tiene notificaciones sin leer.').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Marcar todas como leídas' }).count()).toBe(0);
      await expectNoAxeViolations(page, 'empty notifications page at 1280 px');
      await shot(page, 'notificaciones-vacia-1280');

      // The citizen submits an application on the review page.
      await page.goto(`${suite.baseUrl}/`);
      const id = await newApplication(page);
      await makeSubmittable(page, id);
      const since = mailboxOf(suite.baseUrl).received.length;
      await page.goto(`${suite.baseUrl}/formalizacion/${id}/revisar`);
      await page.getByRole('button', { name: 'Enviar solicitud' }).click();
      await page.waitForURL(/\/confirmacion$/);
      const code = (await page.getByTestId('codigo-solicitud').textContent())!.trim();
      expect(code).toMatch(/^VUF-\d{4}-\d{6}$/);
      await bell(page, 'Notificaciones, 1 sin leer').waitFor();
      expect(await page.getByTestId('contador-notificaciones').textContent()).toBe('1');
      // The same event sent the e-mail.
      const mail = await mailboxOf(suite.baseUrl).waitFor(`ciudadano.${cedula}@example.com`, { since });
      expect(mail.raw).toContain(`Solicitud ${code} enviada`);

      // The page lists it, unread; opening it marks it read and goes to its confirmation page.
      await bell(page, 'Notificaciones, 1 sin leer').click();
      await page.getByRole('heading', { name: 'Notificaciones', level: 1 }).waitFor();
      await page.getByText('Tiene 1 notificación sin leer.').waitFor();
      const item = page.getByRole('link', { name: new RegExp(`^Solicitud ${code} enviada`) });
      await item.getByText('No leída').waitFor();
      await expectNoAxeViolations(page, 'notifications page with an unread one at 1280 px');
      await shot(page, 'notificaciones-1280');
      await item.click();
      await page.waitForURL(new RegExp(`/formalizacion/${id}/confirmacion$`));
      await page.getByTestId('codigo-solicitud').waitFor();
      await bell(page, 'Notificaciones').waitFor();
      expect(await page.getByTestId('contador-notificaciones').count()).toBe(0);

      // Another event while the citizen browses; the next page shows it.
      const second = await submitAnother(page);
      await page.getByRole('link', { name: 'Volver al inicio' }).click();
      await bell(page, 'Notificaciones, 1 sin leer').click();
      await page.getByRole('heading', { name: 'Notificaciones', level: 1 }).waitFor();
      const list = page.getByRole('list', { name: 'Sus notificaciones, de la más reciente a la más antigua' });
      await expect.poll(async () => (await list.getByRole('link').allTextContents()).map((t) => /Solicitud (\S+) enviada/.exec(t)?.[1])).toEqual([second, code]);
      await page.setViewportSize(PHONE);
      await expectNoAxeViolations(page, 'notifications page at 390 px');
      await shot(page, 'notificaciones-390');

      // The phone drawer carries the count too.
      await page.getByRole('button', { name: 'Menú' }).click();
      const drawer = page.getByRole('dialog', { name: 'Menú' });
      await drawer.getByRole('link', { name: 'Notificaciones (1 sin leer)' }).waitFor();
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'detached' });

      // Mark all read.
      await page.getByRole('button', { name: 'Marcar todas como leídas' }).click();
      await page.getByText('No tiene notificaciones sin leer.').waitFor();
      await page.getByRole('status').filter({ hasText: 'Todas las notificaciones están marcadas como leídas' }).waitFor({ state: 'attached' });
      await bell(page, 'Notificaciones').waitFor();
      expect(await list.getByText('No leída').count()).toBe(0);
      // Nothing left to mark: announced as unavailable, yet still focusable (focus never drops to the page).
      expect(await page.getByRole('button', { name: 'Marcar todas como leídas' }).getAttribute('aria-disabled')).toBe('true');
      await page.setViewportSize(DESKTOP);
      await expectNoAxeViolations(page, 'notifications page, all read, at 1280 px');
    });
  });

  it("at 390 and 1280 px, the first page of notifications shows before the page's code, inert, where the page then draws it", async () => {
    const account = await registerCitizen(suite.baseUrl, '02603918570');
    let code = '';
    for (const viewport of [PHONE, DESKTOP]) {
      const page = await suite.page({ viewport });
      await snapshotOnFailure(page, async () => {
        await login(page, suite.baseUrl, account);
        code ||= await submitAnother(page);
        await watchLayoutShifts(page);
        // The page's code is held until what shows before it has been checked (a slow phone network); the notifications (the bell's) before it.
        const release = await holdResponsesUntilReleased(page, /\/assets\/NotificationsPage-[\w-]+\.js$/);
        await page.goto(`${suite.baseUrl}/notificaciones`);
        const frame = page.locator('[data-drawn-before-code]');
        await frame.getByText(`Solicitud ${code} enviada`, { exact: false }).first().waitFor();
        expect(await page.getByRole('heading', { name: 'Notificaciones', level: 1 }).count()).toBe(1);
        expect(await page.getByRole('progressbar', { name: 'Cargando sus notificaciones' }).count()).toBe(1);
        expect(await frame.evaluate((el) => el.hasAttribute('inert') && el.getAttribute('aria-hidden') === 'true')).toBe(true);
        // Nothing in it takes focus: the page's own links and button come with its code.
        expect(await frame.locator('a').first().evaluate((link) => {
          (link as HTMLElement).focus();
          return document.activeElement === link;
        })).toBe(false);
        // The page takes the frame's place: the same boxes, nothing moved, the links now usable.
        await expectPageInFramePlace(page, {
          label: `Notificaciones antes del código de su página (${viewport.width} px)`,
          screenshot: path.join(SHOTS, `antes-del-codigo-${viewport.width}.png`),
          boxes: ['main h1', 'main ul[aria-label^="Sus notificaciones"]', 'main ul[aria-label^="Sus notificaciones"] li'],
          release,
          ready: page.getByRole('button', { name: 'Marcar todas como leídas' }),
        });
      });
      await page.close();
    }
  });

  it('keyboard only: reach the bell, open the page, open the notification, mark all read (1280 px)', async () => {
    const page = await suite.page({ viewport: DESKTOP });
    await snapshotOnFailure(page, async () => {
      await login(page, suite.baseUrl, await registerCitizen(suite.baseUrl, '40210773467'));
      const first = await submitAnother(page);
      await submitAnother(page);
      await page.goto(`${suite.baseUrl}/`);
      await bell(page, 'Notificaciones, 2 sin leer').waitFor();
      await tabTo(page, 'Notificaciones, 2 sin leer', { max: 12 });
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Notificaciones', level: 1 }).waitFor();
      // The page's own button (the frame's, drawn before the page's code, is inert and hidden).
      await page.getByRole('button', { name: 'Marcar todas como leídas' }).waitFor();
      await tabTo(page, 'Marcar todas como leídas', { max: 12 });
      // The older one (second in the list): Tab past the newer.
      await tabTo(page, new RegExp(`^Solicitud ${first} enviada`), { max: 3 });
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/confirmacion$/);
      await page.getByTestId('codigo-solicitud').waitFor();
      await bell(page, 'Notificaciones, 1 sin leer').waitFor();
      // Back to the page from the keyboard: the bell is reached again and the rest marked read.
      await tabTo(page, 'Notificaciones, 1 sin leer', { max: 30, backwards: true });
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: 'Marcar todas como leídas' }).waitFor();
      const markAll = await tabTo(page, 'Marcar todas como leídas', { max: 12 });
      expect(markAll.disabled).toBe(false);
      await page.keyboard.press('Enter');
      await page.getByText('No tiene notificaciones sin leer.').waitFor();
      await bell(page, 'Notificaciones').waitFor();
      // Focus stays on the button it pressed (now announced as unavailable).
      await expectFocus(page, 'Marcar todas como leídas');
    });
  });
});

describe('links of interest', () => {
  for (const [label, viewport] of [['1280', DESKTOP], ['390', PHONE]] as const) {
    it(`the home page lists the official links below its content, for a visitor and a citizen (${label} px)`, async () => {
      const page = await suite.page({ viewport });
      await snapshotOnFailure(page, async () => {
        await page.goto(`${suite.baseUrl}/`);
        const section = page.getByRole('region', { name: 'Enlaces de interés' });
        await section.getByRole('heading', { name: 'Enlaces de interés', level: 2 }).waitFor();
        expect(await section.getByRole('link', { name: 'Junta Central Electoral (JCE)' }).getAttribute('href')).toBe('https://jce.gob.do/');
        expect(await section.getByRole('link', { name: 'Dirección General de Impuestos Internos (DGII)' }).getAttribute('href')).toBe('https://dgii.gov.do/');
        expect(await section.getByRole('listitem').count()).toBeGreaterThanOrEqual(10);
        // Below what the page is for: after the how-it-works section.
        const [how, links] = await Promise.all([
          page.getByRole('heading', { name: 'Cómo funciona la formalización' }).boundingBox(),
          section.boundingBox(),
        ]);
        expect(links!.y).toBeGreaterThan(how!.y);
        await expectNoAxeViolations(page, `home with the links at ${label} px`);
        await shot(page, `inicio-enlaces-${label}`);
        if (label === '1280') {
          await login(page, suite.baseUrl, await registerCitizen(suite.baseUrl, '09301624756'));
          await page.getByRole('region', { name: 'Enlaces de interés' }).getByRole('link', { name: 'Portal del Gobierno dominicano' }).waitFor();
        }
      });
    });
  }
});
