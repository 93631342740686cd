/**
 * Price variations in Chromium against the real server (issue 13; spec §2
 * screen 5): from the request page, «Pagar» → the Cámara's «Elegir servicios
 * adicionales» → both variations, quantity 3: the total and the longest time
 * (2 días) live; letters in the quantity become 1 on leaving it; «Pagar»
 * saves the choice and opens the Cámara's payment with the new cost, and the
 * request page lists it. axe at 1280 and 390 px; the flow again by keyboard
 * only. And the extras bought (issue 24 §2.3): 2 × «Copia certificada» on
 * the Cámara's RD$ 5,000 show under the charge on the request page, in the
 * list of payments, in the receipt after paying it (by transfer), in the
 * timeline's «Pago confirmado» and in the officer's view of the request.
 * Screenshots in tests/.artifacts/payments-variations.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { expectNoAxeViolations, waitForStillPage } from '../support/axe';
import { expectFocus, tabTo, type, waitForFocusInDialog } from '../support/keyboard';
import { paymentViewApi, submitFormalizationApi } from '../support/payments';
import { DEMO, signInTo, snapshotOnFailure, staffSignInTo } from '../support/portal';
import { portalSuite } from '../support/portalSuite';
import { REPO_ROOT } from '../support/startPortal';
import { DESKTOP, PHONE } from '../support/viewports';

const SHOTS = path.join(REPO_ROOT, 'tests/.artifacts/payments-variations');
const CAMARA = 'Cámara de Comercio y Producción de Santo Domingo';
const COPY = 'Copia certificada del registro mercantil';
const STATUS = 'Certificación de estatus de la empresa';
const VUF_OFFICER = { email: 'oficial.vuf@sandbox.gob.do', password: 'Oficial-VUF-2026' };
const BASE_LINE = 'Registro mercantil RD$ 5,000.00';
const COPIES_LINE = `2 × ${COPY} RD$ 900.00`;
const BREAKDOWN = `${BASE_LINE} · ${COPIES_LINE}`;

const suite = portalSuite();

async function newPage(viewport: { width: number; height: number }): Promise<Page> {
  const page = await suite.page({ viewport });
  return page;
}

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await waitForStillPage(page);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

/** A signed-in page on the request page of a new formalization owing ONAPI, DGII and the Cámara. */
async function onNewRequest(viewport: { width: number; height: number }): Promise<{ page: Page; id: number }> {
  const page = await newPage(viewport);
  await signInTo(page, suite.baseUrl, DEMO, '/mis-solicitudes');
  const { id } = await submitFormalizationApi(page, suite.baseUrl);
  await page.goto(`${suite.baseUrl}/mis-solicitudes/${id}`);
  await page.getByRole('heading', { name: 'Pagos', exact: true }).waitFor();
  return { page, id };
}

/** The dialog named `name`. */
const dialog = (page: Page, name: string | RegExp): Locator => page.getByRole('dialog', { name });

/** From the request page, the variations of the Cámara's charge. */
async function openCamaraVariations(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Pagar', exact: true }).click();
  const payments = dialog(page, 'Pagos de la solicitud');
  await payments.getByRole('region', { name: CAMARA }).getByRole('button', { name: 'Elegir servicios adicionales' }).click();
  const variations = dialog(page, 'Variaciones de precio de la solicitud');
  await variations.getByRole('checkbox', { name: new RegExp(COPY) }).waitFor();
  return variations;
}

const camaraAmount = async (id: number, page: Page) => (await paymentViewApi(page, suite.baseUrl, id)).items.find((i) => i.agency === 'CCPSD')!.amount;

