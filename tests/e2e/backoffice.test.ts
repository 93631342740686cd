/**
 * The institution back office in Chromium against the real server: a citizen
 * submits a request (through the citizen API); the PGR officer signs in (a
 * wrong password first), finds it in the queue, takes it, asks for an action
 * with a document; the citizen answers through the API with a document; the
 * officer comments and approves. The INTRANT officer neither sees it in the
 * queue nor opens it. axe on every staff page at 1280 and 390 px, a
 * keyboard-only pass of taking and approving. Screenshots in
 * tests/.artifacts/backoffice.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { portalSuite } from '../support/portalSuite';
import { DEMO, pdfBuffer, snapshotOnFailure, staffCode, staffSignInTo, type Data } from '../support/portal';
import { expectNoAxeViolations, waitForStillPage } from '../support/axe';
import { expectFocus, tabTo, type } from '../support/keyboard';
import { REPO_ROOT } from '../support/startPortal';
import { DESKTOP, PHONE } from '../support/viewports';

const suite = portalSuite();
const SHOTS = path.join(REPO_ROOT, 'tests/.artifacts/backoffice');
const FORM = 'certificado-no-antecedentes';
const PGR = { email: 'oficial.pgr@sandbox.gob.do', password: 'Oficial-PGR-2026' };
const INTRANT = { email: 'oficial.intrant@sandbox.gob.do', password: 'Oficial-INTRANT-2026' };

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await waitForStillPage(page);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

/** The demo citizen's calls with a bearer token (the citizen side of the story, not under test here). */
async function citizenApi() {
  const res = await fetch(`${suite.baseUrl}/v1/portals/auth/citizens/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ cedula: DEMO.cedula, password: DEMO.password }),
  });
  expect(res.status).toBe(200);
  const { token } = (await res.json()) as { token: string };
  const call = async (method: string, url: string, body?: unknown) => {
    const answer = await fetch(`${suite.baseUrl}/v1/${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body instanceof FormData || body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await answer.text();
    return { status: answer.status, body: (text ? JSON.parse(text) : undefined) as Data, text };
  };
  return call;
}

/** The demo citizen submits a criminal-record certificate request: its id and code. */
async function submitRequest(): Promise<{ id: number; code: string }> {
  const call = await citizenApi();
  const created = await call('POST', `portals/solicitudes-en-linea/${FORM}`, { data: {} });
  expect(created.status, created.text).toBe(201);
  const id = created.body.data.id as number;
  const { data } = JSON.parse(readFileSync(path.join(REPO_ROOT, 'schemas', FORM, 'fixtures/valid/empleo-uso-nacional.json'), 'utf8')) as { data: Data };
  const saved = await call('PUT', `portals/solicitudes-en-linea/${FORM}/${id}`, { data, version: created.body.data.version });
  expect(saved.status, saved.text).toBe(200);
  const submitted = await call('POST', `portals/solicitudes-en-linea/${FORM}/${id}/submit`);
  expect(submitted.status, submitted.text).toBe(200);
  return { id, code: submitted.body.data.request_code as string };
}

const staffSignIn = (page: Page, account: { email: string; password: string }, to = '/institucion/solicitudes') => staffSignInTo(page, suite.baseUrl, account, to);

const statusBadge = (page: Page, label: string) => page.locator('h1').locator('..').getByText(label, { exact: true });

describe('the back office', () => {
  it('an officer carries a citizen\'s request from the queue to approval; another institution\'s officer never sees it', async () => {
    const { id, code } = await submitRequest();
    const page = await suite.page({ viewport: DESKTOP });
    await snapshotOnFailure(page, async () => {
      // Anonymous: the staff area sends to its own sign-in page, not the citizen home.
      await page.goto(`${suite.baseUrl}/institucion/solicitudes`);
      await page.waitForURL((url) => url.pathname === '/institucion/ingresar' && url.searchParams.get('volver') === '/institucion/solicitudes');
      await page.getByRole('heading', { name: 'Ingreso del personal', level: 1 }).waitFor();
      await expect(page.getByRole('button', { name: 'Iniciar sesión' }).count()).resolves.toBe(0);
      await page.getByRole('note').getByText('oficial.pgr@sandbox.gob.do', { exact: false }).waitFor();
      await expectNoAxeViolations(page, 'ingreso 1280');
      await shot(page, 'ingreso-1280');

      await page.getByLabel('Correo electrónico').fill(PGR.email);
      await page.getByLabel('Contraseña').fill('Otra-Clave-2026');
      await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
      await page.getByRole('alert').getByText('Correo o contraseña incorrecta').waitFor();
      await expectNoAxeViolations(page, 'ingreso con error 1280');
      await page.getByLabel('Contraseña').fill(PGR.password);
      await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
      // The second factor (issue 25 §2): the authenticator app's code.
      await page.getByRole('heading', { name: 'Código de verificación', level: 1 }).waitFor();
      await page.getByRole('textbox', { name: 'Código de 6 dígitos' }).fill(await staffCode(suite.baseUrl, PGR.email));
      await page.getByRole('button', { name: 'Verificar' }).click();
      await page.waitForURL((url) => url.pathname === '/institucion/solicitudes');

      // The queue: the officer's institution, the request among the received ones.
      await page.getByRole('heading', { name: 'Solicitudes', level: 1 }).waitFor();
      await page.getByText('Institución: PGR', { exact: false }).waitFor();
      await page.getByText('Oficial de la PGR').waitFor();
      await expect(page.getByRole('banner').or(page.locator('header')).getByText('Mi perfil').count()).resolves.toBe(0);
      const link = page.getByRole('table', { name: 'Solicitudes de la cola' }).getByRole('link', { name: code });
      await link.waitFor();
      await page.getByText(/^Recibida \(\d+\)$/).waitFor();
      await expectNoAxeViolations(page, 'cola 1280');
      await shot(page, 'cola-1280');
      await page.getByLabel('Código de la solicitud').fill(code.slice(-6));
      await page.getByRole('button', { name: 'Buscar' }).click();
      await expect.poll(() => page.getByRole('table', { name: 'Solicitudes de la cola' }).getByRole('row').count()).toBe(2);

      // The request: take it.
      await link.click();
      await page.waitForURL(`**/institucion/solicitudes/${id}`);
      await page.getByRole('heading', { name: `Solicitud ${code}`, level: 1 }).waitFor();
      await page.getByText('402-2918364-1').waitFor();
      await page.getByRole('heading', { name: 'Entrega', level: 3 }).waitFor();
      await expectNoAxeViolations(page, 'solicitud 1280');
      await shot(page, 'solicitud-1280');
      await page.getByRole('button', { name: 'Tomar en revisión' }).click();
      const dialog = page.getByRole('dialog', { name: 'Tomar en revisión' });
      await dialog.waitFor();
      await expectNoAxeViolations(page, 'tomar 1280');
      await dialog.getByRole('button', { name: 'Confirmar' }).click();
      await page.getByRole('status').getByText('Solicitud tomada en revisión').waitFor();
      await statusBadge(page, 'En revisión').waitFor();

      // Ask for an action with a document: the message is required.
      await page.getByRole('button', { name: 'Solicitar una acción' }).click();
      const ask = page.getByRole('dialog', { name: 'Solicitar una acción al ciudadano' });
      await ask.getByRole('button', { name: 'Confirmar' }).click();
      await ask.getByText('Indique qué acción debe realizar el ciudadano').waitFor();
      await ask.getByLabel('Qué debe hacer el ciudadano').fill('Adjunte una copia de su cédula por ambos lados.');
      await ask.getByLabel('La respuesta debe incluir un documento').check();
      await expectNoAxeViolations(page, 'solicitar acción 1280');
      await shot(page, 'solicitar-accion-1280');
      await ask.getByRole('button', { name: 'Confirmar' }).click();
      await page.getByRole('status').getByText('Acción solicitada al ciudadano').waitFor();
      await statusBadge(page, 'Acción requerida').waitFor();
      await page.getByText('Pide un documento · sin responder').waitFor();

      // The citizen answers through their API, with a document.
      const detail = (await (await page.request.get(`${suite.baseUrl}/v1/backoffice/requests/${id}`)).json()) as { data: { timeline: { id: number; event: string }[] } };
      const actionId = detail.data.timeline.filter((t) => t.event === 'solicitar_accion').at(-1)!.id;
      const call = await citizenApi();
      const body = new FormData();
      body.set('request_id', String(id));
      body.set('request_action_id', String(actionId));
      body.set('file', new Blob([new Uint8Array(pdfBuffer())], { type: 'application/pdf' }), 'Cedula ambos lados.pdf');
      const attached = await call('POST', 'portals/citizen-profile/documents/requests/attach', body);
      expect(attached.status, attached.text).toBe(201);
      const answered = await call('POST', 'portals/request-dynamic-confirmation', { request_id: id, request_action_id: actionId, content: 'Adjunté la copia de mi cédula.' });
      expect(answered.status, answered.text).toBe(200);

      // The officer sees the answer and the document, comments, and approves.
      await page.reload();
      await statusBadge(page, 'En revisión').waitFor();
      await page.getByRole('link', { name: 'Cedula ambos lados.pdf' }).waitFor();
      await page.getByText('Adjunté la copia de mi cédula.').first().waitFor();
      const download = await page.request.get(`${suite.baseUrl}${await page.getByRole('link', { name: 'Cedula ambos lados.pdf' }).getAttribute('href')}`);
      expect(download.status()).toBe(200);
      expect(download.headers()['content-disposition']).toMatch(/^attachment/);
      await page.getByLabel('Comentario para el ciudadano').fill('Gracias, revisamos el documento.');
      await page.getByRole('button', { name: 'Enviar comentario' }).click();
      await page.getByRole('status').getByText('Comentario enviado').waitFor();
      await page.getByText('Gracias, revisamos el documento.').waitFor();
      await page.getByRole('button', { name: 'Aprobar' }).click();
      const approve = page.getByRole('dialog', { name: 'Aprobar la solicitud' });
      await approve.getByLabel('Mensaje para el ciudadano (opcional)').fill('Su certificado está listo.');
      await approve.getByRole('button', { name: 'Confirmar' }).click();
      await page.getByRole('status').getByText('Solicitud aprobada').waitFor();
      await statusBadge(page, 'Aprobada').waitFor();
      await page.getByText('No hay acciones disponibles en este estado.').waitFor();
      await shot(page, 'aprobada-1280');
      const citizenView = await call('GET', `portals/requests/${id}`);
      expect(citizenView.body.data.status).toBe('aprobada');
      expect(citizenView.text).not.toContain('Oficial de la PGR');

      // The other pages of the area show what visitors sent.
      const post = (url: string, body: object) => fetch(`${suite.baseUrl}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      expect((await post('/v2/service-suggested', {
        service_title: 'Permiso de pesca deportiva', institution_name: 'CODOPESCA', person_name: 'Ana', person_last_name: 'Pérez', person_email: 'ana.perez@example.com', person_phone: '8095550142',
      })).status).toBe(201);
      expect((await post('/v1/portals/error-reports', { description: 'La página de servicios no carga en mi teléfono.', path: '/servicios', email: 'luis@example.com' })).status).toBe(201);
      for (const [name, heading] of [['Sugerencias', 'Sugerencias'], ['Reportes de error', 'Reportes de error']] as const) {
        await page.getByRole('navigation', { name: 'Oficina' }).getByRole('link', { name }).click();
        await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
        await page.getByText(name === 'Sugerencias' ? 'Permiso de pesca deportiva' : 'La página de servicios no carga en mi teléfono.').waitFor();
        await expectNoAxeViolations(page, `${heading} 1280`);
        await shot(page, `${name === 'Sugerencias' ? 'sugerencias' : 'reportes'}-1280`);
      }
      await page.getByRole('button', { name: 'Cerrar sesión' }).click();
      await page.waitForURL((url) => url.pathname === '/institucion/ingresar');
      expect((await page.request.get(`${suite.baseUrl}/v1/backoffice/auth/me`)).status()).toBe(401);
    });

    // INTRANT's officer: not in the queue, and its address is the not-found page.
    const other = await suite.page({ viewport: DESKTOP });
    await snapshotOnFailure(other, async () => {
      await staffSignIn(other, INTRANT);
      await other.getByText('Institución: INTRANT', { exact: false }).waitFor();
      await other.getByText(/^Todas \(\d+\)$/).waitFor();
      await expect(other.getByRole('link', { name: code }).count()).resolves.toBe(0);
      await other.goto(`${suite.baseUrl}/institucion/solicitudes/${id}`);
      await other.getByRole('heading', { name: 'Solicitud no encontrada', level: 1 }).waitFor();
      await expectNoAxeViolations(other, 'no encontrada 1280');
      await shot(other, 'no-encontrada-1280');
    });
  });

  it('every staff page passes axe at 390 px', async () => {
    const { id, code } = await submitRequest();
    const page = await suite.page({ viewport: PHONE });
    await snapshotOnFailure(page, async () => {
      await page.goto(`${suite.baseUrl}/institucion/ingresar`);
      await page.getByRole('heading', { name: 'Ingreso del personal', level: 1 }).waitFor();
      await expectNoAxeViolations(page, 'ingreso 390');
      await shot(page, 'ingreso-390');
      await staffSignIn(page, PGR);
      await page.getByRole('list', { name: 'Solicitudes de la cola' }).getByRole('link', { name: code }).waitFor();
      await expectNoAxeViolations(page, 'cola 390');
      await shot(page, 'cola-390');
      await page.goto(`${suite.baseUrl}/institucion/solicitudes/${id}`);
      await page.getByRole('heading', { name: `Solicitud ${code}`, level: 1 }).waitFor();
      await page.getByRole('heading', { name: 'Entrega', level: 3 }).waitFor();
      await expectNoAxeViolations(page, 'solicitud 390');
      await shot(page, 'solicitud-390');
      await page.getByRole('button', { name: 'Tomar en revisión' }).click();
      await page.getByRole('dialog', { name: 'Tomar en revisión' }).waitFor();
      await expectNoAxeViolations(page, 'tomar 390');
      await shot(page, 'tomar-390');
      await page.keyboard.press('Escape');
      for (const [url, heading, name] of [['/institucion/sugerencias', 'Sugerencias', 'sugerencias'], ['/institucion/reportes', 'Reportes de error', 'reportes']] as const) {
        await page.goto(`${suite.baseUrl}${url}`);
        await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
        await expectNoAxeViolations(page, `${heading} 390`);
        await shot(page, `${name}-390`);
      }
    });
  });

  it('takes and approves a request by keyboard only', async () => {
    const { id, code } = await submitRequest();
    const page = await suite.page({ viewport: DESKTOP });
    await snapshotOnFailure(page, async () => {
      await page.goto(`${suite.baseUrl}/institucion/ingresar`);
      await page.getByRole('heading', { name: 'Ingreso del personal', level: 1 }).waitFor();
      await tabTo(page, 'Correo electrónico', { max: 10 });
      await type(page, PGR.email);
      await tabTo(page, 'Contraseña');
      await type(page, PGR.password);
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Código de verificación', level: 1 }).waitFor();
      await tabTo(page, 'Código de 6 dígitos', { max: 3 });
      await type(page, await staffCode(suite.baseUrl, PGR.email));
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/institucion/solicitudes');
      await page.getByRole('link', { name: code }).first().waitFor();
      await tabTo(page, code, { max: 40 });
      await page.keyboard.press('Enter');
      await page.waitForURL(`**/institucion/solicitudes/${id}`);
      await page.getByRole('heading', { name: `Solicitud ${code}`, level: 1 }).waitFor();
      await expectFocus(page, `Solicitud ${code}`);
      await tabTo(page, 'Tomar en revisión', { max: 5 });
      await page.keyboard.press('Enter');
      await expectFocus(page, 'Confirmar');
      await page.keyboard.press('Enter');
      await page.getByRole('status').getByText('Solicitud tomada en revisión').waitFor();
      // Focus goes to what happened; the next actions are right after it.
      await expectFocus(page, /Solicitud tomada en revisión/);
      await page.getByRole('button', { name: 'Aprobar' }).waitFor();
      await tabTo(page, 'Aprobar', { max: 4 });
      // Escape closes the dialog and gives focus back to the button that opened it.
      await page.keyboard.press('Enter');
      await expectFocus(page, 'Mensaje para el ciudadano (opcional)');
      await page.keyboard.press('Escape');
      await expectFocus(page, 'Aprobar');
      await page.keyboard.press('Enter');
      await expectFocus(page, 'Mensaje para el ciudadano (opcional)');
      await type(page, 'Aprobada.');
      await tabTo(page, 'Confirmar', { max: 3 });
      await page.keyboard.press('Enter');
      await page.getByRole('status').getByText('Solicitud aprobada').waitFor();
      await expectFocus(page, /Solicitud aprobada/);
      await statusBadge(page, 'Aprobada').waitFor();
    });
  });
});
