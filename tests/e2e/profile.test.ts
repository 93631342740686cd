/**
 * The citizen's profile in Chromium against the real server and the production
 * build: a registered citizen opens /perfil, edits phone, address and street in
 * USER_EDIT (schemas/perfil), saves and sees them after a reload; a mistake
 * keeps what was typed; a new e-mail waits for the code from the mail and the
 * old address is told; a PDF goes up through FILE_UPLOAD_MODAL, is listed,
 * opens with "Ver" and is removed. axe at 1280 and 390 px on the page and both
 * modals, screenshots in tests/.artifacts/profile, and a keyboard-only edit.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { expectNoAxeViolations, waitForStillPage } from '../support/axe';
import { boxesOf, holdResponsesUntilReleased, layoutShiftTotal, watchLayoutShifts } from '../support/layoutShifts';
import { chooseOption, expectFocus, tabTo, type } from '../support/keyboard';
import { setFileFields } from '../support/fileFields';
import { fixture, login, pdfBuffer, registerCitizen, searchSelect, seedDraft, snapshotOnFailure, textIn, uploadDocumentApi, waitForValue, type Data } from '../support/portal';
import { portalSuite } from '../support/portalSuite';
import { mailboxOf, REPO_ROOT } from '../support/startPortal';
import { DESKTOP, PHONE } from '../support/viewports';

const suite = portalSuite();
const SHOTS = path.join(REPO_ROOT, 'tests/.artifacts/profile');

/** A screenshot: the whole page, or only the window while a dialog is open (it is placed in the window). */
async function shot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await waitForStillPage(page);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage });
}

async function openProfile(page: Page): Promise<void> {
  await page.goto(`${suite.baseUrl}/perfil`);
  await page.getByRole('heading', { name: 'Mi perfil', level: 1 }).waitFor();
  await page.getByRole('heading', { name: 'Datos de identidad', level: 2 }).waitFor();
}

const dialog = (page: Page, name: string): Locator => page.getByRole('dialog', { name });

/** The value shown for a label in a section of the page (a description list). */
async function shown(page: Page, section: string, label: string): Promise<string> {
  const region = page.getByRole('region', { name: section });
  const term = region.locator('dt', { hasText: new RegExp(`^${label}$`) });
  return ((await term.locator('xpath=following-sibling::dd[1]').textContent()) ?? '').trim();
}

async function openEdit(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Editar mis datos' }).click();
  const edit = dialog(page, 'Editar mis datos');
  await textIn(edit, 'Calle').waitFor();
  return edit;
}

async function toast(page: Page, text: string): Promise<void> {
  await page.getByText(text, { exact: true }).first().waitFor();
}

