/**
 * A citizen pays ONAPI's charge of a formalization with a card, in Chromium
 * against the real server and the sandbox card processor (issue 13): the
 * request page's «Pagar» opens PAY_VUF_REQUEST_MODAL with the three agency
 * payments; ONAPI's «Pagar con tarjeta» opens the card form, where a declined
 * card and one without funds say 'Error al pagar la solicitud' with the
 * reason and keep the form; 4242… (double-clicked) pays once, thanks, then
 * PAY_VUF_SUCCESS_MODAL; the list and the page show it paid. axe on the
 * list, the card form (idle and refused) and the success modal at 1280 and
 * 390 px; the whole flow once more by keyboard only. Screenshots in
 * tests/.artifacts/payments-card.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoAxeViolations, waitForStillPage } from '../support/axe';
import { expectFocus, focused, tabTo } from '../support/keyboard';
import { paymentViewApi, submitFormalizationApi, TEST_CARDS } from '../support/payments';
import { DEMO, signInTo, snapshotOnFailure } from '../support/portal';
import { portalSuite } from '../support/portalSuite';
import { REPO_ROOT } from '../support/startPortal';
import { DESKTOP, PHONE } from '../support/viewports';

const SHOTS = path.join(REPO_ROOT, 'tests/.artifacts/payments-card');
const ONAPI = 'Oficina Nacional de la Propiedad Industrial (ONAPI)';
const LIST = 'Pagos de la solicitud';
const CARD = 'Pago del registro de nombre comercial (ONAPI)';
const SUCCESS = 'Pago realizado';
const PAY_BUTTON = 'Pagar RD$ 7,000.00';
const EXPIRY = '12/30';

const suite = portalSuite();

async function newPage(viewport: { width: number; height: number }): Promise<Page> {
  const page = await suite.page({ viewport });
  return page;
}

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await waitForStillPage(page);
  // The window, not the whole page: the modal is what is looked at (the request page below is thousands of pixels long).
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

/** Signs the demo citizen in, submits a formalization owing ONAPI, DGII and the Cámara, and opens its page. */
async function requestPage(page: Page): Promise<{ id: number; code: string }> {
  await signInTo(page, suite.baseUrl, DEMO, '/mis-solicitudes');
  const request = await submitFormalizationApi(page, suite.baseUrl);
  // «Mis solicitudes» → the request: its row says what is owed and has its own «Pagar».
  await page.reload();
  const row = page.getByRole('region', { name: 'Solicitudes enviadas' }).getByRole('listitem').filter({ hasText: request.code });
  await row.getByText('3 pagos pendientes: RD$ 17,000.00').waitFor();
  await row.getByRole('button', { name: `Pagar ${request.code}`, exact: false }).waitFor();
  await row.getByRole('link', { name: new RegExp(`^Ver ${request.code}`) }).click();
  await page.waitForURL(`**/mis-solicitudes/${request.id}`);
  await page.getByRole('region', { name: 'Pagos' }).waitFor();
  return request;
}

const count = async (sql: string, params: unknown[]) => (await suite.portal.app.db.query<{ n: number }>(sql, params)).rows[0].n;

/** The request's ONAPI charge as the page's citizen reads it. */
async function onapiItemOf(page: Page, id: number) {
  return (await paymentViewApi(page, suite.baseUrl, id)).items.find((i) => i.agency === 'ONAPI')!;
}

async function fillCard(dialog: ReturnType<Page['getByRole']>, card: string): Promise<void> {
  await dialog.getByRole('textbox', { name: 'Número de tarjeta' }).fill(card);
  await dialog.getByRole('textbox', { name: 'Vencimiento (MM/AA)' }).fill(EXPIRY);
  await dialog.getByRole('textbox', { name: 'Código de seguridad' }).fill('123');
}

/** Opens the list from the request page, then ONAPI's card form. */
async function openCardForm(page: Page) {
  await page.getByRole('region', { name: 'Pagos' }).getByRole('button', { name: 'Pagar', exact: true }).click();
  const list = page.getByRole('dialog', { name: LIST });
  await list.getByRole('region', { name: ONAPI }).waitFor();
  return list;
}

