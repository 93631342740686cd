/**
 * Paying by bank transfer or deposit with the portal's authorization number,
 * in Chromium against the real server (issue 13; spec §2 screen 1, §4, §5):
 * a criminal-record certificate request (PGR, RD$ 200) → «Pagar» →
 * «Pagar por transferencia o depósito»: the 11-digit number, «Copiar», the
 * PDF slip, the print stylesheet (only the slip prints), a new number; «Ya
 * tengo mi código» shows the code box (letters dropped, 12th digit cut,
 * 10 digits 'Código inválido') and «Pago realizado» is enabled only with 11
 * digits; the sandbox bank refuses an approval starting with 000 and accepts
 * 123456: the charge is «Pagado». axe at 1280 and 390 px (toggle off and on);
 * the payment again by keyboard only. And a formalization's charge (the
 * Cámara de Comercio) paid the same way (issue 24 §2.1): each of its three
 * charges offers «Pagar por transferencia o depósito» beside its agency's own
 * way, and the sandbox bank's confirmation leaves the charge «Pagado».
 * Screenshots in tests/.artifacts/payments-code.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { expectNoAxeViolations, waitForStillPage } from '../support/axe';
import { expectFocus, tabTo, type } from '../support/keyboard';
import { paymentViewApi, submitFormalizationApi } from '../support/payments';
import { DEMO, signInTo, snapshotOnFailure, type Data } from '../support/portal';
import { portalSuite } from '../support/portalSuite';
import { REPO_ROOT } from '../support/startPortal';
import { DESKTOP, PHONE } from '../support/viewports';

const SHOTS = path.join(REPO_ROOT, 'tests/.artifacts/payments-code');
const FORM = 'certificado-no-antecedentes';
const REFUSED = 'El banco no registra un pago con ese número de aprobación.';
const ONAPI = 'Oficina Nacional de la Propiedad Industrial (ONAPI)';
const DGII = 'Dirección General de Impuestos Internos (DGII)';
const CAMARA = 'Cámara de Comercio y Producción de Santo Domingo';
const TRANSFER = 'Pagar por transferencia o depósito';

const suite = portalSuite();

async function newPage(viewport: { width: number; height: number }): Promise<Page> {
  const page = await suite.page({ viewport, acceptDownloads: true });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.baseUrl });
  return page;
}

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await waitForStillPage(page);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

/** The demo citizen's new criminal-record certificate request, submitted through the API: its id. */
async function submitCertificate(page: Page): Promise<number> {
  const api = `${suite.baseUrl}/v1/portals/solicitudes-en-linea/${FORM}`;
  const { data } = JSON.parse(readFileSync(path.join(REPO_ROOT, 'schemas', FORM, 'fixtures/valid/empleo-uso-nacional.json'), 'utf8')) as { data: Data };
  const created = await page.request.post(api, { data: { data } });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { data: { id: number } }).data.id;
  const sent = await page.request.post(`${api}/${id}/submit`);
  expect(sent.status(), await sent.text()).toBe(200);
  return id;
}

/** A signed-in page on the request page of a new certificate request owing PGR. */
async function onNewRequest(viewport: { width: number; height: number }): Promise<{ page: Page; id: number }> {
  const page = await newPage(viewport);
  await signInTo(page, suite.baseUrl, DEMO, '/mis-solicitudes');
  const id = await submitCertificate(page);
  await page.goto(`${suite.baseUrl}/mis-solicitudes/${id}`);
  await page.getByRole('heading', { name: 'Pagos', exact: true }).waitFor();
  return { page, id };
}

/** From the request page, «Pagar» → «Pagar por transferencia o depósito»: the authorization number's dialog, loaded. */
async function openCodeModal(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Pagar', exact: true }).click();
  const payments = page.getByRole('dialog', { name: /Pag(ar|os de) la solicitud/ });
  await payments.getByRole('button', { name: 'Pagar por transferencia o depósito' }).click();
  const modal = page.getByRole('dialog', { name: 'Número de autorización' });
  await modal.locator('#numero-autorizacion').waitFor();
  return modal;
}

const shownCode = async (modal: Locator) => (await modal.locator('#numero-autorizacion').innerText()).trim();
const pgrStatus = async (page: Page, id: number) => (await paymentViewApi(page, suite.baseUrl, id)).items[0].status;

