/**
 * A formalization paid end to end in Chromium against the real server
 * (issue 13), one browser context per role: the citizen pays ONAPI by card in
 * the modal, the Cámara de Comercio through the sandbox card payment page and
 * sends the DGII proof; the DGII officer accepts it in /institucion. The
 * citizen's request page then shows the three charges «Pagado», the timeline
 * «Pagos completados: la solicitud pasa a revisión» and the status «En
 * revisión»; the notifications page has the three payment confirmations; the
 * database has one approved card attempt, one approved card page order and
 * one confirmation per charge. axe on the paid request page at 1280 and 390
 * px. Screenshots in tests/.artifacts/payments-full-flow.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { expectNoAxeViolations, waitForStillPage } from '../support/axe';
import { TEST_CARDS, submitFormalizationApi } from '../support/payments';
import { DEMO, signInTo, snapshotOnFailure, staffSignInHere, uploadDocumentApi } from '../support/portal';
import { portalSuite } from '../support/portalSuite';
import { REPO_ROOT } from '../support/startPortal';
import { DESKTOP, PHONE } from '../support/viewports';

const SHOTS = path.join(REPO_ROOT, 'tests/.artifacts/payments-full-flow');
const LIST = 'Pagos de la solicitud';
const ONAPI = 'Oficina Nacional de la Propiedad Industrial (ONAPI)';
const DGII = 'Dirección General de Impuestos Internos (DGII)';
const CAMARA = 'Cámara de Comercio y Producción de Santo Domingo';
const DGII_OFFICER = { email: 'oficial.dgii@sandbox.gob.do', password: 'Oficial-DGII-2026' };
const PROOF = 'Comprobante DGII pagado.pdf';

const suite = portalSuite();

async function newPage(viewport = DESKTOP): Promise<Page> {
  const page = await suite.page({ viewport });
  return page;
}

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await waitForStillPage(page);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

const dialog = (page: Page, name: string | RegExp): Locator => page.getByRole('dialog', { name });

/** From the request page: «Pagar», then the agency's action in the list of payments. */
async function fromList(page: Page, agency: string, action: string): Promise<void> {
  await page.getByRole('region', { name: 'Pagos' }).getByRole('button', { name: 'Pagar', exact: true }).click();
  await dialog(page, LIST).getByRole('region', { name: agency }).getByRole('button', { name: action }).click();
}

const count = async (sql: string, params: unknown[]) => (await suite.portal.app.db.query<{ n: number }>(sql, params)).rows[0].n;

/** The payments section's line of an agency's charge on the request page. */
const chargeLine = (page: Page, agency: string) => page.getByRole('region', { name: 'Pagos' }).getByRole('listitem').filter({ hasText: `(${agency})` });