describe('profile', () => {
  it('edits contact and address, confirms a new e-mail with its code, uploads, opens and removes a document; axe and screenshots at 1280 px', async () => {
    const page = await suite.page({ viewport: DESKTOP });
    await snapshotOnFailure(page, async () => {
      const account = await registerCitizen(suite.baseUrl, '04701935282');
      await login(page, suite.baseUrl, account);
      await openProfile(page);
      expect(await page.title()).toBe('Mi perfil | Portal Ciudadano');
      expect(await shown(page, 'Datos de identidad', 'Cédula')).toBe('047-0193528-2');
      expect(await shown(page, 'Datos de identidad', 'Nombres')).toBe('Rosa Elena');
      expect(await shown(page, 'Contacto', 'Correo electrónico')).toBe('ciudadano.04701935282@example.com');
      expect(await shown(page, 'Dirección', 'Provincia')).toBe('No indicado');
      await page.getByText('Aún no ha subido documentos.').waitFor();
      await expectNoAxeViolations(page, 'profile page at 1280 px');
      await shot(page, 'perfil-1280');

      // Edit: phone, provincia → municipio → sector, street.
      let edit = await openEdit(page);
      expect(await textIn(edit, 'Cédula').getAttribute('readonly')).not.toBeNull();
      expect(await textIn(edit, 'Cédula').inputValue()).toBe('047-0193528-2');
      await expectNoAxeViolations(page, 'USER_EDIT at 1280 px');
      await shot(page, 'editar-1280', { fullPage: false });
      await textIn(edit, 'Teléfono').pressSequentially('8095550142');
      // Searchable selects: words in any order, accents and case ignored.
      await searchSelect(edit, 'Provincia', 'nacional distrito', 'Distrito Nacional');
      await searchSelect(edit, 'Municipio', 'guzman santo', 'Santo Domingo de Guzmán');
      await searchSelect(edit, 'Sector', 'CIUDAD colonial', 'Ciudad Colonial');
      await textIn(edit, 'Calle').fill('Calle El Conde');
      await textIn(edit, 'Número de casa o apartamento').fill('52');
      await edit.getByRole('button', { name: 'Guardar cambios' }).click();
      await toast(page, 'Sus datos se guardaron.');
      await edit.waitFor({ state: 'hidden' });
      await page.reload();
      await page.getByRole('heading', { name: 'Datos de identidad', level: 2 }).waitFor();
      expect(await shown(page, 'Contacto', 'Teléfono')).toBe('(809) 555-0142');
      expect(await shown(page, 'Dirección', 'Provincia')).toBe('Distrito Nacional');
      expect(await shown(page, 'Dirección', 'Municipio')).toBe('Santo Domingo de Guzmán');
      expect(await shown(page, 'Dirección', 'Sector')).toBe('Ciudad Colonial');
      expect(await shown(page, 'Dirección', 'Calle')).toBe('Calle El Conde');
      expect(await shown(page, 'Dirección', 'Número de casa o apartamento')).toBe('52');

      // A mistake is explained and everything typed stays.
      edit = await openEdit(page);
      expect(await textIn(edit, 'Teléfono').inputValue()).toBe('(809) 555-0142');
      await textIn(edit, 'Calle').fill('Calle Las Damas');
      await textIn(edit, 'Correo electrónico').fill('rosa.nueva@');
      await edit.getByRole('button', { name: 'Guardar cambios' }).click();
      await edit.getByText('Favor digitar un email válido').first().waitFor();
      expect(await textIn(edit, 'Calle').inputValue()).toBe('Calle Las Damas');
      expect(await textIn(edit, 'Correo electrónico').inputValue()).toBe('rosa.nueva@');

      // A failed call (the portal does not answer) says so and keeps everything typed.
      await textIn(edit, 'Correo electrónico').fill('ciudadano.04701935282@example.com');
      await page.route('**/v1/portals/citizen-profile/*/update', (route) => route.abort('connectionrefused'));
      await edit.getByRole('button', { name: 'Guardar cambios' }).click();
      await edit.getByRole('alert').filter({ hasText: 'No se pudo conectar con el portal' }).waitFor();
      expect(await textIn(edit, 'Calle').inputValue()).toBe('Calle Las Damas');
      await page.unroute('**/v1/portals/citizen-profile/*/update');

      // A new e-mail: the code goes to it, the account keeps the old one until it is typed.
      const mailbox = mailboxOf(suite.baseUrl);
      const since = mailbox.received.length;
      await textIn(edit, 'Correo electrónico').fill('rosa.nueva@example.com');
      // A new address asks for the current password (issue 25 §1; tests/e2e/accountSecurity.test.ts).
      await textIn(edit, 'Contraseña actual').fill(account.password);
      await edit.getByRole('button', { name: 'Guardar cambios' }).click();
      const code = await mailbox.codeFor('rosa.nueva@example.com', { since });
      expect(code).toMatch(/^[0-9]{6}$/);
      const codeField = textIn(edit, 'Código de confirmación');
      await codeField.waitFor();
      await expectFocus(page, 'Código de confirmación');
      await expectNoAxeViolations(page, 'USER_EDIT code step at 1280 px');
      await shot(page, 'editar-codigo-1280', { fullPage: false });
      await codeField.fill(code === '000000' ? '111111' : '000000');
      await edit.getByRole('button', { name: 'Confirmar correo' }).click();
      await edit.getByText('Código inválido o vencido').waitFor();
      // Another code: the newest one confirms.
      const resendSince = mailbox.received.length;
      await edit.getByRole('button', { name: 'Enviar otro código' }).click();
      await edit.getByText('Le enviamos otro código a rosa.nueva@example.com. Use el más reciente.').waitFor();
      const newest = await mailbox.codeFor('rosa.nueva@example.com', { since: resendSince });
      const noticeSince = mailbox.received.length;
      await codeField.fill(newest);
      await edit.getByRole('button', { name: 'Confirmar correo' }).click();
      await edit.waitFor({ state: 'hidden' });
      await waitForValue(() => shown(page, 'Contacto', 'Correo electrónico'), 'rosa.nueva@example.com', 'the new e-mail on the page');
      expect(await shown(page, 'Dirección', 'Calle')).toBe('Calle Las Damas');
      expect(await page.evaluate(() => (JSON.parse(localStorage.getItem('session') ?? '{}') as { email?: string }).email)).toBe('rosa.nueva@example.com');
      const notice = await mailbox.waitFor('ciudadano.04701935282@example.com', { since: noticeSince });
      expect(notice.raw).toContain('rosa.nueva@example.com');

      // A document: upload through FILE_UPLOAD_MODAL, see it listed, open it, remove it.
      await page.getByRole('button', { name: 'Subir un documento' }).click();
      const upload = dialog(page, 'Subir un archivo');
      await upload.getByText('Evite acentos y caracteres especiales', { exact: false }).waitFor();
      await expectNoAxeViolations(page, 'FILE_UPLOAD_MODAL at 1280 px');
      await shot(page, 'subir-1280', { fullPage: false });
      const input = upload.locator('input[type="file"]').last();
      await input.setInputFiles({ name: 'Acta de nacimiento.pdf', mimeType: 'application/pdf', buffer: pdfBuffer() });
      await upload.getByRole('button', { name: 'Subir', exact: true }).click();
      await toast(page, 'Archivo subido de manera correcta');
      await upload.waitFor({ state: 'hidden' });
      const row = page.getByRole('row', { name: /Acta de nacimiento/ });
      await row.waitFor();
      expect(await row.getByRole('cell').nth(1).textContent()).toBe('PDF');
      await shot(page, 'perfil-con-documento-1280');
      const ver = row.getByRole('link', { name: 'Ver Acta de nacimiento' });
      const href = (await ver.getAttribute('href'))!;
      const file = await page.request.get(`${suite.baseUrl}${href}`);
      expect(file.status()).toBe(200);
      expect(file.headers()['content-type']).toBe('application/pdf');
      expect(Buffer.from(await file.body()).equals(pdfBuffer())).toBe(true);
      const [download] = await Promise.all([page.waitForEvent('download'), ver.click()]);
      expect(download.suggestedFilename()).toBe('Acta de nacimiento.pdf');
      await row.getByRole('button', { name: 'Eliminar Acta de nacimiento' }).click();
      await row.getByRole('button', { name: 'Sí, eliminar' }).click();
      await toast(page, 'Documento eliminado');
      await page.getByText('Aún no ha subido documentos.').waitFor();
    });
  });

  it('the page and both modals pass axe at 390 px, with no sideways scroll', async () => {
    const page = await suite.page({ viewport: PHONE });
    await snapshotOnFailure(page, async () => {
      await login(page, suite.baseUrl, await registerCitizen(suite.baseUrl, '03702849518'));
      await openProfile(page);
      const wide = () => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(await wide()).toBe(false);
      await expectNoAxeViolations(page, 'profile page at 390 px');
      await shot(page, 'perfil-390');
      const edit = await openEdit(page);
      await expectNoAxeViolations(page, 'USER_EDIT at 390 px');
      await shot(page, 'editar-390', { fullPage: false });
      await edit.getByRole('button', { name: 'Cancelar' }).click();
      await edit.waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: 'Subir un documento' }).click();
      await dialog(page, 'Subir un archivo').getByText('Evite acentos', { exact: false }).waitFor();
      await expectNoAxeViolations(page, 'FILE_UPLOAD_MODAL at 390 px');
      await shot(page, 'subir-390', { fullPage: false });
    });
  });

  it('at 390 and 1280 px, the heading and the citizen\'s details show before the page\'s code, inert, where the page then draws them', async () => {
    const account = await registerCitizen(suite.baseUrl, '00104578232');
    for (const viewport of [PHONE, DESKTOP]) {
      const page = await suite.page({ viewport });
      await snapshotOnFailure(page, async () => {
        await login(page, suite.baseUrl, account);
        await watchLayoutShifts(page);
        // The page's code is held until what shows before it has been checked (a slow phone network); the profile, asked for with the first bundle, before it.
        const release = await holdResponsesUntilReleased(page, /\/assets\/ProfilePage-[\w-]+\.js$/);
        await page.goto(`${suite.baseUrl}/perfil`);
        const frame = page.locator('[data-drawn-before-code]');
        await frame.locator('section[aria-labelledby="perfil-identidad"] dd').first().waitFor();
        expect(await frame.locator('section[aria-labelledby="perfil-identidad"] dd').first().textContent()).toBe('001-0457823-2');
        expect(await page.getByRole('heading', { name: 'Mi perfil', level: 1 }).count()).toBe(1);
        expect(await page.getByRole('progressbar', { name: 'Cargando su perfil' }).count()).toBe(1);
        expect(await frame.evaluate((el) => el.hasAttribute('inert') && el.getAttribute('aria-hidden') === 'true')).toBe(true);
        expect(await frame.getByText('Editar mis datos').evaluate((button) => {
          (button as HTMLElement).focus();
          return document.activeElement === button;
        })).toBe(false);
        await expectNoAxeViolations(page, `«Mi perfil» antes del código de su página (${viewport.width} px)`, { still: false });
        mkdirSync(SHOTS, { recursive: true });
        await page.screenshot({ path: path.join(SHOTS, `perfil-antes-del-codigo-${viewport.width}.png`) });
        const boxes = () => boxesOf(page, ['h1', 'section[aria-labelledby="perfil-identidad"]', 'section[aria-labelledby="perfil-contacto"]', 'section[aria-labelledby="perfil-direccion"]']);
        const before = await boxes();
        release();

        // The page takes the frame's place: the same boxes, nothing moved, «Editar mis datos» now a button one can use.
        await page.waitForFunction(() => document.querySelector('[data-drawn-before-code]') === null, undefined, { timeout: 20_000 });
        await page.getByRole('heading', { name: 'Datos de identidad', level: 2 }).waitFor();
        await page.getByRole('heading', { name: 'Mis documentos', level: 2 }).waitFor();
        await waitForStillPage(page);
        expect(await boxes()).toEqual(before);
        expect(await shown(page, 'Datos de identidad', 'Cédula')).toBe('001-0457823-2');
        await page.getByRole('button', { name: 'Editar mis datos' }).focus();
        await expectFocus(page, 'Editar mis datos');
        const shifts = await layoutShiftTotal(page);
        expect(shifts.total, shifts.detail).toBeLessThan(0.01);
      });
      await page.close();
    }
  });

  it('a document a submitted request cites is not removed: the server\'s reason is shown and the document stays', async () => {
    const page = await suite.page({ viewport: DESKTOP });
    await snapshotOnFailure(page, async () => {
      await login(page, suite.baseUrl, await registerCitizen(suite.baseUrl, '02603918570'));
      const documentId = await submitCiting(page, 'Estatutos sociales.pdf');
      await openProfile(page);
      const row = page.locator(`tr[data-document="${documentId}"]`);
      await row.getByRole('button', { name: 'Eliminar Estatutos sociales' }).click();
      await row.getByRole('button', { name: 'Sí, eliminar' }).click();
      await page.getByRole('alert').filter({ hasText: 'El documento forma parte de una solicitud enviada y no se puede eliminar' }).waitFor();
      await page.reload();
      await page.locator(`tr[data-document="${documentId}"]`).waitFor();
    });
  });

  it('keyboard only: open "Editar mis datos", change the mobile and the address, save', async () => {
    const page = await suite.page({ viewport: DESKTOP });
    await snapshotOnFailure(page, async () => {
      await login(page, suite.baseUrl, await registerCitizen(suite.baseUrl, '40210773467'));
      await openProfile(page);
      await page.getByRole('heading', { name: 'Mi perfil', level: 1 }).click();
      await tabTo(page, 'Editar mis datos', { max: 40 });
      await page.keyboard.press('Enter');
      await dialog(page, 'Editar mis datos').waitFor();
      await tabTo(page, 'Celular', { max: 12 });
      await type(page, '8295550143');
      await tabTo(page, 'Provincia', { max: 3 });
      await chooseOption(page, 'Santiago');
      await tabTo(page, 'Municipio', { max: 3 });
      await chooseOption(page, 'Santiago de los Caballeros');
      await tabTo(page, 'Sector', { max: 3 });
      await chooseOption(page, await firstSectorOfSantiago(page));
      await tabTo(page, 'Calle', { max: 3 });
      await type(page, 'Calle del Sol');
      await tabTo(page, 'Guardar cambios', { max: 6 });
      await page.keyboard.press('Enter');
      await toast(page, 'Sus datos se guardaron.');
      await dialog(page, 'Editar mis datos').waitFor({ state: 'hidden' });
      await expectFocus(page, 'Editar mis datos');
      expect(await shown(page, 'Contacto', 'Celular')).toBe('(829) 555-0143');
      expect(await shown(page, 'Dirección', 'Provincia')).toBe('Santiago');
      expect(await shown(page, 'Dirección', 'Calle')).toBe('Calle del Sol');
    });
  });
});

