/**
 * A citizen follows their request to the end, in Chromium against the real
 * server (issue 12 §1): submits an INAPA bill claim, finds it in «Mis
 * solicitudes» (status filter, the action marker, new comments), opens its
 * page, answers the institution's action with a document attached through
 * UPLOAD_FILE_TO_REQUEST ('Nombre de archivo inválido' for acta_notarial.pdf
 * first), comments, withdraws it with the confirmation and rates it in
 * RATE_REQUEST_MODAL. The institution's side (take, ask for an action, a
 * comment) goes through the workflow service on the portal's database with
 * a sandbox officer, as the back office would. axe on the list, the page and
 * both modals at 1280 and 390 px; the comment and the rating by keyboard only.
 * Screenshots in tests/.artifacts/requests.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { SANDBOX_STAFF } from '../../packages/server/src/agencies/sandbox/sandboxData';
import { applyRequestEvent } from '../../packages/server/src/services/requests/requestWorkflow';
import { expectNoAxeViolations, waitForStillPage } from '../support/axe';
import { boxesOf, holdResponses, holdResponsesUntilReleased, layoutShiftTotal, watchLayoutShifts } from '../support/layoutShifts';
import { launchChromium } from '../support/browser';
import { expectFocus, focused, tabTo, type } from '../support/keyboard';
import { pdfBuffer, registerCitizen, signInTo, snapshotOnFailure, type Account, type Data } from '../support/portal';
import { REPO_ROOT, startPortal, type Portal } from '../support/startPortal';
import { DESKTOP, PHONE } from '../support/viewports';

const SHOTS = path.join(REPO_ROOT, 'tests/.artifacts/requests');
const FORM = 'reclamacion-factura-inapa';
const CEDULA = '03105672194';

let portal: Portal;
let browser: Browser;
let account: Account;

beforeAll(async () => {
  [portal, browser] = await Promise.all([startPortal(), launchChromium()]);
  account = await registerCitizen(portal.baseUrl, CEDULA);
});
afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

async function newPage(viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ locale: 'es-DO', viewport });
  const page = await context.newPage();
  page.setDefaultTimeout(15000);
  return page;
}

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await waitForStillPage(page);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

/** The claim's valid example with the citizen's own cédula. */
function claimData(): Data {
  const file = path.join(REPO_ROOT, 'schemas', FORM, 'fixtures/valid', 'persona-fisica-una-factura.json');
  const data = (JSON.parse(readFileSync(file, 'utf8')) as { data: Data }).data;
  return { ...data, datos_solicitante: { ...data.datos_solicitante, cedula: CEDULA } };
}

const api = (id?: number) => `${portal.baseUrl}/v1/portals/solicitudes-en-linea/${FORM}${id === undefined ? '' : `/${id}`}`;

/** A draft with the example's answers, made through the API with the page's session; returns its id. */
async function draft(page: Page): Promise<number> {
  const res = await page.request.post(api(), { data: { data: claimData() } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: { id: number } }).data.id;
}

/** A draft made (draft) and submitted through the API; returns its id. */
async function submitted(page: Page): Promise<number> {
  const id = await draft(page);
  const res = await page.request.post(`${api(id)}/submit`);
  expect(res.status(), await res.text()).toBe(200);
  return id;
}

/** The sandbox officer of INAPA moves the request, as the back office would (the workflow service, the portal's database). */
async function institution(id: number, event: 'tomar' | 'solicitar_accion', message?: string, requiresDocument = false): Promise<void> {
  const { rows } = await portal.app.db.query<{ id: number }>('SELECT id FROM staff WHERE email = $1', [SANDBOX_STAFF.find((s) => s.institution === 'INAPA')!.email]);
  await portal.app.db.transaction((tx) => applyRequestEvent(tx, { applicationId: id, event, actor: { kind: 'institucion', staffId: rows[0].id, institution: 'INAPA' }, message, requiresDocument }));
}

async function institutionComment(id: number, content: string): Promise<void> {
  await portal.app.db.query("INSERT INTO request_comments (application_id, author, content) VALUES ($1, 'institucion', $2)", [id, content]);
}

const statusBadge = (page: Page) => page.getByRole('main').locator('.mantine-Badge-root').first();

