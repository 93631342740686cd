/** Playwright helpers for the citizen portal (Spanish UI, Mantine widgets). */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { SANDBOX_JCE_CITIZENS } from '../../packages/server/src/agencies/sandbox/sandboxData';
import { nextStaffCode, rememberStaffSecret } from '../../packages/server/test/staffCodes';
import { mailboxOf, REPO_ROOT } from './startPortal';

export const DEMO_CEDULA = '40229183641';
export const DEMO_PASSWORD = 'Demo-Portal-2026';

export type Data = Record<string, any>;

/**
 * Keeps Playwright intercepting the page's file choosers from now on. It turns
 * interception on and off asynchronously as the first listener comes and the
 * last one goes; a chooser opened in between is a real headless dialog that
 * never reports and keeps every later one from opening. Call it right after
 * the page is made; each `waitForEvent('filechooser')` then just listens.
 */
export function interceptFileChoosers(page: Page): void {
  page.on('filechooser', () => undefined);
}

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

/**
 * Registers a sandbox JCE citizen (README's list) through the API, as a citizen would: register with the
 * JCE date of birth, read the code from the e-mail, confirm, log in once (the welcome is behind them). A citizen with no documents or drafts yet.
 */
export async function registerCitizen(baseUrl: string, cedula: string): Promise<Account> {
  const password = 'Prueba-E2E-2026';
  const email = `ciudadano.${cedula}@example.com`;
  const person = SANDBOX_JCE_CITIZENS.find((p) => p.cedula === cedula);
  if (!person) throw new Error(`${cedula} no está en el registro simulado de la JCE`);
  const mailbox = mailboxOf(baseUrl);
  const since = mailbox.received.length;
  const post = (url: string, body: object) =>
    fetch(`${baseUrl}/v1/portals/auth/citizens/${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const res = await post('register', { cedula, fecha_nacimiento: person.fechaNacimiento, email, password, password_confirmation: password });
  if (res.status !== 202) throw new Error(`register ${cedula}: ${res.status} ${await res.text()}`);
  const { registration_token: token } = (await res.json()) as { registration_token: string };
  const confirmed = await post('confirm', { registration_token: token, code: await mailbox.codeFor(email, { since }) });
  if (confirmed.status !== 201) throw new Error(`confirm ${cedula}: ${confirmed.status} ${await confirmed.text()}`);
  // One login here uses up the account's first-login welcome (FIRST_LOGIN), so the tests' browser login lands on the page.
  const first = await post('login', { cedula, password });
  if (first.status !== 200) throw new Error(`login ${cedula}: ${first.status} ${await first.text()}`);
  return { cedula, password };
}

/** Signs in through the login page's «volver» and waits to be back at `to` (a local path). */
export async function signInTo(page: Page, baseUrl: string, account: Account, to: string): Promise<void> {
  await page.goto(`${baseUrl}/ingresar?volver=${encodeURIComponent(to)}`);
  await page.getByLabel('Cédula').fill(account.cedula);
  await page.getByLabel('Contraseña').fill(account.password);
  await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
  await page.waitForURL((url) => url.pathname === to);
}

/**
 * The next code of a staff member's authenticator app on the portal at
 * `baseUrl` (the sandbox accounts' documented key, or the one the member
 * enrolled: rememberStaffCode); each code opens one sign-in, so this never
 * hands out one twice and waits for the next when it must.
 */
export async function staffCode(baseUrl: string, email: string): Promise<string> {
  return (await nextStaffCode(baseUrl, email)).code;
}

/** Remembers the key a member enrolled on the portal at `baseUrl` (their later codes come from it). */
export function rememberStaffCode(baseUrl: string, email: string, secret: string): void {
  rememberStaffSecret(baseUrl, email, secret.replace(/\s/g, ''));
}

/** Signs a staff member in through the API (password, then the code): the session token. */
export async function staffApiToken(baseUrl: string, account: { email: string; password: string }): Promise<string> {
  const post = (url: string, body: object) => fetch(`${baseUrl}/v1/backoffice/auth/${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const first = await post('login', account);
  if (first.status !== 200) throw new Error(`staff login ${account.email}: ${first.status} ${await first.text()}`);
  const { pending_token: pending } = (await first.json()) as { pending_token: string };
  const second = await post('second-factor', { pending_token: pending, code: await staffCode(baseUrl, account.email) });
  if (second.status !== 200) throw new Error(`staff second factor ${account.email}: ${second.status} ${await second.text()}`);
  return ((await second.json()) as { token: string }).token;
}

/** On the staff sign-in page: types the e-mail and password, then the authenticator app's code (the second step). */
export async function staffSignInHere(page: Page, baseUrl: string, account: { email: string; password: string }): Promise<void> {
  await page.getByRole('textbox', { name: 'Correo electrónico' }).fill(account.email);
  await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
  const code = page.getByRole('textbox', { name: 'Código de 6 dígitos' });
  await code.waitFor();
  await code.fill(await staffCode(baseUrl, account.email));
  await page.getByRole('button', { name: 'Verificar' }).click();
}

/**
 * Signs a staff member in: opens the back-office address `to` (which sends
 * them to the staff sign-in page), signs in there with the password and the
 * authenticator app's code, and waits to be back at `to`.
 */
export async function staffSignInTo(page: Page, baseUrl: string, account: { email: string; password: string }, to: string): Promise<void> {
  await page.goto(`${baseUrl}${to}`);
  await page.waitForURL((url) => url.pathname === '/institucion/ingresar');
  await staffSignInHere(page, baseUrl, account);
  await page.waitForURL((url) => url.pathname === to);
}

export async function login(page: Page, baseUrl: string, account: Account = DEMO): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await page.getByLabel('Cédula').fill(account.cedula);
  await page.getByLabel('Contraseña').fill(account.password);
  await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
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

/** Checks a radio of a group; the group's name is its label, possibly followed by " (obligatorio)". */
export async function chooseRadio(page: Page, group: string, option: string): Promise<void> {
  const escaped = escapeRe(group);
  await page
    .getByRole('radiogroup', { name: new RegExp(`^${escaped}( \\(obligatorio\\))?$`) })
    .getByRole('radio', { name: option, exact: true })
    .check();
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

// ---------------------------------------------------------------------------
// Scoped helpers: a step (the page) or a grid row ("Fila N") as the scope.

export type Scope = Page | Locator;

function pageOf(scope: Scope): Page {
  return 'goto' in scope ? scope : scope.page();
}

/** Polls `read` until it returns `expected` (or matches it): lookups, computed fields, async labels. Throws with the last value. */
export async function waitForValue(read: () => Promise<string>, expected: string | RegExp, what: string, timeout = 15000): Promise<void> {
  const matches = (v: string) => (typeof expected === 'string' ? v === expected : expected.test(v));
  const deadline = Date.now() + timeout;
  let last = await read();
  while (!matches(last)) {
    if (Date.now() > deadline) throw new Error(`${what}: expected ${typeof expected === 'string' ? `"${expected}"` : String(expected)}, got "${last}"`);
    await new Promise((r) => setTimeout(r, 100));
    last = await read();
  }
}

/** A text field of the scope by its exact accessible name. */
export function textIn(scope: Scope, label: string): Locator {
  return scope.getByRole('textbox', { name: label, exact: true });
}

/** Picks an option of a (fixed or fetched) select of the scope, then checks the select shows it. */
export async function selectIn(scope: Scope, label: string, option: string): Promise<void> {
  const page = pageOf(scope);
  const input = scope.getByRole('combobox', { name: label, exact: true });
  await input.click();
  await page.getByRole('listbox', { name: label, exact: true }).getByRole('option', { name: option, exact: true }).click();
  await waitForValue(() => input.inputValue(), option, `select "${label}"`);
}

/** A searchable select (provinces, municipalities, sectors, nationalities, CIIU activities, banks): types `query`, picks the option. */
export async function searchSelect(scope: Scope, label: string, query: string, option: string | RegExp): Promise<string> {
  const page = pageOf(scope);
  const input = scope.getByRole('combobox', { name: label, exact: true });
  await input.click();
  await input.fill(query);
  const opt = page.getByRole('listbox', { name: label, exact: true }).getByRole('option', { name: option, exact: typeof option === 'string' });
  const text = ((await opt.textContent()) ?? '').trim();
  await opt.click();
  await waitForValue(() => input.inputValue(), text, `select "${label}"`);
  return text;
}

/** The visible options of a select of the scope (opens it, reads them, closes it with Escape). */
export async function optionsOf(scope: Scope, label: string, query?: string): Promise<string[]> {
  const page = pageOf(scope);
  const input = scope.getByRole('combobox', { name: label, exact: true });
  await input.click();
  if (query !== undefined) await input.fill(query);
  const listbox = page.getByRole('listbox', { name: label, exact: true });
  await listbox.waitFor();
  const texts = (await listbox.getByRole('option').allTextContents()).map((t) => t.trim());
  if (query !== undefined) await input.fill('');
  await page.keyboard.press('Escape');
  await listbox.waitFor({ state: 'hidden' });
  return texts;
}

/** A grid (fieldset) by its legend, possibly followed by " (obligatorio)". */
export function gridOf(scope: Scope, legend: string): Locator {
  return scope.getByRole('group', { name: new RegExp(`^${escapeRe(legend)}( \\(obligatorio\\))?$`) });
}

/** Clicks the grid's "Agregar" and returns the new row ("Fila N"). */
export async function addRow(grid: Locator): Promise<Locator> {
  const rows = grid.getByRole('group', { name: /^Fila \d+$/ });
  const n = await rows.count();
  await grid.getByRole('button', { name: 'Agregar', exact: true }).click();
  const row = grid.getByRole('group', { name: `Fila ${n + 1}`, exact: true });
  await row.waitFor();
  return row;
}

/** Types an 11-digit cédula into the scope's field and waits for the JCE lookup to fill the names. */
export async function typeCedula(scope: Scope, label: string, cedula: string, names: { field: string; expected: string }): Promise<void> {
  await textIn(scope, label).pressSequentially(cedula);
  await waitForValue(() => textIn(scope, names.field).inputValue(), names.expected, `${names.field} filled from the JCE`);
}

/** A date `days` from today (the machine's local calendar), as the date input's AAAA-MM-DD. */
export function isoDate(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Titles of the application's sections, in schema order (the steps). */
export function sectionTitles(): string[] {
  const schema = JSON.parse(readFileSync(path.join(REPO_ROOT, 'schemas/formalizacion/schema.json'), 'utf8')) as { properties: Record<string, { title?: string }> };
  return Object.entries(schema.properties).map(([key, node]) => node.title ?? key);
}

/** The sections listed in the side list ("Secciones de la solicitud"), in order, by title (number and status left out). */
export async function sideSections(page: Page): Promise<string[]> {
  // Longest first: no title is taken for another that it begins with.
  const titles = sectionTitles().sort((a, b) => b.length - a.length);
  const links = page.getByRole('navigation', { name: 'Secciones de la solicitud' }).getByRole('link');
  await links.first().waitFor();
  const texts = (await links.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim().replace(/^\d+\. /, ''));
  return texts.map((t) => titles.find((title) => t.startsWith(title))).filter((t): t is string => t !== undefined);
}

/** A question of the review: a field of the section itself, or `{ row, field }` a field of a grid row named «Socio 1 · Carmen …». */
export type ReviewQuestion = string | { row: string; field: string };

/**
 * The answer shown on the review page for a question of a section ("Cambiar" page). A field of
 * the section itself is looked for before its grid rows (the section's own answers come first).
 */
export function reviewAnswer(page: Page, section: string, question: ReviewQuestion): Locator {
  const region = page.getByRole('region', { name: section, exact: true });
  const scope = typeof question === 'string' ? region : region.getByRole('group', { name: question.row, exact: true });
  const field = typeof question === 'string' ? question : question.field;
  return scope
    .locator('dl > div')
    .filter({ has: page.locator('dt').getByText(field, { exact: true }) })
    .first()
    .locator('dd');
}

/** Clicks a folded section's or grid row's button on the review (aria-expanded="false"); nothing when it is open or does not fold. */
export async function unfold(toggle: Locator): Promise<void> {
  if ((await toggle.count()) > 0 && (await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
}

/** Unfolds the review's section (and grid row) of a question, as the citizen would, to read its answer. */
export async function unfoldAnswer(page: Page, section: string, question: ReviewQuestion): Promise<void> {
  const region = page.getByRole('region', { name: section, exact: true });
  await region.waitFor();
  await unfold(region.getByRole('heading').first().getByRole('button'));
  if (typeof question === 'string') return;
  const row = region.getByRole('group', { name: question.row, exact: true });
  await row.waitFor();
  await unfold(row.getByRole('heading').first().getByRole('button'));
}

/** Waits for the review page to show `expected` as the answer (option lists and document names load after the page), unfolding its section and row. */
export async function expectAnswer(page: Page, section: string, question: ReviewQuestion, expected: string | RegExp): Promise<void> {
  await unfoldAnswer(page, section, question);
  const answer = reviewAnswer(page, section, question);
  await answer.waitFor();
  const what = typeof question === 'string' ? question : `${question.row} › ${question.field}`;
  await waitForValue(async () => ((await answer.textContent()) ?? '').trim(), expected, `review: ${section} › ${what}`);
}

/**
 * Waits until the autosave status says every change is on the server ("Borrador guardado").
 * Typing reaches the app right after the next paint (SchemaForm's change queue), so the status
 * is read only after a frame has passed: before that it still describes the previous change.
 */
export async function waitAutosaved(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 0)))));
  await page.locator('main').getByRole('status').filter({ hasText: /^Borrador guardado$/ }).waitFor();
}

/**
 * "Revisar la solicitud" from the last step, once the draft is saved, and the review page with no
 * error summary. The review page first renders the application as cached when the steps were
 * loaded, then the server's copy: the summary "La solicitud todavía tiene errores" may show for a
 * moment (see the e2e report), so its absence is awaited, not read once.
 */
export async function openReview(page: Page): Promise<void> {
  await waitAutosaved(page);
  await page.getByRole('button', { name: 'Revisar la solicitud' }).click();
  await page.waitForURL(/\/formalizacion\/\d+\/revisar$/);
  await page.getByRole('heading', { name: 'Revise sus respuestas antes de enviar' }).waitFor();
  await page.getByRole('alert').filter({ hasText: 'La solicitud todavía tiene errores' }).waitFor({ state: 'detached' });
  await waitForValue(async () => String(await page.getByRole('button', { name: 'Enviar solicitud' }).isEnabled()), 'true', '"Enviar solicitud" enabled');
}

/** A select's choice: the option's text, or what is typed to find it and the option it finds («sosua» → «Sosúa»). */
export type Choice = string | readonly [typed: string, option: string];

export interface Address {
  provincia: Choice;
  municipio: Choice;
  sector: Choice;
  calle: string;
  numero: string;
  /** Label of the number field. Default: 'Número de casa o apartamento'. */
  numeroLabel?: string;
  postal?: string;
}

/** The option a choice ends on. */
export const chosen = (c: Choice): string => (typeof c === 'string' ? c : c[1]);

/** An address block as the form asks it (provincia → municipio → sector, then street). */
export async function fillAddress(scope: Scope, a: Address): Promise<void> {
  // Searchable selects: typing the name (or words of it, accents left out) finds it even past the first 100 options the list shows.
  for (const [label, choice] of [['Provincia', a.provincia], ['Municipio', a.municipio], ['Sector', a.sector]] as const) {
    await searchSelect(scope, label, typeof choice === 'string' ? choice : choice[0], chosen(choice));
  }
  await textIn(scope, 'Calle').fill(a.calle);
  await textIn(scope, a.numeroLabel ?? 'Número de casa o apartamento').fill(a.numero);
  if (a.postal) await textIn(scope, 'Código postal').fill(a.postal);
}

/** A person's contact block: e-mail typed twice (the confirmation refuses paste), phones typed digit by digit. */
export interface Contact {
  email: string;
  phone: string;
  cell?: string;
  sexo: string;
  estadoCivil?: string;
  /** Search text and option of the nationality select. */
  nacionalidad: [string, string];
}

export async function fillContact(scope: Scope, c: Contact): Promise<void> {
  await textIn(scope, 'Correo electrónico').fill(c.email);
  await textIn(scope, 'Confirmar correo electrónico').pressSequentially(c.email);
  await textIn(scope, 'Teléfono').pressSequentially(c.phone);
  if (c.cell) await textIn(scope, 'Celular').pressSequentially(c.cell);
  await selectIn(scope, 'Sexo', c.sexo);
  if (c.estadoCivil) await selectIn(scope, 'Estado civil', c.estadoCivil);
  await searchSelect(scope, 'Nacionalidad', c.nacionalidad[0], c.nacionalidad[1]);
}