describe('a formalization paid to ONAPI, the Cámara and the DGII', () => {
  it('card in the modal, the card payment page, a proof the DGII officer accepts: three «Pagado», «En revisión», three notifications', async () => {
    const page = await newPage();
    await signInTo(page, suite.baseUrl, DEMO, '/mis-solicitudes');
    const { id, code } = await submitFormalizationApi(page, suite.baseUrl);
    await uploadDocumentApi(page, suite.baseUrl, PROOF);
    const requestPage = `${suite.baseUrl}/mis-solicitudes/${id}`;
    await page.goto(requestPage);
    await page.getByRole('heading', { name: 'Pagos', exact: true }).waitFor();

    await snapshotOnFailure(page, async () => {
      // 1. ONAPI: the card form in the modal.
      await fromList(page, ONAPI, 'Pagar con tarjeta');
      const card = dialog(page, 'Pago del registro de nombre comercial (ONAPI)');
      await card.getByRole('textbox', { name: 'Número de tarjeta' }).fill(TEST_CARDS.approved);
      await card.getByRole('textbox', { name: 'Vencimiento (MM/AA)' }).fill('12/30');
      await card.getByRole('textbox', { name: 'Código de seguridad' }).fill('123');
      await card.getByRole('button', { name: 'Pagar RD$ 7,000.00' }).click();
      const success = dialog(page, 'Pago realizado');
      await success.getByText('Le quedan 2 pagos pendientes').waitFor();
      await shot(page, '1-onapi-pagado');
      await page.keyboard.press('Escape');
      await success.waitFor({ state: 'detached' });
      await chargeLine(page, 'ONAPI').getByText('Pagado').first().waitFor();

      // 2. The Cámara: the sandbox card payment page, and back.
      await fromList(page, CAMARA, 'Pagar con tarjeta');
      await dialog(page, CAMARA).getByRole('button', { name: 'Pagar con tarjeta' }).click();
      await page.waitForURL((url) => url.pathname === '/sandbox/pagina-de-pago');
      await page.getByLabel('Número de la tarjeta').fill(TEST_CARDS.approved);
      await page.getByLabel('Vencimiento (MM/AA)').fill('12/39');
      await page.getByLabel('Código de seguridad (CVV)').fill('123');
      await page.getByRole('button', { name: 'Pagar' }).click();
      await page.waitForURL((url) => url.pathname === '/my-requests/vuf/azul_callback');
      await page.getByRole('heading', { name: 'Pago aprobado', level: 1 }).waitFor();
      await shot(page, '2-camara-aprobado');
      await page.getByRole('link', { name: 'Ver la solicitud' }).click();
      await page.waitForURL((url) => url.pathname === `/mis-solicitudes/${id}`);
      await chargeLine(page, 'CCPSD').getByText('Pagado').first().waitFor();

      // 3. The DGII: the proof, one of the citizen's documents.
      await fromList(page, DGII, 'Enviar comprobante de pago');
      const proof = dialog(page, 'Pago a la Dirección General de Impuestos Internos (DGII)');
      await proof.getByRole('textbox', { name: 'Número de aprobación' }).fill('445566');
      await proof.getByRole('radio', { name: 'Elegir de mis documentos' }).check();
      await proof.getByLabel('Documento', { exact: true }).click();
      await page.getByRole('option', { name: PROOF }).first().click();
      await proof.getByRole('button', { name: 'Enviar comprobante' }).click();
      await proof.getByText('Comprobante enviado. La DGII lo verificará.').waitFor();
      await shot(page, '3-dgii-enviado');
      await proof.waitFor({ state: 'detached' }); // payment dialogs close by themselves a moment after success
      await chargeLine(page, 'DGII').getByText('En verificación').first().waitFor();
      expect(await page.getByText('En revisión', { exact: true }).count()).toBe(0);
    });

    // 4. The DGII officer, in a browser of their own, accepts the proof.
    const officer = await newPage();
    await snapshotOnFailure(officer, async () => {
      await officer.goto(`${suite.baseUrl}/institucion/solicitudes`);
      await officer.waitForURL((url) => url.pathname === '/institucion/ingresar');
      await staffSignInHere(officer, suite.baseUrl, DGII_OFFICER);
      await officer.waitForURL((url) => url.pathname === '/institucion/solicitudes');
      await officer.getByRole('navigation', { name: 'Oficina' }).getByRole('link', { name: 'Pagos por verificar' }).click();
      await officer.getByRole('heading', { name: 'Pagos por verificar', level: 1 }).waitFor();
      const proofCard = officer.getByRole('listitem').filter({ has: officer.getByRole('heading', { name: `${code} · DGII` }) });
      await proofCard.getByText('Número de aprobación: 445566').waitFor();
      await proofCard.getByRole('button', { name: 'Aceptar el pago' }).click();
      await dialog(officer, '¿Aceptar el pago?').getByRole('button', { name: 'Aceptar el pago' }).click();
      await officer.getByRole('status').getByText(`Pago aceptado: ${code} (DGII)`, { exact: false }).waitFor();
      await shot(officer, '4-oficina-dgii-aceptado');
    });

    // 5. The citizen: three charges paid, the request in review, the timeline and the notifications.
    await snapshotOnFailure(page, async () => {
      await page.goto(requestPage);
      await page.getByRole('heading', { name: 'Pagos', exact: true }).waitFor();
      for (const agency of ['ONAPI', 'DGII', 'CCPSD']) await chargeLine(page, agency).getByText('Pagado').first().waitFor();
      await page.getByRole('region', { name: 'Pagos' }).getByText('Total pendiente: RD$ 0.00').waitFor();
      await page.getByRole('region', { name: 'Historial' }).getByText('Pagos completados: la solicitud pasa a revisión').waitFor();
      await page.getByText('En revisión', { exact: true }).first().waitFor();
      expect(await page.getByRole('region', { name: 'Pagos' }).getByRole('button', { name: 'Pagar', exact: true }).count()).toBe(0);
      await shot(page, '5-solicitud-pagada-1280');
      await expectNoAxeViolations(page, 'solicitud pagada (1280)');

      await page.goto(`${suite.baseUrl}/notificaciones`);
      await expect.poll(() => page.getByText(`Solicitud ${code}: pago confirmado`).count()).toBe(3);
      await shot(page, '6-notificaciones');
    });

    // One charge each, in the database.
    expect(await count("SELECT count(*)::int AS n FROM payment_attempts a JOIN request_items ri ON ri.id = a.item_id WHERE ri.application_id = $1 AND a.status = 'aprobado'", [id])).toBe(1);
    expect(await count("SELECT count(*)::int AS n FROM card_page_orders o JOIN request_items ri ON ri.id = o.item_id WHERE ri.application_id = $1 AND o.status = 'aprobada'", [id])).toBe(1);
    expect(await count("SELECT count(*)::int AS n FROM request_actions WHERE application_id = $1 AND event = 'pago_confirmado'", [id])).toBe(3);
    expect(await count("SELECT count(*)::int AS n FROM request_items WHERE application_id = $1 AND status = 'pagado'", [id])).toBe(3);

    // The paid request on a phone.
    const phone = await newPage(PHONE);
    await snapshotOnFailure(phone, async () => {
      await signInTo(phone, suite.baseUrl, DEMO, `/mis-solicitudes/${id}`);
      await phone.getByRole('heading', { name: 'Pagos', exact: true }).waitFor();
      await phone.getByRole('region', { name: 'Historial' }).getByText('Pagos completados: la solicitud pasa a revisión').waitFor();
      await expectNoAxeViolations(phone, 'solicitud pagada (390)');
      await phone.getByRole('heading', { name: 'Pagos', exact: true }).scrollIntoViewIfNeeded();
      await shot(phone, '7-solicitud-pagada-390');
    });
    await Promise.all([page.context().close(), officer.context().close(), phone.context().close()]);
  }, 120_000);
});
