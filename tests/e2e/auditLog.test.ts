/**
 * The administrator's audit log (/institucion/auditoria) in Chromium against
 * the real server: staff actions made through the API (the PGR officer opens
 * a citizen's request 23 times and takes it, the administrator opens it); the
 * administrator opens the page from the navigation, filters by action and
 * institution, goes to page 2, reloads and keeps the filters (they are in the
 * address), reaches the empty state, the error state and its retry, and the
 * request from its code. An officer has no link to the page and its address
 * is the not-allowed page (the API answers them 403). axe at 1280 and 390 px;
 * at 390 px the page does not scroll sideways (the table scrolls in its own
 * box). Screenshots in tests/.artifacts/audit-log.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoAxeViolations, waitForStillPage } from '../support/axe';
import { DEMO, snapshotOnFailure, staffApiToken, staffSignInTo, type Data } from '../support/portal';
import { portalSuite } from '../support/portalSuite';
import { REPO_ROOT } from '../support/startPortal';
import { DESKTOP, PHONE } from '../support/viewports';

const suite = portalSuite();
const SHOTS = path.join(REPO_ROOT, 'tests/.artifacts/audit-log');
const FORM = 'certificado-no-antecedentes';
const ADMIN = { email: 'admin@sandbox.gob.do', password: 'Admin-Portal-2026' };
const PGR = { email: 'oficial.pgr@sandbox.gob.do', password: 'Oficial-PGR-2026' };
/** How many times the PGR officer opens the request: more than one page of 20. */
const VIEWS = 23;

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await waitForStillPage(page);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

