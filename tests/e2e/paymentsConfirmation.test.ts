/**
 * The formalization's confirmation page leads to paying (issue 24 §2.2), in
 * Chromium against the real server: after submitting, «¿Qué sigue?» (pay, the
 * VUF reviews, notifications and e-mail), the three charges with their status,
 * amount and the total owed, and «Pagar lo pendiente», which opens the one list
 * of every charge with its ways to pay. ONAPI paid by card in the sandbox
 * (4242 4242 4242 4242): «Seguir pagando» brings the list back with ONAPI
 * «Pagado», and the confirmation page's table and total follow. The other two
 * paid by transfer from the same list: «No tiene pagos pendientes». axe at 1280
 * and 390 px; the way there by keyboard. Screenshots in
 * tests/.artifacts/payments-confirmation.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { expectNoAxeViolations, waitForStillPage } from '../support/axe';
import { expectFocus, tabTo } from '../support/keyboard';
import { PAYMENTS_LIST as LIST, TEST_CARDS, payByTransfer, paymentViewApi, submitFormalizationApi } from '../support/payments';
import { DEMO, signInTo, snapshotOnFailure } from '../support/portal';
import { portalSuite } from '../support/portalSuite';
import { REPO_ROOT } from '../support/startPortal';
import { DESKTOP, PHONE } from '../support/viewports';
import { boxesOf, holdResponsesUntilReleased, layoutShiftTotal, watchLayoutShifts } from '../support/layoutShifts';

const SHOTS = path.join(REPO_ROOT, 'tests/.artifacts/payments-confirmation');
const ONAPI = 'Oficina Nacional de la Propiedad Industrial (ONAPI)';
const DGII = 'Dirección General de Impuestos Internos (DGII)';
const CAMARA = 'Cámara de Comercio y Producción de Santo Domingo';
const PAY_ALL = 'Pagar lo pendiente';

const suite = portalSuite();

/** A screenshot: the whole page, or (with a dialog open) what the window shows. */
async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await waitForStillPage(page);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage });
}

const dialog = (page: Page, name: string | RegExp): Locator => page.getByRole('dialog', { name });
const charges = (page: Page): Locator => page.getByRole('region', { name: 'Pagos pendientes' });
const row = (page: Page, agency: string): Locator => charges(page).getByRole('row').filter({ hasText: agency });

/** A signed-in page on the confirmation page of a formalization just submitted (ONAPI RD$ 7,000, DGII, Cámara RD$ 5,000). */
async function onConfirmation(viewport: { width: number; height: number }): Promise<{ page: Page; id: number }> {
  const page = await suite.page({ viewport });
  await signInTo(page, suite.baseUrl, DEMO, '/mis-solicitudes');
  const { id } = await submitFormalizationApi(page, suite.baseUrl);
  await page.goto(`${suite.baseUrl}/formalizacion/${id}/confirmacion`);
  await page.getByTestId('codigo-solicitud').waitFor();
  await row(page, 'ONAPI').waitFor();
  return { page, id };
}

