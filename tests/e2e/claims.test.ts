/**
 * Claims from filing to answer (issue 12 §2) in Chromium against the real
 * server and the production build: a citizen files a claim about their
 * request with a file in SERVICE_CLAIMS (a bad file name is refused before
 * sending), sees it in «Mis reclamos»; the PGR officer opens it in the back
 * office's «Quejas y reclamaciones» (another browser context), takes it and
 * answers; the citizen sees the notification and the answer in
 * SERVICE_CLAIM_DETAILS and replies; the officer sees the reply. axe on the
 * page, both modals and the staff pages at 1280 and 390 px; a keyboard-only
 * pass of filing a claim; screenshots in tests/.artifacts/claims.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { expectNoAxeViolations, waitForStillPage } from '../support/axe';
import { holdResponsesUntilReleased, watchLayoutShifts } from '../support/layoutShifts';
import { expectPageInFramePlace } from '../support/frames';
import { launchChromium } from '../support/browser';
import { expectFocus, focused, tabTo, type } from '../support/keyboard';
import { DEMO, pdfBuffer, signInTo, snapshotOnFailure, staffSignInTo } from '../support/portal';
import { REPO_ROOT, startPortal, type Portal } from '../support/startPortal';
import { DESKTOP, PHONE } from '../support/viewports';

const SHOTS = path.join(REPO_ROOT, 'tests/.artifacts/claims');
const FORM = 'Quejas y reclamaciones';
const DETAILS = 'Detalle de la queja o reclamación';
const OFFICER = { email: 'oficial.pgr@sandbox.gob.do', password: 'Oficial-PGR-2026' };
const DESCRIPTION = 'Pagué el certificado hace dos semanas y todavía no tengo respuesta.';
const ANSWER = 'Su certificado fue emitido hoy; puede descargarlo desde «Mis solicitudes».';

let portal: Portal;
let browser: Browser;
let requestId: number;
let requestCode: string;

beforeAll(async () => {
  [portal, browser] = await Promise.all([startPortal(), launchChromium()]);
  // A request the demo citizen submitted to the PGR (the submit itself is covered by onlineServices.test.ts).
  const citizen = (await portal.app.db.query<{ id: number }>('SELECT id FROM citizens WHERE cedula = $1', [DEMO.cedula])).rows[0].id;
  requestId = (await portal.app.db.query<{ id: number }>("INSERT INTO applications (citizen_id, form, data) VALUES ($1, 'certificado-no-antecedentes', '{}') RETURNING id", [citizen])).rows[0].id;
  requestCode = `SOL-2026-${String(700000 + requestId)}`;
  await portal.app.db.query("UPDATE applications SET status = 'enviada', request_code = $2, institution = 'PGR', submitted_at = now() WHERE id = $1", [requestId, requestCode]);
});
afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

async function newPage(viewport = DESKTOP): Promise<Page> {
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

const dialog = (page: Page, name: string): Locator => page.getByRole('dialog', { name });
const fileInput = (form: Locator) => form.locator('input[type="file"]');
const stored = async () => (await portal.app.db.query<{ id: number; status: string; document_id: number | null }>('SELECT id, status, document_id FROM claims ORDER BY id')).rows;

const staffSignIn = (page: Page, to: string) => staffSignInTo(page, portal.baseUrl, OFFICER, to);

describe('Quejas y reclamaciones', () => {
  it('a citizen files a claim about their request with a file; the officer answers it in the back office; the citizen reads it and replies', async () => {
    const page = await newPage();
    await snapshotOnFailure(page, async () => {
      // «Mis reclamos» is in the account menu.
      await signInTo(page, portal.baseUrl, DEMO, '/perfil');
      await page.getByRole('button', { name: 'Mi cuenta' }).click();
      await page.getByRole('menuitem', { name: 'Mis reclamos' }).click();
      await page.getByRole('heading', { name: 'Mis reclamos', level: 1 }).waitFor();
      await page.getByText('Todavía no ha presentado reclamos.').waitFor();
      await expectNoAxeViolations(page, 'Mis reclamos (vacío) at 1280 px');

      await page.getByRole('button', { name: 'Presentar un reclamo' }).click();
      const form = dialog(page, FORM);
      await form.getByRole('combobox', { name: 'Tipo de reclamo' }).locator('option', { hasText: 'Demora en la respuesta' }).waitFor({ state: 'attached' });
      await expectNoAxeViolations(page, 'SERVICE_CLAIMS at 1280 px');
      await shot(page, 'form-1280');

      // Nothing chosen: each field says it is required, nothing is sent.
      await form.getByRole('button', { name: 'ENVIAR' }).click();
      await expect.poll(() => form.getByText('Requerido', { exact: true }).count()).toBe(3);
      await expectFocus(page, 'Tipo de reclamo');
      await expectNoAxeViolations(page, 'SERVICE_CLAIMS with errors at 1280 px');

      await form.getByRole('combobox', { name: 'Tipo de reclamo' }).selectOption({ label: 'Demora en la respuesta' });
      await form.getByText('La institución no ha respondido o tarda más de lo indicado en el servicio.').waitFor();
      await form.getByRole('combobox', { name: '¿Sobre qué es su reclamo?' }).selectOption({ label: `Mi solicitud ${requestCode} (Certificado de no antecedentes penales)` });
      await form.getByRole('textbox', { name: 'Descripción' }).fill('Muy corta');
      // A file name with an underscore is refused before sending.
      await fileInput(form).setInputFiles({ name: 'acta_notarial.pdf', mimeType: 'application/pdf', buffer: pdfBuffer() });
      await form.getByText('Nombre de archivo inválido').waitFor();
      await form.getByRole('button', { name: 'ENVIAR' }).click();
      await form.getByText('La descripción debe tener entre 10 y 2000 caracteres').waitFor();
      expect(await stored()).toEqual([]);
      await shot(page, 'form-errors-1280');

      await form.getByRole('textbox', { name: 'Descripción' }).fill(DESCRIPTION);
      await fileInput(form).setInputFiles({ name: 'comprobante de pago.pdf', mimeType: 'application/pdf', buffer: pdfBuffer() });
      await expect.poll(() => form.getByText('Nombre de archivo inválido').count()).toBe(0);
      await form.getByRole('button', { name: 'ENVIAR' }).click();

      // Success: the form gives way to the new claim.
      const details = dialog(page, DETAILS);
      await details.getByRole('heading', { name: /^Reclamo n\.º \d+: Demora en la respuesta$/ }).waitFor();
      await details.getByText(DESCRIPTION).waitFor();
      await details.getByRole('link', { name: 'comprobante de pago.pdf' }).waitFor();
      expect(await page.getByRole('dialog').count()).toBe(1);
      const [claim] = await stored();
      expect(claim).toMatchObject({ status: 'abierto', document_id: expect.any(Number) });
      await expectNoAxeViolations(page, 'SERVICE_CLAIM_DETAILS at 1280 px');
      await shot(page, 'details-new-1280');
      await page.keyboard.press('Escape');
      await details.waitFor({ state: 'detached' });
      const card = page.getByRole('listitem').filter({ hasText: `Reclamo n.º ${claim.id}` });
      await card.getByText('Abierto', { exact: true }).waitFor();
      await card.getByText(`Solicitud ${requestCode}`, { exact: false }).waitFor();
      await expectNoAxeViolations(page, 'Mis reclamos at 1280 px');
      await shot(page, 'list-1280');

      // The PGR officer, in the back office (a browser of their own).
      const office = await newPage();
      await snapshotOnFailure(office, async () => {
        await staffSignIn(office, '/institucion/reclamos');
        await office.getByRole('heading', { name: 'Quejas y reclamaciones', level: 1 }).waitFor();
        await office.getByRole('link', { name: `Reclamo n.º ${claim.id}` }).first().waitFor();
        await expectNoAxeViolations(office, 'Quejas y reclamaciones (oficina) at 1280 px');
        await shot(office, 'staff-list-1280');
        await office.getByRole('link', { name: `Reclamo n.º ${claim.id}` }).first().click();
        await office.getByRole('heading', { name: `Reclamo n.º ${claim.id}`, level: 1 }).waitFor();
        await office.getByText(DESCRIPTION).waitFor();
        // The citizen's file downloads with the staff session.
        const file = office.getByRole('link', { name: 'comprobante de pago.pdf' });
        const download = await office.request.get(`${portal.baseUrl}${await file.getAttribute('href')}`);
        expect(download.status()).toBe(200);
        expect((await download.body()).equals(pdfBuffer())).toBe(true);
        await office.getByRole('button', { name: 'Tomar en proceso' }).click();
        await office.getByText('El reclamo está ahora «En proceso».').waitFor();
        await office.getByRole('textbox', { name: 'Respuesta para el ciudadano' }).fill(ANSWER);
        await office.getByRole('button', { name: 'Enviar respuesta' }).click();
        await office.getByText('Respuesta enviada: el reclamo está «Respondido» y se avisó al ciudadano.').waitFor();
        await office.getByText(ANSWER).waitFor();
        await expectNoAxeViolations(office, 'Reclamo (oficina) at 1280 px');
        await shot(office, 'staff-claim-1280');
      });
      expect((await stored())[0].status).toBe('respondido');

      // The citizen: «Mis reclamos» marks the new answer; the notification opens the claim's thread.
      await page.goto(`${portal.baseUrl}/mis-reclamos`);
      await card.getByText('1 respuesta nueva').waitFor();
      await card.getByText('Respondido', { exact: true }).waitFor();
      await page.goto(`${portal.baseUrl}/notificaciones`);
      await page.getByRole('link', { name: new RegExp(`Respuesta a su reclamo n\\.º ${claim.id}`) }).click();
      await details.getByText(ANSWER).waitFor();
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/mis-reclamos');
      await details.getByText('Procuraduría General de la República', { exact: true }).waitFor();
      await details.getByRole('textbox', { name: 'Agregar un comentario' }).fill('Gracias, ya lo descargué.');
      await details.getByRole('button', { name: 'Enviar comentario' }).click();
      await details.getByText('Comentario enviado.').waitFor();
      await details.getByText('Gracias, ya lo descargué.').waitFor();
      await expectNoAxeViolations(page, 'SERVICE_CLAIM_DETAILS with the answer at 1280 px');
      await shot(page, 'details-answered-1280');
      await page.keyboard.press('Escape');
      // Read: the marker is gone.
      await expect.poll(() => card.getByText('1 respuesta nueva').count()).toBe(0);

      // The officer sees the reply; the claim is back in their hands.
      await office.reload();
      await office.getByText('Gracias, ya lo descargué.').waitFor();
      expect((await stored())[0].status).toBe('en_proceso');
    });
  });

  it('at 390 px: the page, both modals and the staff pages pass axe', async () => {
    const page = await newPage(PHONE);
    await snapshotOnFailure(page, async () => {
      // On a phone «Mis reclamos» is in the menu's «Mi cuenta».
      await signInTo(page, portal.baseUrl, DEMO, '/perfil');
      await page.getByRole('button', { name: 'Menú' }).click();
      await page.getByRole('dialog', { name: 'Menú' }).getByRole('link', { name: 'Mis reclamos' }).click();
      await page.getByRole('heading', { name: 'Mis reclamos', level: 1 }).waitFor();
      const first = page.getByRole('listitem').filter({ hasText: 'Reclamo n.º' }).first();
      await first.waitFor();
      await expectNoAxeViolations(page, 'Mis reclamos at 390 px');
      await shot(page, 'list-390');
      await first.getByRole('button', { name: /^Ver Reclamo/ }).click();
      const details = dialog(page, DETAILS);
      await details.getByRole('heading', { name: /^Reclamo n\.º/ }).waitFor();
      await expectNoAxeViolations(page, 'SERVICE_CLAIM_DETAILS at 390 px');
      await shot(page, 'details-390');
      await page.keyboard.press('Escape');
      await details.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Presentar un reclamo' }).click();
      const form = dialog(page, FORM);
      await form.getByRole('combobox', { name: 'Tipo de reclamo' }).locator('option', { hasText: 'Otro' }).waitFor({ state: 'attached' });
      await form.getByRole('button', { name: 'ENVIAR' }).click();
      await expect.poll(() => form.getByText('Requerido', { exact: true }).count()).toBe(3);
      await expectNoAxeViolations(page, 'SERVICE_CLAIMS with errors at 390 px');
      await shot(page, 'form-390');

      const office = await newPage(PHONE);
      await snapshotOnFailure(office, async () => {
        await staffSignIn(office, '/institucion/reclamos');
        const link = office.getByRole('link', { name: /^Reclamo n\.º \d+$/ }).first();
        await link.waitFor();
        await expectNoAxeViolations(office, 'Quejas y reclamaciones (oficina) at 390 px');
        await shot(office, 'staff-list-390');
        await link.click();
        await office.getByRole('heading', { name: /^Reclamo n\.º \d+$/, level: 1 }).waitFor();
        await expectNoAxeViolations(office, 'Reclamo (oficina) at 390 px');
        await shot(office, 'staff-claim-390');
      });
    });
  });

  it('a service page opens SERVICE_CLAIMS for that service; filing there takes the keyboard only', async () => {
    const page = await newPage();
    await snapshotOnFailure(page, async () => {
      await signInTo(page, portal.baseUrl, DEMO, '/servicios/renovacion-licencia-de-conducir');
      const open = page.getByRole('button', { name: 'Presentar una queja o reclamación' });
      await open.waitFor();
      const before = (await stored()).length;
      await open.focus();
      await page.keyboard.press('Enter');
      const form = dialog(page, FORM);
      await form.getByRole('combobox', { name: 'Tipo de reclamo' }).locator('option', { hasText: 'Mala atención' }).waitFor({ state: 'attached' });
      // The dialog opens on its first field; the subject is the service.
      await expectFocus(page, 'Tipo de reclamo');
      expect(await form.getByRole('combobox', { name: '¿Sobre qué es su reclamo?' }).inputValue()).toBe('servicio:renovacion-licencia-de-conducir');
      // A native select: the arrow keys choose (Demora en la respuesta, then Mala atención).
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      expect((await focused(page)).value).toBe('2');
      await tabTo(page, '¿Sobre qué es su reclamo?');
      await tabTo(page, 'Descripción');
      await type(page, 'En la ventanilla no me quisieron recibir los documentos.');
      // The file is optional: past its input, to ENVIAR.
      await tabTo(page, 'ENVIAR', { max: 4 });
      await page.keyboard.press('Enter');
      const details = dialog(page, DETAILS);
      await details.getByRole('heading', { name: /^Reclamo n\.º \d+: Mala atención$/ }).waitFor();
      await details.getByText('Sobre el servicio Renovación de licencia de conducir', { exact: false }).waitFor();
      const after = await portal.app.db.query<{ institution: string; service_slug: string; issue_id: number }>('SELECT institution, service_slug, issue_id FROM claims ORDER BY id DESC LIMIT 1');
      expect(after.rows[0]).toEqual({ institution: 'INTRANT', service_slug: 'renovacion-licencia-de-conducir', issue_id: 2 });
      expect((await stored()).length).toBe(before + 1);
      await page.keyboard.press('Escape');
      await details.waitFor({ state: 'detached' });
      await expectFocus(page, 'Presentar una queja o reclamación');
    });
  });

  it("at 390 and 1280 px, «Mis reclamos» shows its heading, button and introduction before the page's code, where the page then draws them; the button waits for it", async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const page = await newPage(viewport);
      await snapshotOnFailure(page, async () => {
        await signInTo(page, portal.baseUrl, DEMO, '/mis-solicitudes');
        await watchLayoutShifts(page);
        // The page's code is held until what shows before it has been checked (a slow phone network).
        const release = await holdResponsesUntilReleased(page, /\/assets\/MyClaimsPage-[\w-]+\.js$/);
        await page.goto(`${portal.baseUrl}/mis-reclamos`);
        await page.getByRole('progressbar', { name: 'Cargando sus reclamos' }).waitFor();
        expect(await page.getByRole('heading', { name: 'Mis reclamos', level: 1 }).count()).toBe(1);
        expect(await page.getByText('Sus quejas y reclamaciones sobre sus solicitudes').count()).toBe(1);
        // Drawn, but neither reachable nor announced until the page can open the dialog.
        const button = page.getByRole('main').locator('button', { hasText: 'Presentar un reclamo' });
        expect(await button.count()).toBe(1);
        expect(await button.evaluate((b) => { (b as HTMLElement).focus(); return document.activeElement === b; })).toBe(false);
        // The page takes the frame's place: the same boxes, then its list; the button opens the dialog.
        await expectPageInFramePlace(page, {
          label: `Mis reclamos antes del código de su página (${viewport.width} px)`,
          screenshot: path.join(SHOTS, `mis-reclamos-antes-del-codigo-${viewport.width}.png`),
          boxes: ['main h1', 'main h1 + button', 'main .mantine-Group-root + p'],
          release,
          ready: page.getByRole('list', { name: 'Sus reclamos' }).or(page.getByText('Todavía no ha presentado reclamos.')),
        });
        await page.getByRole('button', { name: 'Presentar un reclamo' }).click();
        await dialog(page, FORM).waitFor();
      });
      await page.close();
    }
  });
});