/** The first sector the server lists for Santiago de los Caballeros, read through the route the select uses. */
async function firstSectorOfSantiago(page: Page): Promise<string> {
  const municipios = (await (await page.request.get(`${suite.baseUrl}/v1/region/municipios?limit=100&page=1&provinciaId=25`)).json()) as { data: { id: number; nombre: string }[] };
  const municipio = municipios.data.find((m) => m.nombre === 'Santiago de los Caballeros')!;
  const sectores = (await (await page.request.get(`${suite.baseUrl}/v1/region/sectores?limit=500&page=1&municipioId=${municipio.id}`)).json()) as { data: { nombreSector: string }[] };
  return sectores.data[0].nombreSector;
}

/** Submits an application (PF fixture made valid against the sandbox registries, as notifications.test.ts does) citing a new document; its id. */
async function submitCiting(page: Page, name: string): Promise<number> {
  const created = await page.request.post(`${suite.baseUrl}/v1/portals/formalizaciones`, { data: { data: {} } });
  const { id } = ((await created.json()) as { data: { id: number } }).data;
  const data: Data = structuredClone(fixture('pf-completa'));
  const documentId = await uploadDocumentApi(page, suite.baseUrl, name);
  setFileFields(data, documentId);
  const banks = (await (await page.request.get(`${suite.baseUrl}/v1/region/bancos`)).json()) as { data: { id: number }[] };
  data.referencias_bancarias = (data.referencias_bancarias as unknown[]).map((_, i) => ({ nombre_del_banco: banks.data[i].id }));
  if (data.datos_representante) data.datos_representante.cedula = '00104578232';
  if (Array.isArray(data.propietario_socios)) data.propietario_socios[0].numero_de_cedula = '03105672194';
  if (data.detalles_factura?.cedula) data.detalles_factura.cedula = '22300486150';
  if (data.datos_solicitud.numero_del_certificado_de_nombre_comercial) data.datos_solicitud.numero_del_certificado_de_nombre_comercial = '458712';
  await seedDraft(page, suite.baseUrl, id, data);
  const res = await page.request.post(`${suite.baseUrl}/v1/portals/formalizaciones/${id}/submit`);
  if (!res.ok()) throw new Error(`submit ${id}: ${res.status()} ${await res.text()}`);
  return documentId;
}