for (const [label, viewport] of [['1280', DESKTOP], ['390', PHONE]] as const) {
  describe(`ONAPI card payment at ${label} px`, () => {
    it('the list of three payments, two refused cards, then one payment with a double click; the page shows it paid', async () => {
      const page = await newPage(viewport);
      await snapshotOnFailure(page, async () => {
        const { id, code } = await requestPage(page);
        const payments = page.getByRole('region', { name: 'Pagos' });
        await payments.getByText('Total pendiente: RD$').waitFor();
        expect(await payments.getByText(/El pago en línea todavía no está disponible/).count()).toBe(0);

        // PAY_VUF_REQUEST_MODAL: the three agencies, their amounts, status and actions.
        const list = await openCardForm(page);
        await list.getByText(code).waitFor();
        for (const agency of [ONAPI, 'Dirección General de Impuestos Internos (DGII)', 'Cámara de Comercio y Producción de Santo Domingo']) {
          await expect(list.getByRole('region', { name: agency }).getByText('Pendiente').count()).resolves.toBe(1);
        }
        const onapi = list.getByRole('region', { name: ONAPI });
        await onapi.getByText('RD$ 7,000.00').waitFor();
        await list.getByRole('region', { name: 'Dirección General de Impuestos Internos (DGII)' }).getByRole('button', { name: 'Enviar comprobante de pago' }).waitFor();
        await list.getByRole('region', { name: 'Cámara de Comercio y Producción de Santo Domingo' }).getByRole('button', { name: 'Pagar con tarjeta' }).waitFor();
        await list.getByText(/^Total pendiente: RD\$/).waitFor();
        await expectNoAxeViolations(page, `PAY_VUF_REQUEST_MODAL ${label}`);
        await shot(page, `lista-${label}`);

        // The card form (screen 4).
        await onapi.getByRole('button', { name: 'Pagar con tarjeta' }).click();
        const card = page.getByRole('dialog', { name: CARD });
        await card.getByText(code).waitFor();
        await card.getByText('Costo: RD$ 7,000.00').waitFor();
        await expectNoAxeViolations(page, `PAY_VUF_ONAPI_REQUEST_MODAL ${label}`);
        await shot(page, `tarjeta-${label}`);
        // The rules before sending: required fields, Luhn, a past month.
        await card.getByRole('button', { name: PAY_BUTTON }).click();
        await expect(card.getByText('Requerido').count()).resolves.toBe(3);
        await card.getByRole('textbox', { name: 'Número de tarjeta' }).fill(TEST_CARDS.invalid);
        await expect(card.getByRole('textbox', { name: 'Número de tarjeta' }).inputValue()).resolves.toBe('4242 4242 4242 4241');
        await card.getByRole('textbox', { name: 'Vencimiento (MM/AA)' }).fill('0120');
        await expect(card.getByRole('textbox', { name: 'Vencimiento (MM/AA)' }).inputValue()).resolves.toBe('01/20');
        await card.getByRole('textbox', { name: 'Código de seguridad' }).fill('12a3');
        await expect(card.getByRole('textbox', { name: 'Código de seguridad' }).inputValue()).resolves.toBe('123');
        await card.getByRole('button', { name: PAY_BUTTON }).click();
        await card.getByText('El número de la tarjeta no es válido.').waitFor();
        await card.getByText('La fecha de vencimiento ya pasó o no es válida (MM/AA).').waitFor();
        await expect(count('SELECT count(*)::int AS n FROM payment_attempts pa JOIN request_items ri ON ri.id = pa.item_id WHERE ri.application_id = $1', [id])).resolves.toBe(0);
        await expectNoAxeViolations(page, `PAY_VUF_ONAPI_REQUEST_MODAL errores ${label}`);
        await shot(page, `tarjeta-errores-${label}`);

        // Declined, then insufficient funds: the message, the reason, the form again.
        for (const [number, reason] of [[TEST_CARDS.declined, 'El banco emisor rechazó la tarjeta.'], [TEST_CARDS.insufficientFunds, 'La tarjeta no tiene fondos suficientes.']] as const) {
          await fillCard(card, number);
          await card.getByRole('button', { name: PAY_BUTTON }).click();
          const alert = card.getByRole('alert').filter({ hasText: 'Error al pagar la solicitud' });
          await alert.getByText(reason).waitFor();
          await card.getByRole('textbox', { name: 'Número de tarjeta' }).waitFor();
          await expect(card.getByRole('button', { name: PAY_BUTTON }).isEnabled()).resolves.toBe(true);
        }
        await expectNoAxeViolations(page, `PAY_VUF_ONAPI_REQUEST_MODAL rechazada ${label}`);
        await shot(page, `tarjeta-rechazada-${label}`);

        // Approved, double-clicked: thanks, then the success modal; one charge.
        await fillCard(card, TEST_CARDS.approved);
        await card.getByRole('button', { name: PAY_BUTTON }).dblclick();
        await card.getByText('¡Gracias! Su pago fue realizado.').waitFor();
        await card.getByText('VISA terminada en 4242').waitFor();
        const success = page.getByRole('dialog', { name: SUCCESS });
        await success.getByText('Le quedan 2 pagos pendientes').waitFor();
        await success.getByText(ONAPI).waitFor();
        await success.getByText(/VISA terminada en 4242/).waitFor();
        await success.getByText('RD$ 7,000.00').waitFor();
        await expectNoAxeViolations(page, `PAY_VUF_SUCCESS_MODAL ${label}`);
        await shot(page, `pago-realizado-${label}`);
        const item = await onapiItemOf(page, id);
        expect(item.status).toBe('pagado');
        await expect(count("SELECT count(*)::int AS n FROM payment_attempts WHERE item_id = $1 AND status = 'aprobado'", [item.id])).resolves.toBe(1);
        await expect(count("SELECT count(*)::int AS n FROM request_actions WHERE application_id = $1 AND event = 'pago_confirmado'", [id])).resolves.toBe(1);

        // «Seguir pagando»: the list shows ONAPI paid, without its pay action.
        await success.getByRole('button', { name: 'Seguir pagando' }).click();
        const again = page.getByRole('dialog', { name: LIST });
        const paidOnapi = again.getByRole('region', { name: ONAPI });
        await paidOnapi.getByText('Pagado', { exact: true }).waitFor();
        await paidOnapi.getByText(/Tarjeta de crédito o débito: VISA terminada en 4242/).waitFor();
        await expect(paidOnapi.getByRole('button').count()).resolves.toBe(0);
        await page.keyboard.press('Escape');
        await again.waitFor({ state: 'detached' });

        // The request page: the timeline and the payments section.
        await page.getByRole('region', { name: 'Historial' }).getByText('Pago confirmado').waitFor();
        await payments.getByText(/Pagado · pagado con Tarjeta de crédito o débito \(VISA terminada en 4242\)/).waitFor();
        await payments.getByRole('button', { name: 'Pagar', exact: true }).waitFor();
        await shot(page, `solicitud-${label}`);
      });
    });
  });
}

