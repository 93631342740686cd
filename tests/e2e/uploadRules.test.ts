/**
 * The portal's upload rules (spec §5) in Chromium against the real server, in
 * the profile's FILE_UPLOAD_MODAL and in a form's upload dialog: a name like
 * `acta_notarial.pdf` says 'Nombre de archivo inválido' on the file input
 * inside the dialog and nothing is sent; a rejected drop says 'Archivo
 * inválido' with its reason (over 50 MB, empty, two files, a wrong type); a
 * renamed file is caught by its first bytes; what only the server can see is
 * refused by it and shown in the dialog; a real .odt goes up; a keyboard-only
 * pass. axe at 1280 and 390 px with an error shown; screenshots in tests/.artifacts/uploads.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { FileChooser, Locator, Page, Request } from 'playwright-core';
import { expectNoAxeViolations, waitForStillPage } from '../support/axe';
import { expectFocus, tabTo } from '../support/keyboard';
import { interceptFileChoosers, login, pdfBuffer, registerCitizen, snapshotOnFailure } from '../support/portal';
import { portalSuite } from '../support/portalSuite';
import { REPO_ROOT } from '../support/startPortal';
import { zip } from '../support/zipFile';
import { DESKTOP, PHONE } from '../support/viewports';

const suite = portalSuite();
const SHOTS = path.join(REPO_ROOT, 'tests/.artifacts/uploads');
const TMP = mkdtempSync(path.join(tmpdir(), 'portal-upload-rules-'));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await waitForStillPage(page);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

/** A real OpenDocument text: a stored ZIP whose first entry is its mimetype. */
function odt(): Buffer {
  return zip([
    ['mimetype', 'application/vnd.oasis.opendocument.text'],
    ['content.xml', '<?xml version="1.0"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"/>'],
  ]);
}

/** A file one byte over the real limit (52428800 bytes), written once to a temporary folder. */
function tooLargeFile(): string {
  const file = path.join(TMP, 'Expediente completo.pdf');
  const bytes = Buffer.alloc(52_428_800 + 1, 0x20);
  bytes.write('%PDF-1.7\n', 0, 'latin1');
  writeFileSync(file, bytes);
  return file;
}

/** Every upload the page sends. */
function watchUploads(page: Page): Request[] {
  const sent: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/v1/portals/documents') sent.push(request);
  });
  return sent;
}

/** Drops files on a drop zone as a mouse would (dragenter, dragover, drop with the files). */
async function drop(zone: Locator, files: { name: string; text: string }[]): Promise<void> {
  await zone.evaluate((element, list) => {
    const transfer = new DataTransfer();
    for (const f of list) transfer.items.add(new File([f.text], f.name));
    for (const type of ['dragenter', 'dragover', 'drop']) element.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: transfer }));
  }, files);
}

/** The labelled file input of a dialog (the drop zone's own input has no accept attribute). */
const fileInput = (dialog: Locator) => dialog.locator('input[type=file][accept]');
const dropZone = (dialog: Locator) => dialog.locator('.mantine-Dropzone-root');
const dropInput = (dialog: Locator) => dropZone(dialog).locator('input[type=file]');

/** The file input's error, inside the dialog and on top: what a click there would reach is the message itself. */
async function expectFieldError(dialog: Locator, message: string): Promise<void> {
  const error = dialog.locator('.mantine-InputWrapper-error', { hasText: message });
  await error.waitFor();
  expect((await error.innerText()).trim()).toBe(message);
  expect(await error.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + Math.min(box.width / 2, 20), box.top + box.height / 2);
    return top !== null && (top === el || el.contains(top));
  })).toBe(true);
  expect(await dialog.getByRole('button', { name: 'Subir', exact: true }).isDisabled()).toBe(true);
  // The file input says it is invalid and points at the message.
  const input = dialog.getByRole('button', { name: /^Archivo/ }).or(dialog.getByLabel('Archivo', { exact: true })).first();
  expect(await input.getAttribute('aria-invalid')).toBe('true');
}

