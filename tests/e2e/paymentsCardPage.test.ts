/**
 * The Cámara de Comercio's card payment page in Chromium against the real
 * server (issue 13; spec §2 screen 3, §1 return routes): from the request
 * page, «Pagar» → the Cámara's «Pagar con tarjeta» → the modal's «Pagar con
 * tarjeta» posts the signed form to the sandbox's card page; a declined card
 * comes back to «Pago rechazado», the cancel link to «Pago cancelado», «Intentar
 * de nuevo» reopens the Cámara's payment, 4242 comes back to «Pago aprobado»
 * and the request lists the charge paid; the approved address opened again
 * confirms nothing twice. axe on the modal, the sandbox page and the three
 * return pages at 1280 and 390 px; the sandbox page by keyboard only.
 * Screenshots in tests/.artifacts/payments-card-page.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { expectNoAxeViolations, waitForStillPage } from '../support/axe';
import { expectFocus, tabTo, type } from '../support/keyboard';
import { paymentViewApi, submitFormalizationApi, TEST_CARDS } from '../support/payments';
import { DEMO, signInTo, snapshotOnFailure } from '../support/portal';
import { portalSuite } from '../support/portalSuite';
import { REPO_ROOT } from '../support/startPortal';
import { DESKTOP, PHONE } from '../support/viewports';

const SHOTS = path.join(REPO_ROOT, 'tests/.artifacts/payments-card-page');
const CAMARA = 'Cámara de Comercio y Producción de Santo Domingo';
const SANDBOX_PAGE = '/sandbox/pagina-de-pago';

const suite = portalSuite();

async function newPage(viewport: { width: number; height: number }): Promise<Page> {
  const page = await suite.page({ viewport });
  return page;
}

async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await waitForStillPage(page);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage });
}

const dialog = (page: Page, name: string | RegExp): Locator => page.getByRole('dialog', { name });

/** A signed-in page on the request page of a new formalization owing ONAPI, DGII and the Cámara. */
async function onNewRequest(viewport: { width: number; height: number }): Promise<{ page: Page; id: number; code: string }> {
  const page = await newPage(viewport);
  await signInTo(page, suite.baseUrl, DEMO, '/mis-solicitudes');
  const { id, code } = await submitFormalizationApi(page, suite.baseUrl);
  await page.goto(`${suite.baseUrl}/mis-solicitudes/${id}`);
  await page.getByRole('heading', { name: 'Pagos', exact: true }).waitFor();
  return { page, id, code };
}

/** From the request page, the Cámara's payment modal. */
async function openCamaraPayment(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Pagar', exact: true }).click();
  await dialog(page, 'Pagos de la solicitud').getByRole('region', { name: CAMARA }).getByRole('button', { name: 'Pagar con tarjeta' }).click();
  const modal = dialog(page, CAMARA);
  await modal.getByRole('button', { name: 'Pagar con tarjeta' }).waitFor();
  return modal;
}

/** On the sandbox card page: the card, then «Pagar». */
async function payOnSandboxPage(page: Page, card: string): Promise<void> {
  await page.getByLabel('Número de la tarjeta').fill(card);
  await page.getByLabel('Vencimiento (MM/AA)').fill('12/39');
  await page.getByLabel('Código de seguridad (CVV)').fill('123');
  await page.getByRole('button', { name: 'Pagar' }).click();
}

const camaraCharge = async (page: Page, id: number) => (await paymentViewApi(page, suite.baseUrl, id)).items.find((i) => i.agency === 'CCPSD')!;

async function confirmedNotes(page: Page, id: number): Promise<number> {
  const res = await page.request.get(`${suite.baseUrl}/v1/portals/requests/${id}`);
  const timeline = ((await res.json()) as { data: { timeline: { event: string }[] } }).data.timeline;
  return timeline.filter((e) => e.event === 'pago_confirmado').length;
}