describe('price variations', () => {
  it('both Cámara variations × 3: RD$ 8,300.00 and 2 días; letters become 1; «Pagar» saves and opens the Cámara payment with the new cost', async () => {
    const { page, id } = await onNewRequest(DESKTOP);
    await snapshotOnFailure(page, async () => {
      const modal = await openCamaraVariations(page);
      await expect.poll(() => modal.getByText('Total: RD$ 5,000.00').isVisible()).toBe(true);
      expect(await modal.getByText(/Tiempo estimado/).count()).toBe(0);
      await shot(page, 'variations-1280-empty');
      await expectNoAxeViolations(page, 'variaciones de precio (1280)');

      await modal.getByRole('checkbox', { name: new RegExp(COPY) }).check();
      await expect.poll(() => modal.getByText('Total: RD$ 5,450.00').isVisible()).toBe(true);
      await expect.poll(() => modal.getByText('Tiempo estimado: 1 día').isVisible()).toBe(true);
      await modal.getByRole('checkbox', { name: new RegExp(STATUS) }).check();
      const quantity = modal.getByRole('textbox', { name: 'Cantidad' });
      await quantity.fill('3');
      await expect.poll(() => modal.getByText('Total: RD$ 8,300.00').isVisible()).toBe(true);
      await expect.poll(() => modal.getByText('Tiempo estimado: 2 días').isVisible()).toBe(true);
      await shot(page, 'variations-1280-chosen');

      // Letters are not a quantity: the box empties, and leaving it makes it 1 (spec §5).
      await quantity.fill('');
      await quantity.pressSequentially('abc');
      await modal.getByRole('checkbox', { name: new RegExp(COPY) }).focus();
      await expect.poll(() => quantity.inputValue()).toBe('1');
      await expect.poll(() => modal.getByText('Total: RD$ 6,100.00').isVisible()).toBe(true);
      await quantity.fill('3');
      await expect.poll(() => modal.getByText('Total: RD$ 8,300.00').isVisible()).toBe(true);

      await modal.getByRole('button', { name: 'Pagar' }).click();
      const camara = dialog(page, CAMARA);
      await camara.waitFor();
      await expect.poll(() => camaraAmount(id, page)).toBe(8300);
      await shot(page, 'camara-after-variations-1280');
      // The Cámara's modal shows the cost it will charge.
      await expect.poll(() => camara.getByText('RD$ 8,300.00').first().isVisible()).toBe(true);
      await page.keyboard.press('Escape');
      await camara.waitFor({ state: 'detached' });
      await expect.poll(() => page.getByRole('region', { name: 'Pagos' }).getByText('RD$ 8,300.00').first().isVisible()).toBe(true);

      // Opened again, the choice is there.
      const again = await openCamaraVariations(page);
      expect(await again.getByRole('checkbox', { name: new RegExp(COPY) }).isChecked()).toBe(true);
      expect(await again.getByRole('checkbox', { name: new RegExp(STATUS) }).isChecked()).toBe(true);
      expect(await again.getByRole('textbox', { name: 'Cantidad' }).inputValue()).toBe('3');
    });
    await page.context().close();
  });

  it('on a phone (390 px): axe and the look; an answer without data and a refusal are said', async () => {
    const { page, id } = await onNewRequest(PHONE);
    await snapshotOnFailure(page, async () => {
      const modal = await openCamaraVariations(page);
      await modal.getByRole('checkbox', { name: new RegExp(STATUS) }).check();
      await expect.poll(() => modal.getByText('Total: RD$ 5,650.00').isVisible()).toBe(true);
      await shot(page, 'variations-390');
      await expectNoAxeViolations(page, 'variaciones de precio (390)');

      // An answer without data (spec §8): 'Error al actualizar la variación', the choice kept, nothing saved.
      await page.route('**/v1/portals/request-variation-select', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{}' }));
      await modal.getByRole('button', { name: 'Pagar' }).click();
      await modal.getByRole('alert').getByText('Error al actualizar la variación').waitFor();
      expect(await modal.getByRole('checkbox', { name: new RegExp(STATUS) }).isChecked()).toBe(true);
      await shot(page, 'variations-390-error');
      await expectNoAxeViolations(page, 'variaciones de precio, error (390)');
      await page.unroute('**/v1/portals/request-variation-select');
      expect(await camaraAmount(id, page)).toBe(5000);
      // The server's refusal is shown as it says it.
      await page.route('**/v1/portals/request-variation-select', (route) =>
        route.fulfill({ status: 422, contentType: 'application/json', body: JSON.stringify({ message: 'El monto no coincide con los servicios elegidos' }) }));
      await modal.getByRole('button', { name: 'Pagar' }).click();
      await modal.getByRole('alert').getByText('El monto no coincide con los servicios elegidos').waitFor();
      await page.unroute('**/v1/portals/request-variation-select');
    });
    await page.context().close();
  });

  it('by keyboard only: Space on the checkboxes, the arrows in «Cantidad», Enter on «Pagar»', async () => {
    const { page, id } = await onNewRequest(DESKTOP);
    await snapshotOnFailure(page, async () => {
      await page.getByRole('button', { name: 'Pagar', exact: true }).focus();
      await page.keyboard.press('Enter');
      await dialog(page, 'Pagos de la solicitud').getByRole('region', { name: CAMARA }).waitFor();
      await tabTo(page, (f) => f.name === 'Elegir servicios adicionales' && f.description.includes(CAMARA), { max: 15 });
      await page.keyboard.press('Enter');
      await expectFocus(page, (f) => f.name.startsWith(COPY) && f.dialog === 'Variaciones de precio de la solicitud');
      await page.keyboard.press('Space');
      await tabTo(page, (f) => f.name.startsWith(STATUS));
      await page.keyboard.press('Space');
      await tabTo(page, 'Cantidad');
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('ArrowUp');
      const modal = dialog(page, 'Variaciones de precio de la solicitud');
      await expect.poll(() => modal.getByText('Total: RD$ 8,300.00').isVisible()).toBe(true);
      await page.keyboard.press('End');
      await page.keyboard.press('Backspace');
      await type(page, '2');
      await expect.poll(() => modal.getByText('Total: RD$ 7,200.00').isVisible()).toBe(true);
      await tabTo(page, 'Pagar');
      await page.keyboard.press('Enter');
      await dialog(page, CAMARA).waitFor();
      await expect.poll(() => camaraAmount(id, page)).toBe(7200);
    });
    await page.context().close();
  });
});

describe('the extras bought (issue 24 §2.3)', () => {
  /** The breakdown list under the Cámara's charge inside `scope`: the base and 2 × «Copia certificada». */
  async function expectBreakdown(scope: Locator): Promise<void> {
    const breakdown = scope.getByRole('list', { name: /Desglose de Registro mercantil|Servicios incluidos en el pago/ });
    await breakdown.getByRole('listitem').filter({ hasText: BASE_LINE }).waitFor();
    await breakdown.getByRole('listitem').filter({ hasText: COPIES_LINE }).filter({ hasText: 'RD$ 450.00 c/u' }).waitFor();
  }

  it('2 × Copia certificada: under the charge on the request page and the list, in the receipt, the timeline and the officer\'s view (1280 and 390 px)', async () => {
    const { page, id } = await onNewRequest(DESKTOP);
    await snapshotOnFailure(page, async () => {
      // The choice: «Copia certificada», quantity 2 → RD$ 5,900.00.
      const modal = await openCamaraVariations(page);
      await modal.getByRole('checkbox', { name: new RegExp(COPY) }).check();
      await modal.getByRole('textbox', { name: 'Cantidad' }).fill('2');
      await expect.poll(() => modal.getByText('Total: RD$ 5,900.00').isVisible()).toBe(true);
      await modal.getByRole('button', { name: 'Pagar' }).click();
      await dialog(page, CAMARA).waitFor();
      await expect.poll(() => camaraAmount(id, page)).toBe(5900);
      // Escape closes the dialog that has focus: wait until it moved in (on a loaded machine it lags behind the dialog).
      await waitForFocusInDialog(page);
      await page.keyboard.press('Escape');
      await dialog(page, CAMARA).waitFor({ state: 'detached' });

      // The request page: under «Registro mercantil (CCPSD): RD$ 5,900.00».
      const line = page.getByRole('region', { name: 'Pagos' }).getByRole('listitem').filter({ hasText: '(CCPSD)' }).first();
      await line.getByText('RD$ 5,900.00').waitFor();
      await expectBreakdown(line);
      await line.scrollIntoViewIfNeeded();
      await shot(page, 'extras-request-1280');

      // The list of payments, then paid by transfer: the receipt lists them.
      await page.getByRole('button', { name: 'Pagar', exact: true }).click();
      const camara = dialog(page, 'Pagos de la solicitud').getByRole('region', { name: CAMARA });
      await expectBreakdown(camara);
      await shot(page, 'extras-list-1280');
      await camara.getByRole('button', { name: 'Pagar por transferencia o depósito' }).click();
      const codeModal = dialog(page, 'Número de autorización');
      await codeModal.locator('#numero-autorizacion').waitFor();
      await expect.poll(() => codeModal.getByText('RD$ 5,900.00').first().isVisible()).toBe(true);
      const code = (await codeModal.locator('#numero-autorizacion').innerText()).trim();
      await codeModal.getByRole('switch', { name: 'Ya tengo mi código' }).check();
      await codeModal.getByRole('textbox', { name: /Código de autorización/ }).fill(code);
      await codeModal.getByRole('textbox', { name: /Número de aprobación del banco/ }).fill('654321');
      await codeModal.getByRole('button', { name: 'Pago realizado' }).click();
      const receipt = dialog(page, 'Pago realizado');
      await receipt.getByText('Su pago fue confirmado').waitFor();
      await expectBreakdown(receipt);
      await shot(page, 'extras-receipt-1280');
      await expectNoAxeViolations(page, 'recibo con servicios adicionales (1280)');
      // The receipt's own «Cerrar» (the dialog's corner button is named «Cerrar» too).
      await receipt.getByRole('button', { name: 'Cerrar' }).filter({ hasText: 'Cerrar' }).click();
      await receipt.waitFor({ state: 'detached' });

      // The history: «Pago confirmado» with what was bought.
      const history = page.getByRole('region', { name: 'Historial' });
      await history.getByText(`Registro mercantil (CCPSD): RD$ 5,900.00 (${BREAKDOWN}) · Transferencia o depósito bancario.`).waitFor();
      await line.getByText('Pagado', { exact: false }).first().waitFor();
      await expectBreakdown(line);

      // At 390 px the request page reads whole and passes axe.
      await page.setViewportSize(PHONE);
      await line.scrollIntoViewIfNeeded();
      await shot(page, 'extras-request-390');
      await expectNoAxeViolations(page, 'solicitud con servicios adicionales (390)');
    });
    await page.context().close();

    // The officer's view of the request (the VUF attends it).
    const officer = await newPage(DESKTOP);
    await snapshotOnFailure(officer, async () => {
      await staffSignInTo(officer, suite.baseUrl, VUF_OFFICER, `/institucion/solicitudes/${id}`);
      const line = officer.getByRole('region', { name: 'Pagos' }).getByRole('listitem').filter({ hasText: '(CCPSD)' }).first();
      await line.getByText('RD$ 5,900.00', { exact: false }).first().waitFor();
      await expectBreakdown(line);
      await line.scrollIntoViewIfNeeded();
      await shot(officer, 'extras-officer-1280');
      await expectNoAxeViolations(officer, 'oficina: solicitud con servicios adicionales (1280)');
      await officer.setViewportSize(PHONE);
      await line.scrollIntoViewIfNeeded();
      await shot(officer, 'extras-officer-390');
      await expectNoAxeViolations(officer, 'oficina: solicitud con servicios adicionales (390)');
    });
    await officer.context().close();
  });
});