async function openUploadModal(page: Page): Promise<Locator> {
  await page.goto(`${suite.baseUrl}/perfil`);
  await page.getByRole('heading', { name: 'Mi perfil', level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Subir un documento' }).click();
  const dialog = page.getByRole('dialog', { name: 'Subir un archivo' });
  await dialog.getByText('Evite acentos y caracteres especiales en el nombre del archivo', { exact: false }).waitFor();
  return dialog;
}

/** Enter on the focused file input opens the file chooser (interception is on from the page's start). */
async function enterOpensFileChooser(page: Page): Promise<FileChooser> {
  const chooser = page.waitForEvent('filechooser', { timeout: 10000 });
  await page.keyboard.press('Enter');
  return chooser;
}

describe('upload rules in the browser', () => {
  it('FILE_UPLOAD_MODAL: a bad name, a rejected drop (too large, empty, two files, a wrong type) and a renamed file are stopped before sending; the server\'s refusal shows in the dialog; a real .odt goes up', async () => {
    const page = await suite.page({ viewport: DESKTOP });
    await snapshotOnFailure(page, async () => {
      await login(page, suite.baseUrl, await registerCitizen(suite.baseUrl, '04701935282'));
      const sent = watchUploads(page);
      const dialog = await openUploadModal(page);

      await fileInput(dialog).setInputFiles({ name: 'acta_notarial.pdf', mimeType: 'application/pdf', buffer: pdfBuffer() });
      await expectFieldError(dialog, 'Nombre de archivo inválido');
      await expectNoAxeViolations(page, 'FILE_UPLOAD_MODAL with an error at 1280 px');
      await shot(page, 'perfil-nombre-invalido-1280');

      await dropInput(dialog).setInputFiles(tooLargeFile());
      await expectFieldError(dialog, 'Archivo inválido. El archivo excede el tamaño máximo de 50 MB');
      await drop(dropZone(dialog), [{ name: 'Vacio.pdf', text: '' }]);
      await expectFieldError(dialog, 'Archivo inválido. El archivo está vacío');
      await drop(dropZone(dialog), [{ name: 'Uno.pdf', text: '%PDF-1.7\n' }, { name: 'Dos.pdf', text: '%PDF-1.7\n' }]);
      await expectFieldError(dialog, 'Archivo inválido. Solo se permite un archivo por solicitud');
      await drop(dropZone(dialog), [{ name: 'Programa.exe', text: 'MZ' }]);
      await expectFieldError(dialog, 'Archivo inválido. Tipo de archivo no permitido');
      await fileInput(dialog).setInputFiles({ name: 'Pagina.html', mimeType: 'text/html', buffer: Buffer.from('<html></html>') });
      await expectFieldError(dialog, 'Tipo de archivo no permitido');
      // A PDF renamed .docx: its first bytes give it away.
      await fileInput(dialog).setInputFiles({ name: 'Contrato.docx', mimeType: 'application/octet-stream', buffer: pdfBuffer() });
      await expectFieldError(dialog, 'Tipo de archivo no permitido');
      expect(sent).toHaveLength(0);

      // A text whose NUL byte comes after the first bytes: only the server sees it, and says so in the dialog.
      await fileInput(dialog).setInputFiles({ name: 'Notas.txt', mimeType: 'text/plain', buffer: Buffer.concat([Buffer.alloc(300, 0x61), Buffer.from([0])]) });
      const answer = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/v1/portals/documents');
      await dialog.getByRole('button', { name: 'Subir', exact: true }).click();
      expect((await answer).status()).toBe(415);
      const alert = dialog.getByRole('alert').filter({ hasText: 'Tipo de archivo no permitido' });
      await alert.waitFor();
      expect(await alert.evaluate((el) => {
        const box = el.getBoundingClientRect();
        return el.contains(document.elementFromPoint(box.left + 20, box.top + box.height / 2));
      })).toBe(true);
      expect(sent).toHaveLength(1);

      await fileInput(dialog).setInputFiles({ name: 'Acta notarial.odt', mimeType: 'application/vnd.oasis.opendocument.text', buffer: odt() });
      await dialog.getByRole('button', { name: 'Subir', exact: true }).click();
      await page.getByText('Archivo subido de manera correcta', { exact: true }).first().waitFor();
      await dialog.waitFor({ state: 'hidden' });
      const row = page.getByRole('row', { name: /Acta notarial/ });
      await row.waitFor();
      expect(sent).toHaveLength(2);
    });
  });

  it('FILE_UPLOAD_MODAL at 390 px with an error: axe and no sideways scroll', async () => {
    const page = await suite.page({ viewport: PHONE });
    await snapshotOnFailure(page, async () => {
      await login(page, suite.baseUrl, await registerCitizen(suite.baseUrl, '03702849518'));
      const dialog = await openUploadModal(page);
      await fileInput(dialog).setInputFiles({ name: 'acta_notarial.pdf', mimeType: 'application/pdf', buffer: pdfBuffer() });
      await expectFieldError(dialog, 'Nombre de archivo inválido');
      expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
      await expectNoAxeViolations(page, 'FILE_UPLOAD_MODAL with an error at 390 px');
      await shot(page, 'perfil-nombre-invalido-390');
    });
  });

  it('keyboard only: FILE_UPLOAD_MODAL opens on its file input, a bad name is announced on it, a good file goes up', async () => {
    const page = await suite.page({ viewport: DESKTOP });
    interceptFileChoosers(page);
    await snapshotOnFailure(page, async () => {
      await login(page, suite.baseUrl, await registerCitizen(suite.baseUrl, '02603918570'));
      const sent = watchUploads(page);
      await page.goto(`${suite.baseUrl}/perfil`);
      await page.getByRole('heading', { name: 'Mi perfil', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Editar mis datos' }).focus();
      await tabTo(page, 'Subir un documento', { max: 3 });
      await page.keyboard.press('Enter');
      await expectFocus(page, (f) => f.dialog === 'Subir un archivo' && f.name.startsWith('Archivo'));
      let chooser = await enterOpensFileChooser(page);
      await chooser.setFiles({ name: 'acta_notarial.pdf', mimeType: 'application/pdf', buffer: pdfBuffer() });
      await expectFocus(page, (f) => f.name.startsWith('Archivo') && f.description.includes('Nombre de archivo inválido'));
      // Clear the refused file, back to the input, choose again.
      await tabTo(page, 'Quitar el archivo', { max: 2 });
      await page.keyboard.press('Enter');
      await page.getByRole('dialog', { name: 'Subir un archivo' }).getByText('Nombre de archivo inválido').waitFor({ state: 'detached' });
      await tabTo(page, (f) => f.name.startsWith('Archivo'), { max: 3, backwards: true });
      chooser = await enterOpensFileChooser(page);
      await chooser.setFiles({ name: 'Acta notarial.pdf', mimeType: 'application/pdf', buffer: pdfBuffer() });
      await tabTo(page, 'Subir', { max: 4 });
      await page.keyboard.press('Enter');
      await page.getByText('Archivo subido de manera correcta', { exact: true }).first().waitFor();
      await page.getByRole('row', { name: /Acta notarial/ }).waitFor();
      expect(sent).toHaveLength(1);
    });
  });

  it('a form\'s upload dialog: the same rules within the field\'s own, narrower list; its picker offers only that list', async () => {
    const page = await suite.page({ viewport: DESKTOP });
    await snapshotOnFailure(page, async () => {
      await login(page, suite.baseUrl, await registerCitizen(suite.baseUrl, '22300486150'));
      // A document the profile takes but the field does not.
      const citizenId = await page.evaluate(() => (JSON.parse(localStorage.getItem('session') ?? '{}') as { id?: number }).id);
      const stored = await page.request.post(`${suite.baseUrl}/v1/portals/documents`, {
        multipart: { citizen_profile_id: String(citizenId), file: { name: 'Carta de trabajo.odt', mimeType: 'application/vnd.oasis.opendocument.text', buffer: odt() } },
      });
      expect(stored.status()).toBe(201);

      await page.goto(`${suite.baseUrl}/servicios/renovacion-licencia-de-conducir`);
      await page.getByRole('link', { name: 'Solicitar en línea' }).click();
      await page.getByRole('button', { name: /^Comenzar/ }).click();
      await page.waitForURL(/\/en-linea\/renovacion-licencia-conducir\/\d+/);
      const id = Number(/\/en-linea\/renovacion-licencia-conducir\/(\d+)/.exec(page.url())![1]);
      await page.goto(`${suite.baseUrl}/en-linea/renovacion-licencia-conducir/${id}/documentos`);
      const group = page.getByRole('group', { name: /^Certificado médico/ });
      await group.getByRole('button', { name: 'Elegir de mis documentos' }).click();
      const picker = page.getByRole('dialog', { name: 'Mis documentos' });
      await picker.getByText('No se han encontrado resultados').waitFor();
      await picker.getByRole('button', { name: 'Cancelar' }).click();
      await picker.waitFor({ state: 'hidden' });

      const sent = watchUploads(page);
      await group.getByRole('button', { name: 'Subir archivo' }).click();
      const dialog = page.getByRole('dialog', { name: 'Subir documento' });
      await dialog.getByText('Evite acentos y caracteres especiales en el nombre del archivo', { exact: false }).waitFor();
      await fileInput(dialog).setInputFiles({ name: 'acta_notarial.pdf', mimeType: 'application/pdf', buffer: pdfBuffer() });
      await expectFieldError(dialog, 'Nombre de archivo inválido');
      await expectNoAxeViolations(page, 'form upload dialog with an error at 1280 px');
      await shot(page, 'formulario-nombre-invalido-1280');
      await fileInput(dialog).setInputFiles({ name: 'Carta de trabajo.odt', mimeType: 'application/vnd.oasis.opendocument.text', buffer: odt() });
      await expectFieldError(dialog, 'Tipo de archivo no permitido');
      await drop(dropZone(dialog), [{ name: 'Carta.odt', text: 'x' }]);
      await expectFieldError(dialog, 'Archivo inválido. Tipo de archivo no permitido');
      await dropInput(dialog).setInputFiles(tooLargeFile());
      await expectFieldError(dialog, 'Archivo inválido. El archivo excede el tamaño máximo de 50 MB');
      expect(sent).toHaveLength(0);

      await page.setViewportSize(PHONE);
      await fileInput(dialog).setInputFiles({ name: 'acta_notarial.pdf', mimeType: 'application/pdf', buffer: pdfBuffer() });
      await expectFieldError(dialog, 'Nombre de archivo inválido');
      await expectNoAxeViolations(page, 'form upload dialog with an error at 390 px');
      await shot(page, 'formulario-nombre-invalido-390');
      await page.setViewportSize(DESKTOP);

      await fileInput(dialog).setInputFiles({ name: 'Certificado medico.pdf', mimeType: 'application/pdf', buffer: pdfBuffer() });
      await dialog.getByRole('button', { name: 'Subir', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      await group.getByText(/Certificado medico/).first().waitFor();
      expect(sent).toHaveLength(1);
    });
  });
});