describe('the confirmation page leads to paying', () => {
  it('«¿Qué sigue?», the charges and «Pagar lo pendiente»; ONAPI by card: the list and the page update; the rest by transfer: nothing owed (1280 px)', async () => {
    const { page, id } = await onConfirmation(DESKTOP);
    await snapshotOnFailure(page, async () => {
      const next = page.getByRole('region', { name: '¿Qué sigue?' });
      await next.getByText(/Pagar lo pendiente/).waitFor();
      await next.getByText(/Ventanilla Única de Formalización \(VUF\)/).waitFor();
      await next.getByText(/notificaciones y por correo electrónico/).waitFor();
      const view = await paymentViewApi(page, suite.baseUrl, id);
      const total = view.items.reduce((s, i) => s + i.amount, 0);
      const pesos = (n: number) => `RD$ ${new Intl.NumberFormat('es-DO', { minimumFractionDigits: 2 }).format(n)}`;
      await row(page, 'ONAPI').filter({ hasText: 'RD$ 7,000.00' }).filter({ hasText: 'Pendiente' }).waitFor();
      await row(page, 'Cámara de Comercio').filter({ hasText: 'RD$ 5,000.00' }).waitFor();
      // The DGII's own way to pay is said on its charge.
      await row(page, 'DGII').filter({ hasText: 'También puede pagarlo con su comprobante de pago de la DGII.' }).waitFor();
      expect(await row(page, 'ONAPI').filter({ hasText: 'comprobante de pago de la DGII' }).count()).toBe(0);
      await row(page, 'Total pendiente').filter({ hasText: pesos(total) }).waitFor();
      await charges(page).getByText(`Le quedan 3 pagos pendientes: ${pesos(total)}.`).waitFor();
      await shot(page, 'confirmation-1280');
      await expectNoAxeViolations(page, 'confirmación con pagos (1280)');

      // «Pagar lo pendiente»: every charge with its ways to pay, in one list.
      await charges(page).getByRole('button', { name: PAY_ALL }).click();
      const list = dialog(page, LIST);
      for (const agency of [ONAPI, DGII, CAMARA]) await list.getByRole('region', { name: agency }).getByRole('button', { name: 'Pagar por transferencia o depósito' }).waitFor();
      await shot(page, 'confirmation-list-1280', false);
      await expectNoAxeViolations(page, 'lista de pagos desde la confirmación (1280)');

      // ONAPI by card in the sandbox.
      await list.getByRole('region', { name: ONAPI }).getByRole('button', { name: 'Pagar con tarjeta' }).click();
      const card = dialog(page, 'Pago del registro de nombre comercial (ONAPI)');
      await card.getByRole('textbox', { name: 'Número de tarjeta' }).fill(TEST_CARDS.approved);
      await card.getByRole('textbox', { name: 'Vencimiento (MM/AA)' }).fill('12/30');
      await card.getByRole('textbox', { name: 'Código de seguridad' }).fill('123');
      await card.getByRole('button', { name: 'Pagar RD$ 7,000.00' }).click();
      const success = dialog(page, 'Pago realizado');
      await success.getByText('Le quedan 2 pagos pendientes').waitFor();
      await shot(page, 'confirmation-onapi-paid-1280', false);
      // «Seguir pagando»: the same list, ONAPI paid, the total down by RD$ 7,000.
      await success.getByRole('button', { name: 'Seguir pagando' }).click();
      await list.getByRole('region', { name: ONAPI }).getByText('Pagado', { exact: true }).waitFor();
      expect(await list.getByRole('region', { name: ONAPI }).getByRole('button').count()).toBe(0);
      await list.getByText(`Total pendiente: ${pesos(total - 7000)}`).waitFor();
      await shot(page, 'confirmation-list-after-onapi-1280', false);

      // Behind the dialog, the confirmation page followed.
      await page.keyboard.press('Escape');
      await list.waitFor({ state: 'detached' });
      await row(page, 'ONAPI').filter({ hasText: 'Pagado' }).waitFor();
      await row(page, 'Total pendiente').filter({ hasText: pesos(total - 7000) }).waitFor();
      await charges(page).getByText(`Le quedan 2 pagos pendientes: ${pesos(total - 7000)}.`).waitFor();
      await shot(page, 'confirmation-after-onapi-1280');

      // The other two from the same list, by transfer; then nothing is owed.
      await charges(page).getByRole('button', { name: PAY_ALL }).click();
      await payByTransfer(page, DGII);
      await dialog(page, 'Pago realizado').getByText('Le queda 1 pago pendiente').waitFor();
      await dialog(page, 'Pago realizado').getByRole('button', { name: 'Seguir pagando' }).click();
      await payByTransfer(page, CAMARA);
      const done = dialog(page, 'Pago realizado');
      await done.getByText('Todos los pagos están completos: su solicitud pasa a revisión').waitFor();
      expect(await done.getByRole('button', { name: 'Seguir pagando' }).count()).toBe(0);
      // The receipt's own «Cerrar» (the dialog's corner button is named «Cerrar» too).
      await done.getByRole('button', { name: 'Cerrar' }).filter({ hasText: 'Cerrar' }).click();
      await done.waitFor({ state: 'detached' });
      await charges(page).getByText('No tiene pagos pendientes.').waitFor();
      await row(page, 'Total pendiente').filter({ hasText: 'RD$ 0.00' }).waitFor();
      expect(await charges(page).getByRole('button', { name: PAY_ALL }).count()).toBe(0);
      expect(await charges(page).getByRole('row').filter({ hasText: 'Pendiente' }).filter({ hasNotText: 'Total' }).count()).toBe(0);
      await shot(page, 'confirmation-all-paid-1280');
      await expectNoAxeViolations(page, 'confirmación sin pagos pendientes (1280)');
      expect((await paymentViewApi(page, suite.baseUrl, id)).items.every((i) => i.status === 'pagado')).toBe(true);
    });
    await page.context().close();
  });

  it('at 390 px, the request answering after the page is drawn: «¿Qué sigue?» shows without it, and nothing moves when the charges arrive below', async () => {
    const page = await suite.page({ viewport: PHONE });
    await snapshotOnFailure(page, async () => {
      await signInTo(page, suite.baseUrl, DEMO, '/mis-solicitudes');
      const { id } = await submitFormalizationApi(page, suite.baseUrl);
      await watchLayoutShifts(page);
      // The request (not the application) answers only once what shows without it has been checked.
      const release = await holdResponsesUntilReleased(page, new RegExp(`/v1/portals/requests/${id}$`));
      await page.goto(`${suite.baseUrl}/formalizacion/${id}/confirmacion`);
      await page.getByTestId('codigo-solicitud').waitFor();
      const next = page.getByRole('region', { name: '¿Qué sigue?' });
      await next.getByText(/con un número de autorización\.$/).waitFor();
      await page.locator('[data-drawn-before-code]').waitFor({ state: 'detached' });
      expect(await page.getByRole('progressbar', { name: 'Cargando' }).count()).toBe(1);
      expect(await charges(page).count()).toBe(0);
      const before = await boxesOf(page, ['[data-testid="codigo-solicitud"]', 'section[aria-labelledby="que-sigue"]']);
      release();
      await row(page, 'ONAPI').waitFor();
      await waitForStillPage(page);
      expect(await boxesOf(page, ['[data-testid="codigo-solicitud"]', 'section[aria-labelledby="que-sigue"]'])).toEqual(before);
      const shifts = await layoutShiftTotal(page);
      expect(shifts.total, shifts.detail).toBeLessThan(0.01);
    });
  });

  it('at 390 and 1280 px, the code and «¿Qué sigue?» show before the page\'s code, inert, where the page then draws them', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const page = await suite.page({ viewport });
      await snapshotOnFailure(page, async () => {
        await signInTo(page, suite.baseUrl, DEMO, '/mis-solicitudes');
        const { id } = await submitFormalizationApi(page, suite.baseUrl);
        await watchLayoutShifts(page);
        // The page's code is held until what shows before it has been checked (a slow phone network); the application and its request, asked for with the first bundle, before it.
        // «¿Qué sigue?» is the same for every formalization: drawn from the application alone (the request answers once the frame has been checked).
        const releaseRequest = await holdResponsesUntilReleased(page, new RegExp(`/v1/portals/requests/${id}$`));
        const release = await holdResponsesUntilReleased(page, /\/assets\/ConfirmationPage-[\w-]+\.js$/);
        await page.goto(`${suite.baseUrl}/formalizacion/${id}/confirmacion`);
        const frame = page.locator('[data-drawn-before-code]');
        await frame.locator('section[aria-labelledby="que-sigue"]').getByText(/con un número de autorización\.$/).waitFor();
        const code = await frame.getByTestId('codigo-solicitud').textContent();
        expect(code).toMatch(/^VUF-/);
        expect(await page.getByRole('progressbar', { name: 'Cargando' }).count()).toBe(1);
        expect(await frame.evaluate((el) => el.hasAttribute('inert') && el.getAttribute('aria-hidden') === 'true')).toBe(true);
        await expectNoAxeViolations(page, `la confirmación antes del código de su página (${viewport.width} px)`, { still: false });
        mkdirSync(SHOTS, { recursive: true });
        await page.screenshot({ path: path.join(SHOTS, `confirmacion-antes-del-codigo-${viewport.width}.png`) });
        const boxes = () => boxesOf(page, ['[data-testid="codigo-solicitud"]', 'section[aria-labelledby="que-sigue"]']);
        const before = await boxes();
        releaseRequest();
        release();

        // The page takes the frame's place: the same boxes, nothing moved, then the charges and «Pagar lo pendiente» below.
        await page.waitForFunction(() => document.querySelector('[data-drawn-before-code]') === null, undefined, { timeout: 20_000 });
        await row(page, 'ONAPI').waitFor();
        await waitForStillPage(page);
        expect(await boxes()).toEqual(before);
        expect(await page.getByTestId('codigo-solicitud').textContent()).toBe(code);
        await charges(page).getByRole('button', { name: PAY_ALL }).focus();
        await expectFocus(page, PAY_ALL);
        const shifts = await layoutShiftTotal(page);
        expect(shifts.total, shifts.detail).toBeLessThan(0.01);
      });
      await page.close();
    }
  });

  it('at 390 px: the page and the list pass axe and read whole; by keyboard, «Pagar lo pendiente» opens the list', async () => {
    const { page } = await onConfirmation(PHONE);
    await snapshotOnFailure(page, async () => {
      await shot(page, 'confirmation-390');
      await expectNoAxeViolations(page, 'confirmación con pagos (390)');
      // Nothing wider than the phone: no sideways scrolling.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

      await charges(page).getByRole('button', { name: PAY_ALL }).focus();
      await page.keyboard.press('Enter');
      const list = dialog(page, LIST);
      await list.getByRole('region', { name: ONAPI }).waitFor();
      await tabTo(page, (f) => f.name === 'Pagar con tarjeta' && f.description.includes('ONAPI'), { max: 6 });
      await shot(page, 'confirmation-list-390', false);
      await expectNoAxeViolations(page, 'lista de pagos desde la confirmación (390)');
      await page.keyboard.press('Enter');
      await expectFocus(page, (f) => f.dialog === 'Pago del registro de nombre comercial (ONAPI)');
    });
    await page.context().close();
  });
});