describe('transfer or deposit with the authorization number', () => {
  it('number, copy, PDF, print, new number; the code box after the toggle; the bank refuses then confirms: «Pagado» (1280 px)', async () => {
    const { page, id } = await onNewRequest(DESKTOP);
    await snapshotOnFailure(page, async () => {
      const modal = await openCodeModal(page);
      const first = await shownCode(modal);
      expect(first).toMatch(/^\d{11}$/);
      const fromApi = await page.request.get(`${suite.baseUrl}/v1/portals/requests/${id}/payment-code?item_id=${(await paymentViewApi(page, suite.baseUrl, id)).items[0].id}`);
      expect(((await fromApi.json()) as { data: { code: string } }).data.code).toBe(first);
      await expect.poll(() => modal.getByText('RD$ 200.00').isVisible()).toBe(true);
      expect(await modal.getByRole('textbox', { name: /Código de autorización/ }).count()).toBe(0);
      const pay = modal.getByRole('button', { name: 'Pago realizado' });
      expect(await pay.isDisabled()).toBe(true);
      await shot(page, 'code-1280-off');
      await expectNoAxeViolations(page, 'número de autorización (1280, sin código)');

      // «Copiar»: the number in the clipboard, «Copiado» said.
      await modal.getByRole('button', { name: 'Copiar' }).click();
      await expect.poll(() => modal.getByRole('button', { name: 'Copiado' }).isVisible()).toBe(true);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);

      // «Descargar PDF»: a real PDF from the server.
      const [download] = await Promise.all([page.waitForEvent('download'), modal.getByRole('link', { name: 'Descargar PDF' }).click()]);
      expect(download.suggestedFilename()).toBe(`comprobante-de-pago-${first}.pdf`);
      // The browser is the run's shared one (connected, not launched here): read the file as a stream.
      const chunks: Buffer[] = [];
      for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).subarray(0, 5).toString('latin1')).toBe('%PDF-');

      // «Imprimir» prints; in print, only the slip shows (not the page, not the dialog).
      await page.evaluate(() => {
        const w = window as unknown as { printed: number };
        w.printed = 0;
        window.print = () => {
          w.printed += 1;
        };
      });
      await modal.getByRole('button', { name: 'Imprimir' }).click();
      expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
      await page.emulateMedia({ media: 'print' });
      const printCopy = page.locator('[data-payment-slip-print]');
      expect(await printCopy.isVisible()).toBe(true);
      expect(await printCopy.innerText()).toContain(first);
      expect(await printCopy.innerText()).toContain('Volante de pago');
      expect(await modal.isVisible()).toBe(false);
      expect(await page.locator('#root').isVisible()).toBe(false);
      await shot(page, 'code-1280-print');
      await page.emulateMedia({ media: 'screen' });
      expect(await printCopy.isVisible()).toBe(false);
      expect(await modal.isVisible()).toBe(true);

      // A new number: the question first, then a different number.
      await modal.getByRole('button', { name: 'Generar un nuevo código' }).click();
      await expect.poll(() => modal.getByText(/El número actual dejará de servir/).isVisible()).toBe(true);
      await shot(page, 'code-1280-new-question');
      await modal.getByRole('button', { name: 'Sí, generar uno nuevo' }).click();
      await expect.poll(() => shownCode(modal)).not.toBe(first);
      const code = await shownCode(modal);
      expect(code).toMatch(/^\d{11}$/);

      // «Ya tengo mi código»: the code box (digits only, 11 at most).
      await modal.getByRole('switch', { name: 'Ya tengo mi código' }).check();
      const box = modal.getByRole('textbox', { name: /Código de autorización/ });
      const approval = modal.getByRole('textbox', { name: /Número de aprobación del banco/ });
      await box.pressSequentially('12345abc67890');
      expect(await box.inputValue()).toBe('1234567890');
      await approval.focus();
      await expect.poll(() => modal.getByText('Código inválido').isVisible()).toBe(true);
      expect(await pay.isDisabled()).toBe(true);
      await shot(page, 'code-1280-invalid');
      await box.focus();
      await page.keyboard.press('End');
      await page.keyboard.type('12');
      expect(await box.inputValue()).toBe('12345678901');
      expect(await pay.isEnabled()).toBe(true);
      await box.fill(`${code}9`);
      expect(await box.inputValue()).toBe(code);
      await expect.poll(() => modal.getByText('Código inválido').count()).toBe(0);
      await shot(page, 'code-1280-on');
      await expectNoAxeViolations(page, 'número de autorización (1280, con código)');

      // The bank refuses: its message, nothing paid.
      await approval.fill('000999');
      await pay.click();
      await expect.poll(() => modal.getByRole('alert').filter({ hasText: REFUSED }).isVisible()).toBe(true);
      expect(await pgrStatus(page, id)).toBe('pendiente');
      await shot(page, 'code-1280-refused');

      // The bank confirms: thanks, then the success dialog; the charge is paid.
      await approval.fill('123456');
      await pay.click();
      await expect.poll(() => modal.getByText(/Pago confirmado/).isVisible()).toBe(true);
      await shot(page, 'code-1280-paid');
      await page.getByRole('dialog', { name: 'Pago realizado' }).waitFor();
      expect(await pgrStatus(page, id)).toBe('pagado');
      // Escape once the dialog has taken focus, as a person sees it open and then presses the key.
      await expectFocus(page, (f) => f.dialog === 'Pago realizado');
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await expect.poll(() => page.getByRole('region', { name: 'Pagos' }).getByText('Pagado').first().isVisible()).toBe(true);
      await shot(page, 'request-1280-paid');
    });
    await page.context().close();
  });

  it('at 390 px: axe with the toggle off and on', async () => {
    const { page } = await onNewRequest(PHONE);
    await snapshotOnFailure(page, async () => {
      const modal = await openCodeModal(page);
      await shot(page, 'code-390-off');
      await expectNoAxeViolations(page, 'número de autorización (390, sin código)');
      await modal.getByRole('switch', { name: 'Ya tengo mi código' }).check();
      await modal.getByRole('textbox', { name: /Código de autorización/ }).pressSequentially('123');
      await modal.getByRole('textbox', { name: /Número de aprobación del banco/ }).focus();
      await expect.poll(() => modal.getByText('Código inválido').isVisible()).toBe(true);
      await modal.getByRole('textbox', { name: /Código de autorización/ }).scrollIntoViewIfNeeded();
      await shot(page, 'code-390-on');
      await expectNoAxeViolations(page, 'número de autorización (390, con código)');
      await page.emulateMedia({ media: 'print' });
      await shot(page, 'code-390-print');
      await page.emulateMedia({ media: 'screen' });
    });
    await page.context().close();
  });

  it('by keyboard only: Space on the toggle, the code and the approval typed, Enter on «Pago realizado»', async () => {
    const { page, id } = await onNewRequest(DESKTOP);
    await snapshotOnFailure(page, async () => {
      // «Pagar» → the charge's «Pagar por transferencia o depósito» → the number's dialog, by keyboard.
      await page.getByRole('button', { name: 'Pagar', exact: true }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('dialog', { name: /Pag(ar|os de) la solicitud/ }).getByRole('button', { name: 'Pagar por transferencia o depósito' }).waitFor();
      await tabTo(page, 'Pagar por transferencia o depósito', { max: 6 });
      await page.keyboard.press('Enter');
      const modal = page.getByRole('dialog', { name: 'Número de autorización' });
      await modal.locator('#numero-autorizacion').waitFor();
      const code = await shownCode(modal);
      await tabTo(page, 'Copiar', { max: 3 });
      await page.keyboard.press('Enter');
      await expect.poll(() => modal.getByRole('button', { name: 'Copiado' }).isVisible()).toBe(true);
      await tabTo(page, 'Ya tengo mi código', { max: 6 });
      await page.keyboard.press('Space');
      await expect.poll(() => modal.getByRole('switch', { name: 'Ya tengo mi código' }).isChecked()).toBe(true);
      await tabTo(page, /Código de autorización/);
      await type(page, code);
      await tabTo(page, /Número de aprobación del banco/);
      await type(page, '123456');
      await tabTo(page, 'Pago realizado');
      await page.keyboard.press('Enter');
      await expect.poll(() => modal.getByText(/Pago confirmado/).isVisible()).toBe(true);
      await page.getByRole('dialog', { name: 'Pago realizado' }).waitFor();
      await expect.poll(() => pgrStatus(page, id)).toBe('pagado');
    });
    await page.context().close();
  });
});

