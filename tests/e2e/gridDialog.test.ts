/**
 * A grid edited in dialogs (`x-row-dialog`: GRID_MODAL and GRID_MDOAL_PREVIEW)
 * in Chromium against the real server: the INAPA bill claim's "Facturas
 * reclamadas" step lists the bills in a table (a stacked list at 390 px, no
 * sideways scroll); "Agregar factura" opens the row's fields, "Guardar" with
 * errors keeps the dialog open with them, a valid bill is added; "Ver" shows
 * a bill read-only, "Editar" changes one bill, "Eliminar" asks first; the
 * draft the server keeps has the bills. axe at 1280 and 390 px on the step
 * and every dialog, a keyboard-only pass, screenshots in tests/.artifacts/grid-dialog.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { portalSuite } from '../support/portalSuite';
import { registerCitizen, snapshotOnFailure, type Account, type Data, signInTo } from '../support/portal';
import { expectNoAxeViolations, waitForStillPage } from '../support/axe';
import { chooseOption, expectFocus, tabTo, type } from '../support/keyboard';
import { REPO_ROOT } from '../support/startPortal';
import { DESKTOP, PHONE } from '../support/viewports';

const suite = portalSuite();
const SHOTS = path.join(REPO_ROOT, 'tests/.artifacts/grid-dialog');
const FORM = 'reclamacion-factura-inapa';
const ROW_ERRORS = 'La fila tiene errores. Corríjalos para poder guardarla.';

async function shot(page: Page, name: string, fullPage = false): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await waitForStillPage(page);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage });
}

const api = (id: number) => `${suite.baseUrl}/v1/portals/solicitudes-en-linea/${FORM}/${id}`;

/** The fixture's answers: the steps before the bills are complete. */
function example(): Data {
  return (JSON.parse(readFileSync(path.join(REPO_ROOT, 'schemas', FORM, 'fixtures/valid/persona-fisica-una-factura.json'), 'utf8')) as { data: Data }).data;
}

const signIn = (page: Page, account: Account, to: string) => signInTo(page, suite.baseUrl, account, to);

/** From the service page: "Solicitar en línea", "Comenzar la solicitud"; the draft gets the fixture's answers; opens the bills' step. */
async function openBillsStep(page: Page, account: Account): Promise<number> {
  await signIn(page, account, `/servicios/${FORM}`);
  await page.getByRole('link', { name: 'Solicitar en línea' }).click();
  await page.waitForURL(`**/en-linea/${FORM}`);
  await page.getByRole('button', { name: /^Comenzar/ }).click();
  await page.waitForURL(new RegExp(`/en-linea/${FORM}/\\d+`));
  const id = Number(new RegExp(`/en-linea/${FORM}/(\\d+)`).exec(page.url())![1]);
  const current = await page.request.get(api(id));
  const { version } = ((await current.json()) as { data: { version: number } }).data;
  const seeded = await page.request.put(api(id), { data: { data: example(), version } });
  expect(seeded.status(), await seeded.text()).toBe(200);
  await page.goto(`${suite.baseUrl}/en-linea/${FORM}/${id}/facturas`);
  await page.getByRole('heading', { name: 'Facturas reclamadas', level: 2 }).waitFor();
  // The step itself, not its frame (which shows the same title while the step's code loads).
  await page.getByRole('button', { name: 'Agregar factura' }).waitFor();
  return id;
}

/** The bills the server keeps for the draft (after autosave). */
async function storedBills(page: Page, id: number): Promise<Data[]> {
  const res = await page.request.get(api(id));
  return (((await res.json()) as { data: { data: Data } }).data.data.facturas ?? []) as Data[];
}

const dialog = (page: Page, name: string): Locator => page.getByRole('dialog', { name });
const field = (scope: Locator, label: string): Locator => scope.getByRole('textbox', { name: new RegExp(`^${label}`) });

/** The bills as listed: the table's rows at 1280, the list's items at 390. */
function listedBills(page: Page, narrow: boolean): Locator {
  return narrow
    ? page.getByRole('list', { name: 'Facturas reclamadas' }).getByRole('listitem')
    : page.getByRole('table', { name: 'Facturas reclamadas' }).locator('tbody tr');
}