describe('ONAPI card payment by keyboard only', () => {
  it('Tab to «Pagar», Enter, Tab to ONAPI, the card typed, Enter, «Cerrar» on the success modal', async () => {
    const page = await newPage(DESKTOP);
    await snapshotOnFailure(page, async () => {
      const { id } = await requestPage(page);
      const pay = page.getByRole('region', { name: 'Pagos' }).getByRole('button', { name: 'Pagar', exact: true });
      await pay.focus();
      await page.keyboard.press('Shift+Tab');
      await tabTo(page, 'Pagar', { max: 2 });
      await page.keyboard.press('Enter');
      await page.getByRole('dialog', { name: LIST }).getByRole('region', { name: ONAPI }).waitFor();
      await tabTo(page, (f) => f.name === 'Pagar con tarjeta' && f.description.includes('ONAPI'), { max: 6 });
      await page.keyboard.press('Enter');
      const card = page.getByRole('dialog', { name: CARD });
      await card.getByText('Costo: RD$ 7,000.00').waitFor();
      await tabTo(page, 'Número de tarjeta', { max: 4 });
      await page.keyboard.type(TEST_CARDS.approved);
      await tabTo(page, 'Vencimiento (MM/AA)', { max: 1 });
      await page.keyboard.type('1230');
      await tabTo(page, 'Código de seguridad', { max: 1 });
      await page.keyboard.type('123');
      await expect(card.getByRole('textbox', { name: 'Número de tarjeta' }).inputValue()).resolves.toBe('4242 4242 4242 4242');
      await page.keyboard.press('Enter');
      const success = page.getByRole('dialog', { name: SUCCESS });
      await success.getByText('Le quedan 2 pagos pendientes').waitFor();
      await expectFocus(page, 'Su pago fue confirmado');
      await tabTo(page, 'Cerrar', { max: 4 });
      await page.keyboard.press('Enter');
      await success.waitFor({ state: 'detached' });
      expect((await focused(page)).dialog).toBe('');
      expect((await onapiItemOf(page, id)).status).toBe('pagado');
    });
  });
});