describe('the Cámara de Comercio card payment page', () => {
  for (const [label, viewport] of [['1280', DESKTOP], ['390', PHONE]] as const) {
    it(`(${label} px) declined, cancelled, then approved with 4242; the request shows it paid; the approved address again confirms nothing twice`, async () => {
      const { page, id, code } = await onNewRequest(viewport);
      await snapshotOnFailure(page, async () => {
        // The modal: service, request code, cost.
        let modal = await openCamaraPayment(page);
        await expect.poll(() => modal.getByText(code, { exact: true }).isVisible()).toBe(true);
        await expect.poll(() => modal.getByText('RD$ 5,000.00').isVisible()).toBe(true);
        await modal.getByText('El pago se completa en la página de pago con tarjeta').waitFor();
        await shot(page, `modal-${label}`, false);
        await expectNoAxeViolations(page, `pago de la Cámara de Comercio (${label})`);

        // The sandbox card page, clearly a test page.
        await modal.getByRole('button', { name: 'Pagar con tarjeta' }).click();
        await page.waitForURL((url) => url.pathname === SANDBOX_PAGE);
        await page.getByText('Página de pago de prueba — no se realiza ningún cargo real').waitFor();
        expect(await page.getByText('RD$ 5,000.00').isVisible()).toBe(true);
        await shot(page, `sandbox-page-${label}`);
        await expectNoAxeViolations(page, `página de pago de prueba (${label})`);

        // Declined.
        await payOnSandboxPage(page, TEST_CARDS.declined);
        await page.waitForURL((url) => url.pathname === '/my-requests/vuf' && url.searchParams.get('decline') === '1');
        await page.getByRole('heading', { name: 'Pago rechazado', level: 1 }).waitFor();
        await page.getByText('El banco no aprobó el pago. No se hizo ningún cargo.').waitFor();
        await page.getByRole('button', { name: 'Intentar de nuevo' }).waitFor();
        expect(await page.getByText(code, { exact: true }).isVisible()).toBe(true);
        await shot(page, `declined-${label}`);
        await expectNoAxeViolations(page, `pago rechazado (${label})`);
        expect((await camaraCharge(page, id)).status).toBe('pendiente');

        // «Intentar de nuevo»: the request page with the Cámara's payment; then the cancel link.
        await page.getByRole('button', { name: 'Intentar de nuevo' }).click();
        await page.waitForURL((url) => url.pathname === `/mis-solicitudes/${id}`);
        modal = dialog(page, CAMARA);
        await modal.getByRole('button', { name: 'Pagar con tarjeta' }).click();
        await page.waitForURL((url) => url.pathname === SANDBOX_PAGE);
        await page.getByRole('link', { name: 'Cancelar' }).click();
        await page.waitForURL((url) => url.pathname === '/my-requests/vuf' && url.searchParams.get('canceled') === '1');
        await page.getByRole('heading', { name: 'Pago cancelado', level: 1 }).waitFor();
        await page.getByRole('link', { name: 'Ver la solicitud' }).waitFor();
        await shot(page, `cancelled-${label}`);
        await expectNoAxeViolations(page, `pago cancelado (${label})`);
        expect((await camaraCharge(page, id)).status).toBe('pendiente');

        // Approved.
        await page.getByRole('button', { name: 'Intentar de nuevo' }).click();
        await dialog(page, CAMARA).getByRole('button', { name: 'Pagar con tarjeta' }).click();
        await page.waitForURL((url) => url.pathname === SANDBOX_PAGE);
        await payOnSandboxPage(page, TEST_CARDS.approved);
        await page.waitForURL((url) => url.pathname === '/my-requests/vuf/azul_callback');
        const callback = page.url();
        await page.getByRole('heading', { name: 'Pago aprobado', level: 1 }).waitFor();
        expect(await page.getByText('RD$ 5,000.00').isVisible()).toBe(true);
        await page.getByText(/^Código de autorización:/).waitFor();
        await shot(page, `approved-${label}`);
        await expectNoAxeViolations(page, `pago aprobado (${label})`);
        const charge = await camaraCharge(page, id);
        expect(charge).toMatchObject({ status: 'pagado', method: 'pagina_de_pago' });
        expect(await confirmedNotes(page, id)).toBe(1);

        // «Ver la solicitud»: the charge is paid there.
        await page.getByRole('link', { name: 'Ver la solicitud' }).click();
        await page.waitForURL((url) => url.pathname === `/mis-solicitudes/${id}`);
        await page.getByRole('heading', { name: 'Pagos', exact: true }).waitFor();
        await expect.poll(() => page.getByText('Página de pago con tarjeta').first().isVisible()).toBe(true);

        // The approved address again (a reload, a replay): the same outcome, nothing recorded twice.
        await page.goto(callback);
        await page.getByRole('heading', { name: 'Pago aprobado', level: 1 }).waitFor();
        expect(await confirmedNotes(page, id)).toBe(1);
        await page.goto(`${suite.baseUrl}/mis-solicitudes/${id}`);
        await page.getByRole('heading', { name: 'Pagos', exact: true }).waitFor();
        await expect.poll(() => page.getByText('Pago confirmado', { exact: true }).count()).toBeGreaterThan(0);
        const shown = await page.getByText('Pago confirmado', { exact: true }).count();
        expect(shown).toBe(1);
      });
      await page.context().close();
    });
  }

  it('the return pages without a payment say so and lead to «Mis solicitudes»; a forged approval is refused', async () => {
    const page = await newPage(DESKTOP);
    await signInTo(page, suite.baseUrl, DEMO, '/mis-solicitudes');
    await snapshotOnFailure(page, async () => {
      await page.goto(`${suite.baseUrl}/my-requests/vuf`);
      await page.getByText('No hay un pago con tarjeta en curso.').waitFor();
      await page.getByRole('link', { name: 'Mis solicitudes' }).last().waitFor();
      const { id, code } = await submitFormalizationApi(page, suite.baseUrl);
      const forged = new URLSearchParams({ OrderNumber: code.replace(/-/g, ''), Amount: '500000', AuthorizationCode: 'FALSO', DateTime: '20260101000000', ResponseCode: 'ISO8583', IsoCode: '00', ResponseMessage: 'APROBADA', ErrorDescription: '', RRN: '1', AuthHash: 'a'.repeat(128) });
      await page.goto(`${suite.baseUrl}/my-requests/vuf/azul_callback?${forged.toString()}`);
      await page.getByRole('heading', { name: 'No pudimos confirmar el pago', level: 1 }).waitFor();
      await page.getByText('La respuesta del pago no es válida').waitFor();
      await shot(page, 'refused-1280');
      await expectNoAxeViolations(page, 'pago no confirmado (1280)');
      expect((await camaraCharge(page, id)).status).toBe('pendiente');
    });
    await page.context().close();
  });

  it('by keyboard only: the modal and the sandbox card page (Tab through the card fields, Enter on «Pagar»)', async () => {
    const { page, id } = await onNewRequest(DESKTOP);
    await snapshotOnFailure(page, async () => {
      await page.getByRole('button', { name: 'Pagar', exact: true }).focus();
      await page.keyboard.press('Enter');
      await dialog(page, 'Pagos de la solicitud').getByRole('region', { name: CAMARA }).waitFor();
      await tabTo(page, (f) => f.name === 'Pagar con tarjeta' && f.description.includes(CAMARA), { max: 15 });
      await page.keyboard.press('Enter');
      await dialog(page, CAMARA).getByRole('button', { name: 'Pagar con tarjeta' }).waitFor();
      await tabTo(page, (f) => f.name === 'Pagar con tarjeta' && f.dialog.includes(CAMARA), { max: 6 });
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === SANDBOX_PAGE);
      await page.getByLabel('Número de la tarjeta').waitFor();
      await tabTo(page, 'Número de la tarjeta', { max: 3 });
      await type(page, TEST_CARDS.approved);
      await tabTo(page, 'Vencimiento (MM/AA)');
      await type(page, '12/39');
      await tabTo(page, 'Código de seguridad (CVV)');
      await type(page, '123');
      await tabTo(page, 'Pagar');
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/my-requests/vuf/azul_callback');
      await page.getByRole('heading', { name: 'Pago aprobado', level: 1 }).waitFor();
      await tabTo(page, 'Ver la solicitud', { max: 40 });
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === `/mis-solicitudes/${id}`);
      expect((await camaraCharge(page, id)).status).toBe('pagado');

      // A bad card number on the sandbox page: the error is said and the number field takes the focus.
      const other = await submitFormalizationApi(page, suite.baseUrl);
      await page.goto(`${suite.baseUrl}/mis-solicitudes/${other.id}`);
      await openCamaraPayment(page).then((m) => m.getByRole('button', { name: 'Pagar con tarjeta' }).click());
      await page.waitForURL((url) => url.pathname === SANDBOX_PAGE);
      await page.getByLabel('Número de la tarjeta').waitFor();
      await tabTo(page, 'Número de la tarjeta', { max: 3 });
      await type(page, '42');
      await tabTo(page, 'Pagar', { max: 4 });
      await page.keyboard.press('Enter');
      await page.getByRole('alert').waitFor();
      await expectFocus(page, 'Número de la tarjeta');
    });
    await page.context().close();
  });
});
