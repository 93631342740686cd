/**
 * A request carried to its decision with two browsers side by side (issue 12
 * §6): the citizen on a phone (390 px), the PGR officer at a desk (1280 px),
 * each in their own browser context with their own session, against the real
 * server. The citizen submits; the officer finds it in the queue, takes it and
 * asks for an action with a document; the citizen reads the notification,
 * answers with a document and a comment; the officer sees both and approves;
 * the citizen is told, sees «Aprobada» and rates it. axe on the citizen's
 * request page (action pending, then approved) and the officer's page.
 * Screenshots in tests/.artifacts/lifecycle.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expectNoAxeViolations, waitForStillPage } from '../support/axe';
import { launchChromium } from '../support/browser';
import { DEMO, pdfBuffer, signInTo, snapshotOnFailure, staffSignInHere, type Data } from '../support/portal';
import { REPO_ROOT, startPortal, type Portal } from '../support/startPortal';
import { DESKTOP, PHONE } from '../support/viewports';

const SHOTS = path.join(REPO_ROOT, 'tests/.artifacts/lifecycle');
const FORM = 'certificado-no-antecedentes';
const PGR = { email: 'oficial.pgr@sandbox.gob.do', password: 'Oficial-PGR-2026' };

let portal: Portal;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [portal, browser] = await Promise.all([startPortal(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

async function newPage(viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ locale: 'es-DO', viewport });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(15000);
  return page;
}

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await waitForStillPage(page);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

function example(): Data {
  return (JSON.parse(readFileSync(path.join(REPO_ROOT, 'schemas', FORM, 'fixtures/valid/empleo-uso-nacional.json'), 'utf8')) as { data: Data }).data;
}

const citizenBadge = (page: Page) => page.getByRole('main').locator('.mantine-Badge-root').first();
const officerBadge = (page: Page, label: string) => page.locator('h1').locator('..').getByText(label, { exact: true });
const bell = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Notificaciones, \d+ sin leer$/ });

describe('a request from the citizen to a decision and back, two browsers side by side', () => {
  it('submit → take → action with a document → answer and comment → approve → rate', async () => {
    const citizen = await newPage(PHONE);
    const officer = await newPage(DESKTOP);
    await snapshotOnFailure(citizen, () => snapshotOnFailure(officer, async () => {
      // The citizen, on a phone, fills a draft and submits it from the review page.
      await signInTo(citizen, portal.baseUrl, DEMO, '/mis-solicitudes');
      const created = await citizen.request.post(`${portal.baseUrl}/v1/portals/solicitudes-en-linea/${FORM}`, { data: { data: example() } });
      expect(created.status(), await created.text()).toBe(201);
      const id = ((await created.json()) as { data: { id: number } }).data.id;
      await citizen.goto(`${portal.baseUrl}/en-linea/${FORM}/${id}/revisar`);
      await citizen.getByRole('button', { name: 'Enviar solicitud' }).click();
      await citizen.waitForURL(`**/en-linea/${FORM}/${id}/confirmacion`);
      const code = (await citizen.getByTestId('codigo-solicitud').innerText()).trim();

      // The officer, at a desk, signs in to the back office and finds it in the queue.
      await officer.goto(`${portal.baseUrl}/institucion/solicitudes`);
      await officer.waitForURL((url) => url.pathname === '/institucion/ingresar');
      await staffSignInHere(officer, portal.baseUrl, PGR);
      await officer.waitForURL((url) => url.pathname === '/institucion/solicitudes');
      await officer.getByRole('table', { name: 'Solicitudes de la cola' }).getByRole('link', { name: code }).click();
      await officer.waitForURL(`**/institucion/solicitudes/${id}`);
      await officer.getByRole('heading', { name: `Solicitud ${code}`, level: 1 }).waitFor();

      // Takes it, then asks for an action with a document.
      await officer.getByRole('button', { name: 'Tomar en revisión' }).click();
      await officer.getByRole('dialog', { name: 'Tomar en revisión' }).getByRole('button', { name: 'Confirmar' }).click();
      await officerBadge(officer, 'En revisión').waitFor();
      await officer.getByRole('button', { name: 'Solicitar una acción' }).click();
      const ask = officer.getByRole('dialog', { name: 'Solicitar una acción al ciudadano' });
      await ask.getByLabel('Qué debe hacer el ciudadano').fill('Adjunte una copia de su cédula por ambos lados.');
      await ask.getByLabel('La respuesta debe incluir un documento').check();
      await ask.getByRole('button', { name: 'Confirmar' }).click();
      await officerBadge(officer, 'Acción requerida').waitFor();

      // The citizen is told: the bell counts it; the notification leads to the request's page.
      await citizen.goto(`${portal.baseUrl}/`);
      await bell(citizen).click();
      await citizen.getByRole('heading', { name: 'Notificaciones', level: 1 }).waitFor();
      await citizen.getByRole('link', { name: new RegExp(`Solicitud ${code}: acción requerida`) }).click();
      await citizen.waitForURL(`**/mis-solicitudes/${id}`);
      await citizen.getByRole('heading', { name: 'La institución solicita una acción' }).waitFor();
      await citizen.getByText('Adjunte una copia de su cédula por ambos lados.').first().waitFor();
      await expect(citizenBadge(citizen).textContent()).resolves.toBe('Acción requerida');
      await expectNoAxeViolations(citizen, 'solicitud con acción pendiente 390');
      await shot(citizen, 'ciudadano-accion-390');

      // Answers with a document and a comment.
      await citizen.getByRole('button', { name: 'Adjuntar documento' }).click();
      const upload = citizen.getByRole('dialog', { name: 'Adjuntar un archivo a la solicitud' });
      await upload.locator('input[type=file][accept]').setInputFiles({ name: 'Cedula ambos lados.pdf', mimeType: 'application/pdf', buffer: pdfBuffer() });
      await upload.getByRole('button', { name: 'Adjuntar' }).click();
      await upload.waitFor({ state: 'detached' });
      await citizen.getByText('Adjuntado: Cedula ambos lados.pdf').waitFor();
      await citizen.getByRole('textbox', { name: 'Su respuesta' }).fill('Adjunto la copia de mi cédula.');
      await citizen.getByRole('button', { name: 'Enviar respuesta' }).click();
      await citizen.getByRole('heading', { name: 'La institución solicita una acción' }).waitFor({ state: 'detached' });
      await expect.poll(() => citizenBadge(citizen).textContent()).toBe('En revisión');
      await citizen.getByRole('textbox', { name: 'Nuevo comentario' }).fill('Quedo atento a cualquier otra cosa.');
      await citizen.getByRole('button', { name: 'Enviar comentario' }).click();
      await citizen.getByRole('region', { name: 'Comentarios' }).getByText('Quedo atento a cualquier otra cosa.').waitFor();

      // The officer sees the answer, the document and the comment, and approves.
      await officer.reload();
      await officerBadge(officer, 'En revisión').waitFor();
      await officer.getByRole('link', { name: 'Cedula ambos lados.pdf' }).waitFor();
      await officer.getByText('Adjunto la copia de mi cédula.').first().waitFor();
      await officer.getByText('Quedo atento a cualquier otra cosa.').first().waitFor();
      await officer.getByRole('button', { name: 'Aprobar' }).click();
      const approve = officer.getByRole('dialog', { name: 'Aprobar la solicitud' });
      await approve.getByLabel('Mensaje para el ciudadano (opcional)').fill('Su certificado está listo para retirar.');
      await approve.getByRole('button', { name: 'Confirmar' }).click();
      await officerBadge(officer, 'Aprobada').waitFor();
      await expectNoAxeViolations(officer, 'solicitud aprobada (oficina) 1280');
      await shot(officer, 'oficial-aprobada-1280');

      // The citizen is told again, sees the decision with the institution's message, and rates it.
      await citizen.goto(`${portal.baseUrl}/notificaciones`);
      await citizen.getByRole('link', { name: new RegExp(`Solicitud ${code} aprobada`) }).click();
      await citizen.waitForURL(`**/mis-solicitudes/${id}`);
      await expect.poll(() => citizenBadge(citizen).textContent()).toBe('Aprobada');
      const timeline = citizen.getByRole('region', { name: 'Historial' });
      await timeline.getByText('Solicitud aprobada').waitFor();
      await timeline.getByText('Su certificado está listo para retirar.').waitFor();
      await expect(timeline.innerText()).resolves.not.toContain('Oficial de la PGR');
      await citizen.getByRole('button', { name: 'Calificar' }).click();
      const rate = citizen.getByRole('dialog', { name: 'Calificar la solicitud' });
      // A click on the fifth star (the label of its visually hidden radio).
      const fifth = await rate.getByRole('radio', { name: '5 de 5 estrellas: Excelente' }).getAttribute('id');
      await rate.locator(`label[for="${fifth}"]`).click();
      await rate.getByText('5 de 5 estrellas: Excelente', { exact: true }).waitFor();
      await rate.getByLabel('Comentario (opcional)').fill('Rápido y claro.');
      await rate.getByRole('button', { name: 'Enviar calificación' }).click();
      await rate.waitFor({ state: 'detached' });
      await citizen.getByRole('region', { name: 'Su calificación' }).getByText('5 de 5 estrellas').waitFor();
      await expectNoAxeViolations(citizen, 'solicitud aprobada y calificada 390');
      await shot(citizen, 'ciudadano-aprobada-390');

      // The rating feeds the portal's figures on a visitor's Inicio.
      const visitor = await newPage(DESKTOP);
      await visitor.goto(`${portal.baseUrl}/`);
      const figures = visitor.getByRole('region', { name: 'El portal en cifras' });
      await figures.getByText('satisfacción (1 calificación)').waitFor();
      await figures.getByText('5.0 de 5').waitFor();

      // A complaint about this request starts from its page, with the request already chosen.
      await citizen.getByRole('button', { name: 'Presentar un reclamo' }).click();
      const claim = citizen.getByRole('dialog', { name: 'Quejas y reclamaciones' });
      await expect.poll(() => claim.getByLabel('¿Sobre qué es su reclamo?').locator('option:checked').textContent()).toBe(`Mi solicitud ${code} (Certificado de no antecedentes penales)`);
      await citizen.keyboard.press('Escape');
      await claim.waitFor({ state: 'detached' });

      // What the database kept: the whole timeline, the officer's actions in the audit log, and one e-mail per event.
      const { rows: events } = await portal.app.db.query<{ event: string }>('SELECT event FROM request_actions WHERE application_id = $1 ORDER BY id', [id]);
      expect(events.map((e) => e.event)).toEqual(['enviar', 'tomar', 'solicitar_accion', 'responder_accion', 'aprobar']);
      const { rows: audit } = await portal.app.db.query<{ action: string }>("SELECT action FROM audit_log WHERE application_id = $1 AND action IN ('tomar', 'solicitar_accion', 'aprobar') ORDER BY id", [id]);
      expect(audit.map((a) => a.action)).toEqual(['tomar', 'solicitar_accion', 'aprobar']);
      const { rows: mails } = await portal.app.db.query<{ subject: string }>('SELECT subject FROM outbox WHERE subject LIKE $1 ORDER BY id', [`%${code}%`]);
      expect(mails.map((m) => m.subject)).toEqual([`Solicitud ${code} enviada`, `Solicitud ${code}: en revisión`, `Solicitud ${code}: acción requerida`, `Solicitud ${code} aprobada`]);
    }));
    await Promise.all(contexts.map((c) => c.close()));
  });
});