describe('PAY_REQUEST_MODAL: another service\'s fee', () => {
  it('lists the PGR charge with transfer, deposit receipt and extras; each opens its modal (axe at 1280 and 390 px)', async () => {
    // A request the demo citizen submitted to the PGR, with its fee (the submit itself is covered by onlineServices.test.ts).
    const citizen = (await suite.portal.app.db.query<{ id: number }>('SELECT id FROM citizens WHERE cedula = $1', [DEMO.cedula])).rows[0].id;
    const id = (await suite.portal.app.db.query<{ id: number }>("INSERT INTO applications (citizen_id, form, data) VALUES ($1, 'certificado-no-antecedentes', '{}') RETURNING id", [citizen])).rows[0].id;
    const code = `SOL-2026-${String(800000 + id)}`;
    await suite.portal.app.db.query("UPDATE applications SET status = 'enviada', request_code = $2, institution = 'PGR', submitted_at = now() WHERE id = $1", [id, code]);
    await suite.portal.app.db.query("INSERT INTO request_items (application_id, agency, concept, amount) VALUES ($1, 'PGR', 'Certificado de no antecedentes penales', 500)", [id]);
    for (const [label, viewport] of [['1280', DESKTOP], ['390', PHONE]] as const) {
      const page = await newPage(viewport);
      await snapshotOnFailure(page, async () => {
        // From the row of «Mis solicitudes» this time.
        await signInTo(page, suite.baseUrl, DEMO, '/mis-solicitudes');
        await page.getByRole('region', { name: 'Solicitudes enviadas' }).getByRole('listitem').filter({ hasText: code }).getByRole('button', { name: new RegExp(`^Pagar ${code}`) }).click();
        const list = page.getByRole('dialog', { name: 'Pagar la solicitud' });
        const charge = list.getByRole('region', { name: 'PGR' });
        await charge.getByText('RD$ 500.00').waitFor();
        await charge.getByText('Pendiente').waitFor();
        await list.getByText(code).waitFor();
        await list.getByText('Total pendiente: RD$ 500.00').waitFor();
        await expect(charge.getByRole('button').allInnerTexts()).resolves.toEqual(
          expect.arrayContaining(['Pagar por transferencia o depósito', 'Subir comprobante de depósito']),
        );
        await expectNoAxeViolations(page, `PAY_REQUEST_MODAL ${label}`);
        await shot(page, `lista-servicio-${label}`);
        await charge.getByRole('button', { name: 'Pagar por transferencia o depósito' }).click();
        await page.getByRole('dialog', { name: 'Número de autorización' }).waitFor();
        // That modal is another part's (it may generate a number as it opens): start again from the page.
        await page.goto(`${suite.baseUrl}/mis-solicitudes/${id}`);
        await page.getByRole('region', { name: 'Pagos' }).getByRole('button', { name: 'Pagar', exact: true }).click();
        await page.getByRole('dialog', { name: 'Pagar la solicitud' }).getByRole('region', { name: 'PGR' }).getByRole('button', { name: 'Subir comprobante de depósito' }).click();
        await page.getByRole('dialog', { name: 'Subir el comprobante de pago' }).waitFor();
      });
      await page.context().close();
    }
  });
});