/** A JSON call to the API with a bearer token (the side of the story that is not under test here). */
async function api(method: string, url: string, token: string | null, body?: unknown) {
  const answer = await fetch(`${suite.baseUrl}/v1/${url}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await answer.text();
  return { status: answer.status, body: (text ? JSON.parse(text) : undefined) as Data, text };
}

const staffToken = (account: { email: string; password: string }): Promise<string> => staffApiToken(suite.baseUrl, account);

/** The demo citizen submits a criminal-record certificate request (PGR): its id and code. */
async function submitRequest(): Promise<{ id: number; code: string }> {
  const login = await api('POST', 'portals/auth/citizens/login', null, { cedula: DEMO.cedula, password: DEMO.password });
  expect(login.status, login.text).toBe(200);
  const token = login.body.token as string;
  const created = await api('POST', `portals/solicitudes-en-linea/${FORM}`, token, { data: {} });
  expect(created.status, created.text).toBe(201);
  const id = created.body.data.id as number;
  const { data } = JSON.parse(readFileSync(path.join(REPO_ROOT, 'schemas', FORM, 'fixtures/valid/empleo-uso-nacional.json'), 'utf8')) as { data: Data };
  const saved = await api('PUT', `portals/solicitudes-en-linea/${FORM}/${id}`, token, { data, version: created.body.data.version });
  expect(saved.status, saved.text).toBe(200);
  const submitted = await api('POST', `portals/solicitudes-en-linea/${FORM}/${id}/submit`, token);
  expect(submitted.status, submitted.text).toBe(200);
  return { id, code: submitted.body.data.request_code as string };
}

const auditTable = (page: Page) => page.getByRole('table', { name: 'Registro de auditoría' });
const auditRows = (page: Page) => auditTable(page).locator('tbody tr');
const summary = (page: Page, text: string) => page.getByText(text, { exact: true });

/** How far the page scrolls sideways (0: it does not). */
const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('the audit log', () => {
  it('the administrator filters by action and institution, pages, reloads and keeps the filters; empty and error states; axe at 1280 and 390 px', async () => {
    const { id, code } = await submitRequest();
    const pgr = await staffToken(PGR);
    for (let i = 0; i < VIEWS; i++) expect((await api('GET', `backoffice/requests/${id}`, pgr)).status).toBe(200);
    expect((await api('POST', `backoffice/requests/${id}/events`, pgr, { event: 'tomar' })).status).toBe(200);
    expect((await api('GET', `backoffice/requests/${id}`, await staffToken(ADMIN))).status).toBe(200);

    const page = await suite.page({ viewport: DESKTOP });
    await snapshotOnFailure(page, async () => {
      await staffSignInTo(page, suite.baseUrl, ADMIN, '/institucion/solicitudes');
      await page.getByRole('navigation', { name: 'Oficina' }).getByRole('link', { name: 'Registro de auditoría' }).click();
      await page.waitForURL((url) => url.pathname === '/institucion/auditoria');
      await page.getByRole('heading', { name: 'Registro de auditoría', level: 1 }).waitFor();
      expect(await page.title()).toBe('Registro de auditoría | Oficina de la institución');
      // Newest first: the administrator's reading, then the officer's taking it.
      await expect.poll(() => auditRows(page).count()).toBe(20);
      const newest = auditRows(page).first();
      await newest.getByRole('cell', { name: 'Administración del portal' }).waitFor();
      await newest.getByRole('cell', { name: 'Administración', exact: true }).waitFor();
      await newest.getByRole('cell', { name: 'Abrió la solicitud' }).waitFor();
      await auditRows(page).nth(1).getByRole('cell', { name: 'Tomó la solicitud en revisión' }).waitFor();
      await auditRows(page).nth(1).getByText('De «Recibida» a «En revisión»').waitFor();
      await expectNoAxeViolations(page, 'auditoría 1280');
      await shot(page, 'auditoria-1280');

      // Filters: an action, then an institution; each goes into the address, back to page 1.
      await page.getByLabel('Acción', { exact: true }).selectOption({ label: 'Abrió la solicitud' });
      await page.waitForURL((url) => url.searchParams.get('accion') === 'ver_solicitud');
      await page.getByLabel('Institución', { exact: true }).selectOption('PGR');
      await page.waitForURL((url) => url.searchParams.get('institucion') === 'PGR' && url.searchParams.get('accion') === 'ver_solicitud');
      await summary(page, `${VIEWS} registros · página 1 de 2`).waitFor();
      await expect.poll(() => auditRows(page).count()).toBe(20);
      for (const row of await auditRows(page).all()) {
        await row.getByRole('cell', { name: 'Abrió la solicitud' }).waitFor();
        await row.getByRole('cell', { name: 'PGR', exact: true }).waitFor();
        await row.getByRole('link', { name: code }).waitFor();
      }
      const pages = page.getByRole('navigation', { name: 'Páginas del registro' });
      await pages.getByRole('button', { name: 'Página 2' }).click();
      await page.waitForURL((url) => url.searchParams.get('pagina') === '2');
      await summary(page, `${VIEWS} registros · página 2 de 2`).waitFor();
      await expect.poll(() => auditRows(page).count()).toBe(VIEWS - 20);
      await expect(pages.getByRole('button', { name: 'Página 2' }).getAttribute('aria-current')).resolves.toBe('page');

      // A reload (or the same address shared) keeps the filters and the page.
      await page.reload();
      await summary(page, `${VIEWS} registros · página 2 de 2`).waitFor();
      await expect(page.getByLabel('Acción', { exact: true }).inputValue()).resolves.toBe('ver_solicitud');
      await expect(page.getByLabel('Institución', { exact: true }).inputValue()).resolves.toBe('PGR');
      await expect.poll(() => auditRows(page).count()).toBe(VIEWS - 20);
      await expectNoAxeViolations(page, 'auditoría filtrada 1280');
      await shot(page, 'auditoria-filtrada-1280');

      // At 390 px: the same page, no sideways scroll (the table scrolls in its own box).
      await page.setViewportSize(PHONE);
      await expect.poll(() => sidewaysScroll(page)).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page, 'auditoría filtrada 390');
      await shot(page, 'auditoria-filtrada-390');
      await page.setViewportSize(DESKTOP);

      // Days: today keeps the rows; a day in the future empties the list.
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santo_Domingo' }).format(new Date());
      await page.getByLabel('Desde', { exact: true }).fill(today);
      await page.waitForURL((url) => url.searchParams.get('desde') === today && !url.searchParams.has('pagina'));
      await summary(page, `${VIEWS} registros · página 1 de 2`).waitFor();
      await page.getByLabel('Desde', { exact: true }).fill('2099-01-01');
      await page.getByText('No hay registros con estos filtros', { exact: true }).waitFor();
      await expectNoAxeViolations(page, 'auditoría vacía 1280');
      await shot(page, 'auditoria-vacia-1280');

      // The server does not answer: the error, and «Reintentar» once it answers again.
      await page.route(/\/v1\/backoffice\/audit\?/, (route) => route.abort());
      await page.getByLabel('Acción', { exact: true }).selectOption({ label: 'Tomó la solicitud en revisión' });
      const failure = page.getByRole('alert').filter({ hasText: 'No se pudo leer el registro' });
      await failure.waitFor();
      await expect(page.getByText('No hay registros con estos filtros').count()).resolves.toBe(0);
      await expectNoAxeViolations(page, 'auditoría con error 1280');
      await shot(page, 'auditoria-error-1280');
      await page.unroute(/\/v1\/backoffice\/audit\?/);
      await failure.getByRole('button', { name: 'Reintentar' }).click();
      await page.getByText('No hay registros con estos filtros', { exact: true }).waitFor();
      await expect(failure.count()).resolves.toBe(0);
      await page.getByRole('button', { name: 'Quitar los filtros' }).click();
      await page.waitForURL((url) => url.pathname === '/institucion/auditoria' && url.search === '');
      await expect.poll(() => auditRows(page).count()).toBe(20);

      // The request code leads to the request.
      await auditRows(page).first().getByRole('link', { name: code }).click();
      await page.waitForURL(`**/institucion/solicitudes/${id}`);
      await page.getByRole('heading', { name: `Solicitud ${code}`, level: 1 }).waitFor();
    });
  });

  it('at 390 px the page passes axe and does not scroll sideways', async () => {
    const page = await suite.page({ viewport: PHONE });
    await snapshotOnFailure(page, async () => {
      await staffSignInTo(page, suite.baseUrl, ADMIN, '/institucion/auditoria');
      await page.getByRole('heading', { name: 'Registro de auditoría', level: 1 }).waitFor();
      await auditRows(page).first().waitFor();
      await expect.poll(() => sidewaysScroll(page)).toBeLessThanOrEqual(0);
      // The table's box scrolls instead, and the keyboard reaches it.
      const box = page.getByRole('region', { name: 'Tabla del registro de auditoría (se desplaza a los lados)' });
      expect(await box.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      await box.focus();
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => box.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
      await expectNoAxeViolations(page, 'auditoría 390');
      await shot(page, 'auditoria-390');
    });
  });

  it('an officer has no link to the audit log, and its address is the not-allowed page (the API answers 403)', async () => {
    const page = await suite.page({ viewport: DESKTOP });
    await snapshotOnFailure(page, async () => {
      await staffSignInTo(page, suite.baseUrl, PGR, '/institucion/solicitudes');
      const nav = page.getByRole('navigation', { name: 'Oficina' });
      await nav.getByRole('link', { name: 'Pagos por verificar' }).waitFor();
      await expect(nav.getByRole('link', { name: 'Registro de auditoría' }).count()).resolves.toBe(0);
      await page.goto(`${suite.baseUrl}/institucion/auditoria?accion=ver_solicitud`);
      await page.getByRole('heading', { name: 'Acceso no permitido', level: 1 }).waitFor();
      await page.getByText('Esta página es solo para los administradores del portal.', { exact: false }).waitFor();
      await expect(auditTable(page).count()).resolves.toBe(0);
      expect(await page.title()).toBe('Acceso no permitido | Oficina de la institución');
      const refused = await page.request.get(`${suite.baseUrl}/v1/backoffice/audit`);
      expect(refused.status()).toBe(403);
      await expectNoAxeViolations(page, 'auditoría no permitida 1280');
      await shot(page, 'no-permitido-1280');
      await page.setViewportSize(PHONE);
      await expectNoAxeViolations(page, 'auditoría no permitida 390');
      await shot(page, 'no-permitido-390');
    });
  });
});