describe('transfer or deposit for a formalization\'s charges (issue 24 §2.1)', () => {
  it('every charge offers it beside its agency\'s way; the Cámara\'s paid by transfer ends «Pagado» (axe at 1280 and 390 px)', async () => {
    const page = await newPage(DESKTOP);
    await signInTo(page, suite.baseUrl, DEMO, '/mis-solicitudes');
    const { id } = await submitFormalizationApi(page, suite.baseUrl);
    await page.goto(`${suite.baseUrl}/mis-solicitudes/${id}`);
    await page.getByRole('heading', { name: 'Pagos', exact: true }).waitFor();
    await snapshotOnFailure(page, async () => {
      await page.getByRole('button', { name: 'Pagar', exact: true }).click();
      const list = page.getByRole('dialog', { name: 'Pagos de la solicitud' });
      // Each agency's own way first, the authorization number beside it.
      for (const [agency, own] of [[ONAPI, 'Pagar con tarjeta'], [DGII, 'Enviar comprobante de pago'], [CAMARA, 'Pagar con tarjeta']]) {
        const charge = list.getByRole('region', { name: agency });
        await charge.getByRole('button', { name: TRANSFER }).waitFor();
        expect(await charge.getByRole('button', { name: own }).count()).toBe(1);
      }
      await shot(page, 'vuf-list-1280');
      await expectNoAxeViolations(page, 'pagos de una formalización con transferencia (1280)');
      await page.setViewportSize(PHONE);
      await list.getByRole('region', { name: CAMARA }).scrollIntoViewIfNeeded();
      await shot(page, 'vuf-list-390');
      await expectNoAxeViolations(page, 'pagos de una formalización con transferencia (390)');
      await page.setViewportSize(DESKTOP);

      await list.getByRole('region', { name: CAMARA }).getByRole('button', { name: TRANSFER }).click();
      const modal = page.getByRole('dialog', { name: 'Número de autorización' });
      await modal.locator('#numero-autorizacion').waitFor();
      const code = await shownCode(modal);
      expect(code).toMatch(/^\d{11}$/);
      await expect.poll(() => modal.getByText('RD$ 5,000.00').first().isVisible()).toBe(true);
      await expect.poll(() => modal.getByText(CAMARA).first().isVisible()).toBe(true);
      await modal.getByRole('switch', { name: 'Ya tengo mi código' }).check();
      await modal.getByRole('textbox', { name: /Código de autorización/ }).fill(code);
      await modal.getByRole('textbox', { name: /Número de aprobación del banco/ }).fill('20261127');
      await shot(page, 'vuf-camara-code-1280');
      await expectNoAxeViolations(page, 'número de autorización de la Cámara (1280)');
      await modal.getByRole('button', { name: 'Pago realizado' }).click();
      await expect.poll(() => modal.getByText(/Pago confirmado/).isVisible()).toBe(true);

      const success = page.getByRole('dialog', { name: 'Pago realizado' });
      await success.getByText('Le quedan 2 pagos pendientes').waitFor();
      await success.getByText(/Transferencia o depósito bancario/).waitFor();
      await shot(page, 'vuf-camara-paid-1280');
      // «Seguir pagando»: back to the list, the Cámara paid and nothing left to do on it.
      await success.getByRole('button', { name: 'Seguir pagando' }).click();
      const camara = list.getByRole('region', { name: CAMARA });
      await camara.getByText('Pagado', { exact: true }).waitFor();
      expect(await camara.getByRole('button').count()).toBe(0);
      await page.keyboard.press('Escape');
      await list.waitFor({ state: 'detached' });

      const line = page.getByRole('region', { name: 'Pagos' }).getByRole('listitem').filter({ hasText: '(CCPSD)' });
      await line.getByText(/Pagado/).first().waitFor();
      await line.getByText(/Transferencia o depósito bancario/).waitFor();
      const item = (await paymentViewApi(page, suite.baseUrl, id)).items.find((i) => i.agency === 'CCPSD') as unknown as { status: string; method: string; approval_number: string };
      expect(item).toMatchObject({ status: 'pagado', method: 'transferencia', approval_number: '20261127' });
      await shot(page, 'vuf-request-camara-paid-1280');
    });
    await page.context().close();
  });
});