describe('Mis solicitudes: a request followed to the end', () => {
  it('submit, list and filter, answer the action with a document, comment, withdraw and rate (1280 px, comment and rating by keyboard)', async () => {
    const page = await newPage(DESKTOP);
    await snapshotOnFailure(page, async () => {
      await signInTo(page, portal.baseUrl, account, '/mis-solicitudes');
      const id = await draft(page);

      // Submitted from the review page, as a citizen does.
      await page.goto(`${portal.baseUrl}/en-linea/${FORM}/${id}/revisar`);
      await page.getByRole('button', { name: 'Enviar solicitud' }).click();
      await page.waitForURL(`**/en-linea/${FORM}/${id}/confirmacion`);
      const code = (await page.getByTestId('codigo-solicitud').innerText()).trim();

      // The list: the request apart from the drafts, with its status; the filter.
      await page.goto(`${portal.baseUrl}/mis-solicitudes`);
      const sent = page.getByRole('region', { name: 'Solicitudes enviadas' });
      const card = sent.getByRole('listitem').filter({ hasText: code });
      await card.waitFor();
      await expect(card.textContent()).resolves.toMatch(/Recibida/);
      await expect(card.innerText()).resolves.toMatch(/Instituto Nacional de Aguas Potables|INAPA/);
      await page.getByRole('heading', { name: 'Borradores', level: 2 }).waitFor();
      const filter = sent.getByRole('combobox', { name: 'Filtrar por estado' });
      await filter.selectOption({ label: 'Aprobada' });
      await sent.getByText('No tiene solicitudes en estado «Aprobada».').waitFor();
      await filter.selectOption({ label: 'Recibida' });
      await card.waitFor();

      // The institution takes it, asks for a document and writes a comment: the list shows what waits for the citizen.
      await institution(id, 'tomar');
      await institution(id, 'solicitar_accion', 'Adjunte el acta notarial del contrato.', true);
      await institutionComment(id, 'Buenos días: falta el acta notarial.');
      await filter.selectOption({ label: 'Todos los estados' });
      await page.reload();
      await card.getByText('Acción requerida: responda a la institución').waitFor();
      await card.getByText('1 comentario nuevo de la institución').waitFor();
      await expectNoAxeViolations(page, 'Mis solicitudes 1280');
      await shot(page, 'lista-1280');

      // Inicio's «Pendientes» names the request waiting for the citizen, and leads to it.
      await page.goto(`${portal.baseUrl}/`);
      const pending = page.getByRole('region', { name: 'Pendientes' }).getByRole('link', { name: `Responder a la institución en la solicitud ${code}` });
      expect(await pending.getAttribute('href')).toBe(`/mis-solicitudes/${id}`);
      await page.goBack();
      await card.getByText('Acción requerida: responda a la institución').waitFor();

      // The request's page.
      await card.getByRole('link', { name: new RegExp(`^Ver ${code}`) }).click();
      await page.waitForURL(`**/mis-solicitudes/${id}`);
      await page.getByRole('heading', { name: 'La institución solicita una acción' }).waitFor();
      await page.getByText('Adjunte el acta notarial del contrato.').first().waitFor();
      const timeline = page.getByRole('region', { name: 'Historial' });
      await expect(timeline.getByRole('listitem').allInnerTexts()).resolves.toEqual([
        expect.stringMatching(/Solicitud recibida[\s\S]*Usted/),
        expect.stringMatching(/En revisión por la institución/),
        expect.stringMatching(/La institución solicita una acción[\s\S]*Adjunte el acta notarial/),
      ]);
      await page.getByRole('region', { name: 'Sus respuestas' }).getByRole('heading', { level: 3 }).first().waitFor();
      const comments = page.getByRole('region', { name: 'Comentarios' });
      await comments.getByText('Buenos días: falta el acta notarial.').waitFor();
      await comments.getByText('Nuevo', { exact: true }).waitFor();
      await page.getByRole('region', { name: 'Pagos' }).waitFor();
      await expectNoAxeViolations(page, 'página de la solicitud 1280');
      await shot(page, 'solicitud-accion-1280');
      // Shown, so read: the list no longer counts it.
      await expect.poll(async () => (await portal.app.db.query<{ n: number }>("SELECT count(*)::int AS n FROM request_comments WHERE application_id = $1 AND read_at IS NULL AND author = 'institucion'", [id])).rows[0].n).toBe(0);

      // The answer needs the document: the typed text stays while it is missing.
      const answer = page.getByRole('textbox', { name: 'Su respuesta' });
      await answer.fill('Adjunto el acta notarial.');
      await page.getByRole('button', { name: 'Enviar respuesta' }).click();
      await page.getByRole('alert').filter({ hasText: 'Debe adjuntar el documento solicitado' }).waitFor();
      await expect(answer.inputValue()).resolves.toBe('Adjunto el acta notarial.');

      // UPLOAD_FILE_TO_REQUEST: the name rule before sending, then the document.
      await page.getByRole('button', { name: 'Adjuntar documento' }).click();
      const upload = page.getByRole('dialog', { name: 'Adjuntar un archivo a la solicitud' });
      await upload.getByText(/acentos/).first().waitFor();
      await expectNoAxeViolations(page, 'UPLOAD_FILE_TO_REQUEST 1280');
      await shot(page, 'adjuntar-1280');
      const input = upload.locator('input[type=file][accept]');
      await input.setInputFiles({ name: 'acta_notarial.pdf', mimeType: 'application/pdf', buffer: pdfBuffer() });
      await upload.getByText('Nombre de archivo inválido').waitFor();
      await expect(upload.getByRole('button', { name: 'Adjuntar' }).isDisabled()).resolves.toBe(true);
      await input.setInputFiles({ name: 'Acta notarial.pdf', mimeType: 'application/pdf', buffer: pdfBuffer() });
      await upload.getByRole('button', { name: 'Adjuntar' }).click();
      await upload.waitFor({ state: 'detached' });
      await page.getByText('Adjuntado: Acta notarial.pdf').waitFor();
      // Attached: «Debe adjuntar el documento solicitado» no longer applies and is gone at once, before any new send.
      expect(await page.getByRole('alert').filter({ hasText: 'Debe adjuntar el documento solicitado' }).count()).toBe(0);
      await expect(answer.inputValue()).resolves.toBe('Adjunto el acta notarial.');
      await page.getByRole('button', { name: 'Enviar respuesta' }).click();
      await page.getByRole('heading', { name: 'La institución solicita una acción' }).waitFor({ state: 'detached' });
      await expect(statusBadge(page).textContent()).resolves.toBe('En revisión');
      await timeline.getByText('Acción respondida por el ciudadano').waitFor();
      await page.getByRole('region', { name: 'Documentos adjuntos' }).getByText('Acta notarial.pdf').waitFor();

      // A comment by keyboard only.
      await page.getByRole('textbox', { name: 'Nuevo comentario' }).focus();
      await page.keyboard.press('Shift+Tab');
      await tabTo(page, 'Nuevo comentario', { max: 2 });
      await type(page, '¿Cuándo tendrán una respuesta?');
      await tabTo(page, 'Enviar comentario', { max: 2 });
      await page.keyboard.press('Enter');
      await comments.getByText('¿Cuándo tendrán una respuesta?').waitFor();
      await expect(comments.getByRole('listitem').last().innerText()).resolves.toMatch(/^Usted/);
      // Cleared once the server has answered; a revalidation already in flight may show the comment a moment before.
      await expect.poll(() => page.getByRole('textbox', { name: 'Nuevo comentario' }).inputValue()).toBe('');

      // Withdraw, with the confirmation.
      await page.getByRole('button', { name: 'Desistir de la solicitud' }).click();
      const confirm = page.getByRole('dialog', { name: '¿Desistir de esta solicitud?' });
      await confirm.getByRole('button', { name: 'Cancelar' }).click();
      await confirm.waitFor({ state: 'detached' });
      await expect(statusBadge(page).textContent()).resolves.toBe('En revisión');
      await page.getByRole('button', { name: 'Desistir de la solicitud' }).click();
      await confirm.getByRole('button', { name: 'Sí, desistir' }).click();
      await confirm.waitFor({ state: 'detached' });
      await expect.poll(() => statusBadge(page).textContent()).toBe('Desistida');
      await expect(page.getByRole('button', { name: 'Desistir de la solicitud' }).count()).resolves.toBe(0);
      await page.getByText('Esta solicitud fue desistida: ya no admite comentarios.').waitFor();

      // Rate it, by keyboard only: RATE_REQUEST_MODAL.
      const rate = page.getByRole('button', { name: 'Calificar' });
      await rate.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Calificar la solicitud' });
      await dialog.getByText(`¿Cómo fue su experiencia con la solicitud ${code}?`).waitFor();
      await expectNoAxeViolations(page, 'RATE_REQUEST_MODAL 1280');
      await shot(page, 'calificar-1280');
      const star = await tabTo(page, (f) => f.type === 'radio', { max: 4 });
      expect(star.group).toBe('Calificación (de 1 a 5 estrellas)');
      // Arrows move along the stars; Space chooses the focused one.
      for (let i = 0; i < 5 && (await focused(page)).name !== '4 de 5 estrellas: Buena'; i += 1) await page.keyboard.press('ArrowRight');
      await expectFocus(page, (f) => f.type === 'radio' && f.name === '4 de 5 estrellas: Buena');
      await page.keyboard.press('Space');
      await dialog.getByText('4 de 5 estrellas: Buena', { exact: true }).waitFor();
      await tabTo(page, 'Comentario (opcional)', { max: 2 });
      await type(page, 'Me atendieron rápido.');
      await tabTo(page, 'Enviar calificación', { max: 3 });
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'detached' });
      const rated = page.getByRole('region', { name: 'Su calificación' });
      await rated.getByText('4 de 5 estrellas').waitFor();
      await rated.getByText('Me atendieron rápido.').waitFor();
      await expect(page.getByRole('button', { name: 'Calificar' }).count()).resolves.toBe(0);
      await shot(page, 'solicitud-calificada-1280');
      expect((await focused(page)).tag).not.toBe('');
    });
  });

  it('at 390 px: the list, the page with an action pending and both modals pass axe', async () => {
    const page = await newPage(PHONE);
    await snapshotOnFailure(page, async () => {
      await signInTo(page, portal.baseUrl, account, '/mis-solicitudes');
      // Two more requests: one with an action pending, one withdrawn (to rate).
      const pending = await submitted(page);
      await institution(pending, 'tomar');
      await institution(pending, 'solicitar_accion', 'Confirme el número de contrato.', false);
      const withdrawn = await submitted(page);
      expect((await page.request.post(`${portal.baseUrl}/v1/portals/requests/${withdrawn}/disable`)).status()).toBe(200);

      await page.goto(`${portal.baseUrl}/mis-solicitudes`);
      await page.getByRole('region', { name: 'Solicitudes enviadas' }).getByRole('listitem').nth(2).waitFor();
      await expectNoAxeViolations(page, 'Mis solicitudes 390');
      await shot(page, 'lista-390');

      await page.goto(`${portal.baseUrl}/mis-solicitudes/${pending}`);
      await page.getByRole('heading', { name: 'La institución solicita una acción' }).waitFor();
      await page.getByRole('region', { name: 'Sus respuestas' }).getByRole('heading', { level: 3 }).first().waitFor();
      await expectNoAxeViolations(page, 'página de la solicitud 390');
      await shot(page, 'solicitud-accion-390');
      await page.getByRole('button', { name: 'Adjuntar un documento' }).click();
      const upload = page.getByRole('dialog', { name: 'Adjuntar un archivo a la solicitud' });
      await upload.getByRole('button', { name: 'Adjuntar' }).waitFor();
      await expectNoAxeViolations(page, 'UPLOAD_FILE_TO_REQUEST 390');
      await shot(page, 'adjuntar-390');
      await upload.getByRole('button', { name: 'Cancelar' }).click();
      await upload.waitFor({ state: 'detached' });
      // An action without a document is answered with text alone.
      await page.getByRole('textbox', { name: 'Su respuesta' }).fill('El contrato es el 10045678.');
      await page.getByRole('button', { name: 'Enviar respuesta' }).click();
      await expect.poll(() => statusBadge(page).textContent()).toBe('En revisión');

      await page.goto(`${portal.baseUrl}/mis-solicitudes/${withdrawn}`);
      await page.getByRole('button', { name: 'Calificar' }).click();
      const dialog = page.getByRole('dialog', { name: 'Calificar la solicitud' });
      // Sending without stars says what is missing, inside the dialog.
      await dialog.getByRole('button', { name: 'Enviar calificación' }).click();
      await dialog.getByText('Elija de 1 a 5 estrellas').waitFor();
      await expectNoAxeViolations(page, 'RATE_REQUEST_MODAL 390');
      await shot(page, 'calificar-390');
      await dialog.getByRole('button', { name: 'Cancelar' }).click();
      await dialog.waitFor({ state: 'detached' });
    });
  });

  it('a link straight to «Mis solicitudes», to a request, to «Mi perfil» or to a confirmation asks for what the page shows at once, before the page\'s code has arrived', async () => {
    const page = await newPage(PHONE);
    await snapshotOnFailure(page, async () => {
      await signInTo(page, portal.baseUrl, account, '/mis-solicitudes');
      const id = await submitted(page);
      const cases: [string, RegExp, string[]][] = [
        ['/mis-solicitudes', /\/assets\/MyRequestsPage-[\w-]+\.js$/, ['/v1/portals/solicitudes-en-linea', '/v1/portals/requests/citizen-profile/getRequestsByCitizenProfile']],
        [`/mis-solicitudes/${id}`, /\/assets\/RequestPage-[\w-]+\.js$/, [`/v1/portals/requests/${id}`]],
        ['/perfil', /\/assets\/ProfilePage-[\w-]+\.js$/, ['/v1/portals/citizen-profile/profile']],
        [`/en-linea/${FORM}/${id}/confirmacion`, /\/assets\/ConfirmationPage-[\w-]+\.js$/, [`/v1/portals/solicitudes-en-linea/${FORM}/${id}`, `/v1/portals/requests/${id}`]],
      ];
      for (const [address, code, data] of cases) {
        const asked: string[] = [];
        const onRequest = (request: { url(): string }) => asked.push(new URL(request.url()).pathname);
        page.on('request', onRequest);
        // The page's code is held until its data has been asked for (or 10 s): asked by the page's own
        // code, the data would wait for it, one round trip after another on a phone's network.
        let whileHeld: string[] = [];
        let held = 0;
        await page.route(code, async (route) => {
          held++;
          await expect.poll(() => data.every((path) => asked.includes(path)), { timeout: 10_000 }).toBe(true).catch(() => undefined);
          whileHeld = [...asked];
          await route.continue();
        });
        await page.goto(`${portal.baseUrl}${address}`);
        // (Any heading: a step's first one is the application's name, small, above the step's title.)
        await page.getByRole('heading').first().waitFor();
        await expect.poll(() => held, { message: `${address}: its code went through the hold` }).toBe(1);
        // A page drawn before its code (a frame: the profile, a request, a confirmation) shows its heading
        // while the code is held: the code's own timing entry comes once it has arrived.
        await expect
          .poll(() => page.evaluate((source) => performance.getEntriesByType('resource').some((e) => new RegExp(source).test(new URL(e.name).pathname)), code.source), {
            message: `${address}: the page's code arrived`,
          })
          .toBe(true);
        await page.unroute(code);
        page.off('request', onRequest);
        for (const path of data) expect(whileHeld, `${address}: ${path} asked before the page's code arrived`).toContain(path);
        // The first paint needs only the first bundle: every other script (the page's, the account menu's)
        // is asked for after it (they were all downloaded and run before anything showed).
        const early = await page.evaluate(() => {
          const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
          const scripts = performance.getEntriesByType('resource').filter((e) => /\/assets\/.+\.js$/.test(e.name) && !/\/assets\/index-[\w-]+\.js$/.test(e.name));
          return { paint, before: scripts.filter((e) => e.startTime < paint).map((e) => new URL(e.name).pathname), after: scripts.length };
        });
        expect(early.paint, `${address}: painted`).toBeGreaterThan(0);
        expect(early.before, `${address}: scripts asked before the first paint at ${early.paint} ms`).toEqual([]);
        expect(early.after, `${address}: the page's code came after`).toBeGreaterThan(0);
      }

      // A request's answers (the form engine, two thirds of the page's code, and the request's form) are asked
      // for once the page is on screen, not beside its code; then they show.
      await page.goto(`${portal.baseUrl}/mis-solicitudes/${id}`);
      const answers = page.getByRole('region', { name: 'Sus respuestas' });
      await answers.getByRole('heading', { level: 3 }).first().waitFor();
      const order = await page.evaluate((form) => {
        const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
        const start = (test: (path: string) => boolean) => entries.find((e) => test(new URL(e.name).pathname))?.startTime ?? -1;
        const pageCode = entries.find((e) => /\/assets\/RequestPage-[\w-]+\.js$/.test(e.name));
        return {
          pageCodeEnd: pageCode?.responseEnd ?? -1,
          answersCode: start((p) => /\/assets\/RequestAnswers-[\w-]+\.js$/.test(p)),
          form: start((p) => p === `/v1/forms/${form}`),
        };
      }, FORM);
      expect(order.pageCodeEnd, 'the page\'s code arrived').toBeGreaterThan(0);
      expect(order.answersCode, 'the answers\' code after the page\'s').toBeGreaterThan(order.pageCodeEnd);
      expect(order.form, 'the form after the page\'s code').toBeGreaterThan(order.pageCodeEnd);

      // The lists and the request then show as before.
      await page.goto(`${portal.baseUrl}/mis-solicitudes`);
      await page.getByRole('region', { name: 'Solicitudes enviadas' }).getByRole('listitem').first().waitFor();
    });
  });

  it('a request\'s page answering late: the shell\'s later code (account menu, toasts\' host) waits until the request is drawn', async () => {
    const page = await newPage(PHONE);
    await snapshotOnFailure(page, async () => {
      await signInTo(page, portal.baseUrl, account, '/mis-solicitudes');
      const id = await submitted(page);
      await page.addInitScript(() => {
        new MutationObserver((_, observer) => {
          if (document.querySelector('[data-testid="codigo-solicitud"]')) {
            performance.mark('solicitud-dibujada');
            observer.disconnect();
          }
        }).observe(document, { childList: true, subtree: true });
      });
      await holdResponses(page, new RegExp(`/v1/portals/requests/${id}$`), 1500);
      await page.goto(`${portal.baseUrl}/mis-solicitudes/${id}`);
      await page.getByTestId('codigo-solicitud').waitFor();
      const later = /\/assets\/(AccountMenu|anfitrionAvisos)-/;
      await expect.poll(() => page.evaluate((source) => performance.getEntriesByType('resource').filter((e) => new RegExp(source).test(e.name)).length, later.source), { timeout: 30_000 }).toBe(2);
      const order = await page.evaluate((source) => ({
        drawn: performance.getEntriesByName('solicitud-dibujada')[0]?.startTime ?? null,
        later: performance.getEntriesByType('resource').filter((e) => new RegExp(source).test(e.name)).map((e) => ({ name: e.name.replace(/.*\/assets\//, ''), start: e.startTime })),
      }), later.source);
      expect(order.drawn, JSON.stringify(order)).not.toBeNull();
      for (const file of order.later) expect(file.start, JSON.stringify(order)).toBeGreaterThan(order.drawn as number);
    });
  });

  for (const viewport of [PHONE, DESKTOP]) {
    it(`at ${viewport.width} px, a request's header, timeline and charges show before the page's code, inert, where the page then draws them`, async () => {
      const page = await newPage(viewport);
      await snapshotOnFailure(page, async () => {
        await signInTo(page, portal.baseUrl, account, '/mis-solicitudes');
        const id = await submitted(page);
        await watchLayoutShifts(page);
        // The page's code is held until what shows before it has been checked (a slow phone network); the request, asked for with the first bundle, before it.
        const release = await holdResponsesUntilReleased(page, /\/assets\/RequestPage-[\w-]+\.js$/);
        await page.goto(`${portal.baseUrl}/mis-solicitudes/${id}`);
        const frame = page.locator('[data-drawn-before-code]');
        await frame.getByTestId('codigo-solicitud').waitFor();
        const code = await frame.getByTestId('codigo-solicitud').textContent();
        expect(code).toMatch(/\S/);
        for (const section of ['historial', 'pagos']) expect(await frame.locator(`section[aria-labelledby="${section}"]`).count(), section).toBe(1);
        expect(await page.getByRole('progressbar', { name: 'Cargando la solicitud' }).count()).toBe(1);
        // Not reachable nor announced before the page is there; the page is accessible meanwhile.
        expect(await frame.evaluate((el) => el.hasAttribute('inert') && el.getAttribute('aria-hidden') === 'true')).toBe(true);
        expect(await frame.locator('a').evaluateAll((links) => links.map((link) => {
          (link as HTMLElement).focus();
          return document.activeElement === link;
        }))).toEqual([false]);
        await expectNoAxeViolations(page, 'la solicitud antes del código de su página', { still: false });
        mkdirSync(SHOTS, { recursive: true });
        await page.screenshot({ path: path.join(SHOTS, `solicitud-antes-del-codigo-${viewport.width}.png`) });
        const boxes = () => boxesOf(page, ['h1', '[data-testid="codigo-solicitud"]', 'section[aria-labelledby="historial"]', 'section[aria-labelledby="pagos"]']);
        const before = await boxes();
        release();

        // The page takes the frame's place: the same boxes, nothing moved, the way back now a link one can use.
        await page.waitForFunction(() => document.querySelector('[data-drawn-before-code]') === null, undefined, { timeout: 20_000 });
        await page.getByRole('heading', { level: 1 }).waitFor();
        expect(await page.getByTestId('codigo-solicitud').textContent()).toBe(code);
        await waitForStillPage(page);
        expect(await boxes()).toEqual(before);
        await page.getByRole('link', { name: '← Mis solicitudes' }).focus();
        await expectFocus(page, '← Mis solicitudes');
        const shifts = await layoutShiftTotal(page);
        expect(shifts.total, shifts.detail).toBeLessThan(0.01);
      });
    });
  }

  it('opened from «Mis solicitudes» while its code loads: focus waits for the page\'s heading (the frame\'s is inert), then lands on it', async () => {
    const page = await newPage(PHONE);
    await snapshotOnFailure(page, async () => {
      await signInTo(page, portal.baseUrl, account, '/mis-solicitudes');
      const id = await submitted(page);
      const release = await holdResponsesUntilReleased(page, /\/assets\/RequestPage-[\w-]+\.js$/);
      await page.goto(`${portal.baseUrl}/mis-solicitudes`);
      const link = page.getByRole('main').locator(`a[href="/mis-solicitudes/${id}"]`);
      await link.focus();
      await page.keyboard.press('Enter');
      await page.locator('[data-drawn-before-code]').getByTestId('codigo-solicitud').waitFor();
      // Nothing inside the frame can hold focus (it is inert): focus waits for the page.
      expect(await page.evaluate(() => document.activeElement?.closest('[data-drawn-before-code]') ?? null)).toBeNull();
      release();
      await page.waitForFunction(() => document.querySelector('[data-drawn-before-code]') === null, undefined, { timeout: 20_000 });
      await expectFocus(page, (f) => f.tag === 'h1' && f.name === 'Reclamación de facturación de agua (INAPA)');
    });
  });

  it('at 390 px, the drafts answering a second after the submitted requests: nothing on screen moves when they arrive', async () => {
    const page = await newPage(PHONE);
    await snapshotOnFailure(page, async () => {
      await signInTo(page, portal.baseUrl, account, '/mis-solicitudes');
      await submitted(page);
      await draft(page);
      await watchLayoutShifts(page);
      await holdResponses(page, /\/v1\/portals\/solicitudes-en-linea$/, 1000);
      await page.goto(`${portal.baseUrl}/mis-solicitudes`);
      await page.getByRole('region', { name: 'Solicitudes enviadas' }).getByRole('listitem').first().waitFor();
      await page.getByRole('link', { name: /^Continuar/ }).first().waitFor();
      await waitForStillPage(page);
      const shifts = await layoutShiftTotal(page);
      expect(shifts.total, shifts.detail).toBeLessThan(0.01);
    });
  });
});