describe('INAPA bills in dialogs', () => {
  for (const viewport of [DESKTOP, PHONE]) {
    const narrow = viewport === PHONE;
    it(`at ${viewport.width} px: the table, Agregar (errors, then saved), Ver, Editar and Eliminar`, async () => {
      const account = await registerCitizen(suite.baseUrl, narrow ? '22300486150' : '00104578232');
      const page = await suite.page({ viewport });
      await snapshotOnFailure(page, async () => {
        const id = await openBillsStep(page, account);
        const bills = listedBills(page, narrow);
        await expect.poll(() => bills.count()).toBe(1);
        if (!narrow) {
          const headers = await page.getByRole('table', { name: 'Facturas reclamadas' }).getByRole('columnheader').allInnerTexts();
          expect(headers.map((h) => h.trim())).toEqual(['N.º', 'Período facturado (AAAA-MM)', 'Monto facturado', 'Motivo de la reclamación', 'Estado', 'Acciones']);
        }
        await expect(bills.first().innerText()).resolves.toMatch(/2026-10[\s\S]*RD\$\s?4,850\.75[\s\S]*Cobro excesivo/);
        // Nothing scrolls sideways, the phone included.
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
        await expectNoAxeViolations(page, `paso facturas ${viewport.width}`);
        await shot(page, `facturas-${viewport.width}`, true);

        // Agregar: Guardar with the row empty keeps the dialog open with the errors on the fields.
        await page.getByRole('button', { name: 'Agregar factura' }).click();
        const add = dialog(page, 'Agregar factura');
        await field(add, 'Período facturado').waitFor();
        await add.getByRole('button', { name: 'Guardar' }).click();
        await add.getByRole('alert').filter({ hasText: ROW_ERRORS }).waitFor();
        await expect(add.getByText('Este campo es requerido').count()).resolves.toBeGreaterThanOrEqual(3);
        await expectNoAxeViolations(page, `Agregar factura con errores ${viewport.width}`);
        await shot(page, `agregar-errores-${viewport.width}`);
        // The rules of the row apply: a future period is refused.
        await field(add, 'Período facturado').fill('2027-01');
        await field(add, 'Monto facturado').fill('1200');
        await add.getByRole('combobox', { name: /^Motivo de la reclamación/ }).click();
        await page.getByRole('option', { name: 'Lectura incorrecta del medidor' }).click();
        await add.getByRole('button', { name: 'Guardar' }).click();
        await add.getByText('El período no puede ser posterior al mes actual').waitFor();
        await field(add, 'Período facturado').fill('2026-09');
        await add.getByRole('button', { name: 'Guardar' }).click();
        await add.waitFor({ state: 'detached' });
        await expect.poll(() => bills.count()).toBe(2);
        await expect(bills.nth(1).innerText()).resolves.toMatch(/2026-09[\s\S]*RD\$\s?1,200\.00[\s\S]*Lectura incorrecta del medidor/);

        // Ver: the bill's answers, read-only.
        await page.getByRole('button', { name: 'Ver factura 2' }).click();
        const preview = dialog(page, 'Factura 2');
        await preview.getByText('Lectura incorrecta del medidor').waitFor();
        expect(await preview.getByRole('textbox').count()).toBe(0);
        await expectNoAxeViolations(page, `Ver factura ${viewport.width}`);
        await shot(page, `ver-${viewport.width}`);
        await preview.getByRole('button', { name: 'Cerrar' }).last().click();
        await preview.waitFor({ state: 'detached' });

        // Editar: one bill changes, Cancelar leaves it as it was.
        await page.getByRole('button', { name: 'Editar factura 1' }).click();
        const edit = dialog(page, 'Editar factura 1');
        await expect(field(edit, 'Número de factura').inputValue()).resolves.toBe('F-2026-104567');
        await field(edit, 'Número de factura').fill('F-2026-000001');
        await expectNoAxeViolations(page, `Editar factura ${viewport.width}`);
        await shot(page, `editar-${viewport.width}`);
        await edit.getByRole('button', { name: 'Cancelar' }).click();
        await edit.waitFor({ state: 'detached' });
        await page.getByRole('button', { name: 'Editar factura 1' }).click();
        await expect(field(edit, 'Número de factura').inputValue()).resolves.toBe('F-2026-104567');
        await field(edit, 'Monto facturado').fill('5000');
        await edit.getByRole('button', { name: 'Guardar' }).click();
        await edit.waitFor({ state: 'detached' });
        await expect(bills.first().innerText()).resolves.toMatch(/RD\$\s?5,000\.00/);

        // Eliminar asks first.
        await page.getByRole('button', { name: 'Eliminar factura 2' }).click();
        const confirm = dialog(page, '¿Eliminar factura 2?');
        await confirm.waitFor();
        await expectNoAxeViolations(page, `Eliminar factura ${viewport.width}`);
        await shot(page, `eliminar-${viewport.width}`);
        await confirm.getByRole('button', { name: 'Sí, eliminar' }).click();
        await confirm.waitFor({ state: 'detached' });
        await expect.poll(() => bills.count()).toBe(1);

        // Autosaved: the server keeps one bill, edited.
        await expect.poll(() => storedBills(page, id), { timeout: 15000 }).toEqual([
          { periodo: '2026-10', numero_de_factura: 'F-2026-104567', monto: 5000, motivo: 'cobro_excesivo' },
        ]);
      });
    });
  }

  it('a bill with errors after "Siguiente" is marked in the table and its dialog shows the errors until it is corrected', async () => {
    const account = await registerCitizen(suite.baseUrl, '40210773467');
    const page = await suite.page({ viewport: DESKTOP });
    await snapshotOnFailure(page, async () => {
      const id = await openBillsStep(page, account);
      const data = example();
      const seeded = await page.request.get(api(id));
      const { version } = ((await seeded.json()) as { data: { version: number } }).data;
      // A future period, and "Otro" without its description.
      const wrong = { periodo: '2027-01', monto: 300, motivo: 'otro' };
      const put = await page.request.put(api(id), { data: { data: { ...data, facturas: [...data.facturas, wrong] }, version } });
      expect(put.status(), await put.text()).toBe(200);
      await page.reload();
      const bills = listedBills(page, false);
      await expect.poll(() => bills.count()).toBe(2);
      await page.getByRole('button', { name: 'Siguiente' }).click();
      await page.getByRole('heading', { name: 'Facturas reclamadas', level: 2 }).waitFor();
      await bills.nth(1).getByText('Con errores').waitFor();
      expect(await bills.nth(0).getByText('Con errores').count()).toBe(0);
      await expectNoAxeViolations(page, 'facturas con errores 1280');
      await shot(page, 'con-errores-1280');

      // The error summary's link leads to the bill's dialog, where its fields are.
      await page.getByRole('link', { name: /fila 2: Período facturado/ }).click();
      const edit = dialog(page, 'Editar factura 2');
      await edit.getByText('El período no puede ser posterior al mes actual').waitFor();
      await edit.getByRole('button', { name: 'Cancelar' }).click();
      await edit.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Editar factura 2' }).click();
      await edit.getByText('El período no puede ser posterior al mes actual').waitFor();
      await edit.getByText('Este campo es requerido').waitFor();
      await shot(page, 'editar-con-errores-1280');
      await field(edit, 'Período facturado').fill('2026-07');
      await field(edit, 'Describa el problema').fill('La factura llegó dos veces');
      await edit.getByRole('button', { name: 'Guardar' }).click();
      await edit.waitFor({ state: 'detached' });
      await expect.poll(() => bills.nth(1).getByText('Con errores').count()).toBe(0);
      await page.getByRole('button', { name: 'Siguiente' }).click();
      await page.getByRole('heading', { name: 'Datos de contacto', level: 2 }).waitFor();
    });
  });

  it('keyboard only: add a bill, look at it, cancel an edit with Escape, delete it; focus comes back each time', async () => {
    const account = await registerCitizen(suite.baseUrl, '03105672194');
    const page = await suite.page({ viewport: DESKTOP });
    await snapshotOnFailure(page, async () => {
      const id = await openBillsStep(page, account);
      // From the top of the page: the header, the steps' list, the table's buttons, then "Agregar factura".
      await tabTo(page, 'Agregar factura', { max: 30 });
      await page.keyboard.press('Enter');
      const add = dialog(page, 'Agregar factura');
      await add.waitFor();
      await tabTo(page, /^Período facturado/, { max: 3 });
      await type(page, '2026-08');
      await tabTo(page, /^Monto facturado/, { max: 2 });
      await type(page, '750');
      await tabTo(page, /^Motivo de la reclamación/, { max: 2 });
      await chooseOption(page, 'Cobro sin servicio');
      await tabTo(page, 'Guardar', { max: 6 });
      await page.keyboard.press('Enter');
      await add.waitFor({ state: 'detached' });
      await expectFocus(page, 'Agregar factura');
      await expect.poll(() => listedBills(page, false).count()).toBe(2);

      // Back through the table: Eliminar, Editar, Ver of bill 2.
      await tabTo(page, 'Eliminar factura 2', { max: 1, backwards: true });
      await tabTo(page, 'Editar factura 2', { max: 1, backwards: true });
      await page.keyboard.press('Enter');
      const edit = dialog(page, 'Editar factura 2');
      await edit.waitFor();
      await expectFocus(page, (f) => f.dialog === 'Editar factura 2');
      await tabTo(page, /^Monto facturado/, { max: 4 });
      await type(page, '9');
      await page.keyboard.press('Escape');
      await edit.waitFor({ state: 'detached' });
      await expectFocus(page, 'Editar factura 2');
      await expect(listedBills(page, false).nth(1).innerText()).resolves.toMatch(/RD\$\s?750\.00/);

      await tabTo(page, 'Ver factura 2', { max: 1, backwards: true });
      await page.keyboard.press('Enter');
      const preview = dialog(page, 'Factura 2');
      await preview.getByText('Cobro sin servicio').waitFor();
      await page.keyboard.press('Escape');
      await preview.waitFor({ state: 'detached' });
      await expectFocus(page, 'Ver factura 2');

      await tabTo(page, 'Eliminar factura 2', { max: 2 });
      await page.keyboard.press('Enter');
      const confirm = dialog(page, '¿Eliminar factura 2?');
      await confirm.waitFor();
      await tabTo(page, 'Sí, eliminar', { max: 3 });
      await page.keyboard.press('Enter');
      await confirm.waitFor({ state: 'detached' });
      await expectFocus(page, 'Agregar factura');
      await expect.poll(async () => (await storedBills(page, id)).length, { timeout: 15000 }).toBe(1);
    });
  });
});
