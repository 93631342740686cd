/** Playwright helpers for the citizen portal (Spanish UI, Mantine widgets). */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { REPO_ROOT } from './startPortal';

export const DEMO_CEDULA = '40229183641';
export const DEMO_PASSWORD = 'Demo-Portal-2026';

export type Data = Record<string, any>;

/** A small, valid one-page PDF. */
export function pdfBuffer(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A 1×1 PNG. */
export function pngBuffer(): Buffer {
  return Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
}

export function fixture(name: 'srl-completa' | 'eirl-completa' | 'pf-completa'): Data {
  const file = path.join(REPO_ROOT, 'schemas/formalizacion/fixtures/valid', `${name}.json`);
  return (JSON.parse(readFileSync(file, 'utf8')) as { data: Data }).data;
}

export interface Account {
  cedula: string;
  password: string;
}

export const DEMO: Account = { cedula: DEMO_CEDULA, password: DEMO_PASSWORD };

/** Registers a sandbox JCE citizen (README's list) through the API: a citizen with no documents or drafts yet. */
export async function registerCitizen(baseUrl: string, cedula: string): Promise<Account> {
  const password = 'Prueba-E2E-2026';
  const res = await fetch(`${baseUrl}/v1/portals/auth/citizens/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ cedula, email: `ciudadano.${cedula}@example.com`, password, password_confirmation: password }),
  });
  if (res.status !== 201) throw new Error(`register ${cedula}: ${res.status} ${await res.text()}`);
  return { cedula, password };
}

export async function login(page: Page, baseUrl: string, account: Account = DEMO): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await page.getByLabel('Cédula').fill(account.cedula);
  await page.getByLabel('Contraseña').fill(account.password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.getByRole('button', { name: 'Nueva solicitud de formalización' }).waitFor();
}

/** Clicks "Nueva solicitud de formalización" and returns the new draft's id (on step 1). */
export async function newApplication(page: Page): Promise<number> {
  await page.getByRole('button', { name: 'Nueva solicitud de formalización' }).click();
  await page.waitForURL(/\/formalizacion\/\d+/);
  await page.getByRole('heading', { name: 'Datos solicitud de formalización' }).waitFor();
  return Number(/\/formalizacion\/(\d+)/.exec(page.url())![1]);
}

const API = (baseUrl: string, id: number) => `${baseUrl}/v1/portals/formalizaciones/${id}`;

export async function getDraft(page: Page, baseUrl: string, id: number): Promise<{ data: Data; version: number; status: string }> {
  const res = await page.request.get(API(baseUrl, id));
  if (!res.ok()) throw new Error(`GET draft ${id}: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { data: { data: Data; version: number; status: string } }).data;
}

/** Replaces the draft's data through the API with the page's session cookie. */
export async function seedDraft(page: Page, baseUrl: string, id: number, data: Data): Promise<void> {
  const { version } = await getDraft(page, baseUrl, id);
  const res = await page.request.put(API(baseUrl, id), { data: { data, version } });
  if (!res.ok()) throw new Error(`PUT draft ${id}: ${res.status()} ${await res.text()}`);
}

/** Uploads a document through the API (session cookie of the page); returns its id. */
export async function uploadDocumentApi(page: Page, baseUrl: string, name = 'documento.pdf'): Promise<number> {
  const citizenId = await page.evaluate(() => (JSON.parse(localStorage.getItem('session') ?? '{}') as { id?: number }).id);
  const res = await page.request.post(`${baseUrl}/v1/portals/documents`, {
    multipart: { citizen_profile_id: String(citizenId), file: { name, mimeType: 'application/pdf', buffer: pdfBuffer() } },
  });
  if (!res.ok()) throw new Error(`upload: ${res.status()} ${await res.text()}`);
  const body = (await res.json()) as { data: { id: number } };
  return body.data.id;
}

/** A choice question: a radio group when the field renders one, else a Select. */
export async function choose(page: Page, label: string, option: string): Promise<void> {
  const radios = page.getByRole('radiogroup', { name: new RegExp(`^${escapeRe(label)}( \\(obligatorio\\))?$`) });
  if ((await radios.count()) > 0) await chooseRadio(page, label, option);
  else await fillSelect(page, label, option);
}

/** Picks an option of a Mantine Select (fixed or fetched options) by its visible text. */
export async function fillSelect(page: Page, label: string, option: string | RegExp): Promise<void> {
  const input = page.getByRole('textbox', { name: label, exact: true }).or(page.getByRole('combobox', { name: label, exact: true })).first();
  await input.click();
  const opt = page.getByRole('option', { name: option, exact: typeof option === 'string' }).first();
  await opt.click();
  await expectClosed(page);
}

async function expectClosed(page: Page): Promise<void> {
  await page.getByRole('listbox').waitFor({ state: 'hidden' }).catch(() => undefined);
}

/** Checks a radio of a group; the group's name is its label, possibly followed by " (obligatorio)". */
export async function chooseRadio(page: Page, group: string, option: string): Promise<void> {
  const escaped = escapeRe(group);
  await page
    .getByRole('radiogroup', { name: new RegExp(`^${escaped}( \\(obligatorio\\))?$`) })
    .getByRole('radio', { name: option, exact: true })
    .check();
}

/** A text field by its exact accessible name. */
export function field(page: Page, label: string) {
  return page.getByRole('textbox', { name: label, exact: true });
}

/** Clicks "Siguiente" (or the last step's button) and waits for the given step heading. */
export async function nextStep(page: Page, heading: string): Promise<void> {
  await page.getByRole('button', { name: /^(Siguiente|Revisar la solicitud)$/ }).click();
  await page.getByRole('heading', { name: heading, exact: true }).waitFor();
}

/** Uploads a file through the field's upload dialog ("Subir archivo" → file input → "Subir"). */
export async function uploadFile(page: Page, fieldGroup: string, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
  const group = page.getByRole('group', { name: fileGroupName(fieldGroup) });
  await group.getByRole('button', { name: 'Subir archivo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Subir documento' });
  // The labelled FileInput (the Dropzone has a hidden input of its own).
  await dialog.locator('input[type=file][accept]').setInputFiles(file);
}

/** The server accepts file names of letters, digits, spaces and dots only. */
export async function uploadPdf(page: Page, fieldGroup: string, name = 'documento.pdf'): Promise<void> {
  await uploadFile(page, fieldGroup, { name, mimeType: 'application/pdf', buffer: pdfBuffer() });
  const dialog = page.getByRole('dialog', { name: 'Subir documento' });
  await dialog.getByRole('button', { name: 'Subir', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
  await page.getByRole('group', { name: fileGroupName(fieldGroup) }).getByText(`${name.replace(/\.pdf$/, '')}`).first().waitFor();
}

/** Picks a stored document by name in the field's "Elegir de mis documentos" dialog. */
export async function pickDocument(page: Page, fieldGroup: string, name: string): Promise<void> {
  const group = page.getByRole('group', { name: fileGroupName(fieldGroup) });
  await group.getByRole('button', { name: 'Elegir de mis documentos' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mis documentos' });
  await dialog.getByRole('listitem').filter({ hasText: name }).getByRole('button', { name: 'Seleccionar' }).click();
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

export async function waitSaved(page: Page): Promise<void> {
  await page.getByText('Borrador guardado').first().waitFor();
}

export function escapeRe(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A file field's group is named by its label, possibly followed by " (obligatorio)". */
function fileGroupName(label: string): RegExp {
  return new RegExp(`^${escapeRe(label)}( \\(obligatorio\\))?$`);
}

/** Runs a flow; on failure adds the URL and the page's accessibility tree (navigation left out) to the error. */
export async function snapshotOnFailure<T>(page: Page, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const snap = await page.locator('body').ariaSnapshot().catch(() => '(no snapshot)');
    const trimmed = snap.split('\n').filter((l) => !/^\s*- (listitem|\/url|link "\d+\. )/.test(l)).join('\n');
    throw new Error(`${(error as Error).message}\nURL: ${page.url()}\nPage:\n${trimmed}`, { cause: error });
  }
}
