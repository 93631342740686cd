/**
 * Accessibility in Chromium against the production build: axe-core (WCAG 2.2
 * A and AA) on every page and every step of an SRL and a PF application, with
 * and without errors shown, with the document dialogs open; and a keyboard-only
 * run through steps 1 and 2 (no mouse), checking where focus lands.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { portalSuite } from '../support/portalSuite';
import { DEMO, fixture, getDraft, interceptFileChoosers, login, newApplication, pdfBuffer, seedDraft, snapshotOnFailure, uploadDocumentApi, textIn, uploadFile, type Data } from '../support/portal';
import { chooseOption, expectFocus, tabTo, type, walkFocus } from '../support/keyboard';
import { setFileFields } from '../support/fileFields';
import { axeViolations, formatViolations, headingProblems, waitForStillPage, weakControlBoundaries } from '../support/axe';
import type { FormSchema } from '@portal/form-engine';
import schemaJson from '../../schemas/formalizacion/schema.json';

const suite = portalSuite();
const freshPage = (): Promise<Page> => suite.page({ viewport: { width: 1280, height: 900 } });

const schema = schemaJson as unknown as FormSchema;
const SECTION_TITLES: Record<string, string> = Object.fromEntries(Object.entries(schema.properties).map(([k, n]) => [k, n.title ?? k]));

const SRL_STEPS = [
  'datos_solicitud', 'datos_solicitante', 'datos_representante', 'datos_empresa', 'actividades_empresariales', 'propietario_socios',
  'datos_financieros', 'informacion_empresarial', 'referencias_comerciales', 'referencias_bancarias', 'detalles_factura', 'documentos_requeridos',
];
const PF_STEPS = [
  'datos_solicitud', 'datos_solicitante', 'datos_empresa', 'actividades_empresariales', 'determinacion_obligaciones',
  'datos_financieros', 'informacion_empresarial', 'referencias_comerciales', 'referencias_bancarias', 'detalles_factura', 'documentos_requeridos',
];

/** Collects axe's findings (and weak control boundaries) page after page; the test fails once at the end with all of them. */
class Scans {
  readonly failures: string[] = [];
  readonly scanned: string[] = [];
  constructor(private readonly page: Page) {}
  async scan(where: string): Promise<void> {
    const violations = await axeViolations(this.page);
    this.scanned.push(where);
    const at = `${where} (${new URL(this.page.url()).pathname})`;
    if (violations.length > 0) this.failures.push(`${at}: ${violations.length} violation(s)\n${formatViolations(violations)}`);
    // 1.4.11, which axe leaves out: controls must stand out 3:1 from their background.
    const weak = await weakControlBoundaries(this.page);
    if (weak.length > 0) this.failures.push(`${at}: [non-text-contrast] control boundaries under 3:1 (WCAG 1.4.11)\n    - ${weak.join('\n    - ')}`);
    // A screen reader's list of headings: one h1 (on a step, the application's name), no level skipped.
    const headings = await headingProblems(this.page);
    if (headings.length > 0) this.failures.push(`${at}: [headings] the page's outline\n    - ${headings.join('\n    - ')}`);
  }
  expectClean(): void {
    expect(this.scanned.length).toBeGreaterThan(0);
    if (this.failures.length > 0) throw new Error(`axe-core found WCAG 2.2 A/AA violations:\n${this.failures.join('\n\n')}`);
  }
}

/** A fixture made submittable against the sandbox: registered cédulas and certificate, real bank ids, the citizen's own document. */
async function submittable(page: Page, name: 'srl-completa' | 'pf-completa'): Promise<Data> {
  const data = structuredClone(fixture(name));
  const documentId = await uploadDocumentApi(page, suite.baseUrl, 'Documento prueba.pdf');
  setFileFields(data, documentId);
  const banks = (await (await page.request.get(`${suite.baseUrl}/v1/region/bancos`)).json()) as { data: { id: number }[] };
  data.referencias_bancarias = (data.referencias_bancarias as unknown[]).map((_, i) => ({ nombre_del_banco: banks.data[i].id }));
  if (data.datos_representante) data.datos_representante.cedula = '00104578232';
  if (Array.isArray(data.propietario_socios)) data.propietario_socios[0].numero_de_cedula = '03105672194';
  if (data.detalles_factura?.cedula) data.detalles_factura.cedula = '22300486150';
  if (data.datos_solicitud.numero_del_certificado_de_nombre_comercial) data.datos_solicitud.numero_del_certificado_de_nombre_comercial = '458712';
  return data;
}

/** Opens a step by its URL and waits for its heading and for fetched options and lookups to settle. */
async function openStep(page: Page, id: number, key: string): Promise<void> {
  await page.goto(`${suite.baseUrl}/formalizacion/${id}/${key}`);
  await page.getByRole('heading', { name: SECTION_TITLES[key], level: 2, exact: true }).waitFor();
  await settle(page);
}

/** No loader spinning, no select still fetching its options, nothing mid-transition. */
async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelectorAll('.mantine-Loader-root, [aria-busy="true"]').length === 0, undefined, { timeout: 15000 });
  await waitForStillPage(page);
}

/**
 * Field errors shown on the page that no control points to with aria-describedby
 * (a screen reader would not read them with the field), and invalid controls
 * whose description does not include an error message.
 */
function unlinkedErrors(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const describedIds = new Set<string>();
    for (const el of document.querySelectorAll('[aria-describedby]')) for (const id of el.getAttribute('aria-describedby')!.split(/\s+/)) describedIds.add(id);
    const messages = [...document.querySelectorAll<HTMLElement>('main .mantine-InputWrapper-error, main .mantine-Input-error, main [id$="-error"]')];
    if (messages.length === 0) problems.push('no field error shown');
    for (const m of messages) {
      if (!m.id || !describedIds.has(m.id)) problems.push(`error "${m.textContent}" (#${m.id || 'no id'}) is not referenced by aria-describedby`);
    }
    for (const c of document.querySelectorAll<HTMLElement>('main [aria-invalid="true"]')) {
      const ids = (c.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
      const text = ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
      if (!messages.some((m) => ids.includes(m.id)) || text.trim() === '') problems.push(`#${c.id} is aria-invalid but not described by its error`);
    }
    return problems;
  });
}

async function scanSteps(page: Page, scans: Scans, id: number, steps: string[], label: string): Promise<void> {
  for (const [i, key] of steps.entries()) {
    await openStep(page, id, key);
    expect(await page.getByText(`Paso ${i + 1} de ${steps.length}`, { exact: true }).count(), `${label}: step ${key} is step ${i + 1}`).toBe(1);
    await scans.scan(`${label} step ${i + 1} "${SECTION_TITLES[key]}"`);
  }
}

describe('axe-core: WCAG 2.2 A and AA', () => {
  it('login page, home ("Mis solicitudes"), every SRL step, the document dialogs, the review and the confirmation', async () => {
    const page = await freshPage();
    const scans = new Scans(page);
    await snapshotOnFailure(page, async () => {
      await page.goto(`${suite.baseUrl}/`);
      await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
      await scans.scan('login page');
      // The login form's own error.
      await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
      await page.getByRole('alert').filter({ hasText: 'Escriba su cédula' }).waitFor();
      await scans.scan('login page with its error');

      await login(page, suite.baseUrl);
      const id = await newApplication(page);
      await settle(page);
      await scans.scan('SRL step 1, empty');

      await seedDraft(page, suite.baseUrl, id, await submittable(page, 'srl-completa'));
      await scanSteps(page, scans, id, SRL_STEPS, 'SRL');

      // The document dialogs, open (on the documents step, the last one opened above).
      const group = page.getByRole('group', { name: /^Estatutos/ });
      await group.getByRole('button', { name: 'Subir archivo' }).click();
      await page.getByRole('dialog', { name: 'Subir documento' }).waitFor();
      await scans.scan('upload dialog');
      await page.keyboard.press('Escape');
      await page.getByRole('dialog', { name: 'Subir documento' }).waitFor({ state: 'hidden' });
      await group.getByRole('button', { name: 'Elegir de mis documentos' }).click();
      const picker = page.getByRole('dialog', { name: 'Mis documentos' });
      await picker.getByRole('listitem').first().waitFor();
      await scans.scan('document picker dialog');
      await picker.getByRole('button', { name: 'Cancelar' }).click();
      await picker.waitFor({ state: 'hidden' });

      // The upload dialog with its file input's error (a type the field does not take).
      await uploadFile(page, 'Estatutos', { name: 'programa.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
      const uploadDialog = page.getByRole('dialog', { name: 'Subir documento' });
      await uploadDialog.getByText(/Tipo de archivo no permitido/).waitFor();
      await scans.scan('upload dialog with a file type error');
      await uploadDialog.getByRole('button', { name: 'Cancelar' }).click();
      await uploadDialog.waitFor({ state: 'hidden' });

      // A toast ("Archivo subido de manera correcta"), held open by the pointer resting on it from the moment it shows.
      await uploadFile(page, 'Estatutos', { name: 'Estatutos firmados.pdf', mimeType: 'application/pdf', buffer: pdfBuffer() });
      await uploadDialog.getByRole('button', { name: 'Subir', exact: true }).click();
      await page.getByRole('alert').filter({ hasText: 'Archivo subido de manera correcta' }).hover();
      await uploadDialog.waitFor({ state: 'hidden' });
      await page.getByRole('group', { name: /^Estatutos/ }).getByText('Estatutos firmados').first().waitFor();
      await scans.scan('documents step with a toast');
      expect(await page.getByRole('alert').filter({ hasText: 'Archivo subido de manera correcta' }).count(), 'the toast was scanned').toBe(1);

      await page.goto(`${suite.baseUrl}/formalizacion/${id}/revisar`);
      await page.getByRole('heading', { name: 'Revise sus respuestas antes de enviar' }).waitFor();
      await settle(page);
      await scans.scan('review page');
      // Sections fold (the review starts folded): every answer shown, and both at a phone's width.
      await page.getByRole('button', { name: 'Mostrar todas las respuestas' }).click();
      await page.getByRole('button', { name: 'Ocultar todas' }).waitFor();
      // Every answer shown is scanned once, at a phone's width (the same markup as at 1280).
      await page.setViewportSize({ width: 390, height: 844 });
      await settle(page);
      await scans.scan('review page, all answers shown, 390 px');
      const openHeight = await page.evaluate(() => document.documentElement.scrollHeight);
      await page.getByRole('button', { name: 'Ocultar todas' }).click();
      await page.getByRole('button', { name: 'Mostrar todas las respuestas' }).waitFor();
      await settle(page);
      const foldedHeight = await page.evaluate(() => document.documentElement.scrollHeight);
      console.log(`review page at 390 px: ${foldedHeight} px folded, ${openHeight} px with every answer shown`);
      expect(foldedHeight).toBeLessThan(openHeight / 3);
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.getByRole('button', { name: 'Enviar solicitud' }).click();
      await page.waitForURL(/\/confirmacion$/);
      await page.getByTestId('codigo-solicitud').waitFor();
      await page.getByRole('heading', { name: 'Pagos pendientes' }).waitFor();
      await settle(page);
      await scans.scan('confirmation page');

      // A second request (a draft) beside the submitted one, so the home page lists two.
      const second = await page.request.post(`${suite.baseUrl}/v1/portals/formalizaciones`, { data: { data: { datos_solicitud: { tipo_societario: 'EIRL' } } } });
      expect(second.status()).toBe(201);
      await page.getByRole('link', { name: 'Volver al inicio' }).click();
      await page.getByRole('heading', { name: 'Mis solicitudes' }).waitFor();
      await page.getByText(/^VUF-/).first().waitFor();
      await settle(page);
      await scans.scan('home page ("Mis solicitudes") with applications');
      // Each request's link says which request it opens (WCAG 2.4.4): no two "Continuar" / "Ver" alike.
      const names = await page.getByRole('main').getByRole('link', { name: /^(Continuar|Ver) / }).evaluateAll((links) => links.map((l) => l.textContent?.trim() ?? ''));
      expect(names.length, 'links to the requests').toBeGreaterThanOrEqual(2);
      expect(new Set(names).size, names.join(' | ')).toBe(names.length);
    });
    scans.expectClean();
  });

  it('every PF step', async () => {
    const page = await freshPage();
    const scans = new Scans(page);
    await snapshotOnFailure(page, async () => {
      await login(page, suite.baseUrl);
      const id = await newApplication(page);
      await seedDraft(page, suite.baseUrl, id, await submittable(page, 'pf-completa'));
      await scanSteps(page, scans, id, PF_STEPS, 'PF');
      // A phone's width: the task list folds into a <details> above the step.
      await page.setViewportSize({ width: 390, height: 844 });
      for (const key of ['datos_solicitud', 'documentos_requeridos']) {
        await openStep(page, id, key);
        await scans.scan(`PF "${SECTION_TITLES[key]}" at 390 px`);
      }
      // A toast at that width opens below the header: the menu button stays visible and reachable.
      await openStep(page, id, 'datos_solicitud');
      await page.getByRole('radiogroup', { name: /^¿Tienes nombre comercial\?/ }).getByRole('radio', { name: 'Sí', exact: true }).check();
      // A known certificate: its green «válido» toast (an unknown one is said on the field alone).
      await textIn(page, 'Número del certificado de nombre comercial').fill('458712');
      const toast = page.getByRole('alert').filter({ hasText: 'Número de certificado válido' }).first();
      await toast.waitFor({ timeout: 10000 });
      // The toast is measured once it has a box: it may still be entering (or be re-rendered) right after it appears.
      const measured: { box: Awaited<ReturnType<typeof toast.boundingBox>> } = { box: null };
      await expect.poll(async () => (measured.box = await toast.boundingBox()) !== null, { timeout: 5000 }).toBe(true);
      const toastBox = measured.box;
      const logoutBox = await page.getByRole('button', { name: 'Menú' }).boundingBox();
      expect(toastBox && logoutBox, 'toast and button on screen').toBeTruthy();
      expect(toastBox!.y, 'the toast starts below the header').toBeGreaterThanOrEqual(logoutBox!.y + logoutBox!.height);
      await page.getByText(/^Secciones: paso/).click();
      await page.getByRole('navigation', { name: 'Secciones de la solicitud' }).getByRole('link', { name: /^1\. / }).waitFor();
      await settle(page);
      await scans.scan('PF task list opened at 390 px');
    });
    scans.expectClean();
  });

  it('every SRL step with its errors shown (error summary and field errors after "Siguiente"); each error is tied to its control', async () => {
    const page = await freshPage();
    const scans = new Scans(page);
    const errorsLinked: string[] = [];
    await snapshotOnFailure(page, async () => {
      await login(page, suite.baseUrl);
      const id = await newApplication(page);
      // Only what makes every SRL section visible; the rest is left empty so each step has errors.
      await seedDraft(page, suite.baseUrl, id, {
        datos_solicitud: { 'cámara_de_comercio': 'SDQ', tipo_societario: 'SRL' },
        datos_solicitante: { tipo_de_solicitante: 'empresa' },
        propietario_socios: [{}],
        referencias_comerciales: [{}],
        referencias_bancarias: [{}],
        documentos_requeridos: { cargar_estatutos: true },
      });
      for (const [i, key] of SRL_STEPS.entries()) {
        await openStep(page, id, key);
        await page.getByRole('button', { name: /^(Siguiente|Revisar la solicitud)$/ }).click();
        await page.getByRole('alert', { name: 'Hay errores en esta sección' }).waitFor();
        await settle(page);
        await scans.scan(`SRL step ${i + 1} "${SECTION_TITLES[key]}" with errors`);
        errorsLinked.push(...(await unlinkedErrors(page)).map((e) => `${key}: ${e}`));
      }
      // The review page of an application that still has errors.
      await page.goto(`${suite.baseUrl}/formalizacion/${id}/revisar`);
      await page.getByRole('alert').filter({ hasText: 'La solicitud todavía tiene errores' }).waitFor();
      await settle(page);
      await scans.scan('review page with errors');
    });
    scans.expectClean();
    expect(errorsLinked, 'field errors a screen reader would not hear with their control').toEqual([]);
  });
});

describe('grid rows off screen (content-visibility) at 390 px', () => {
  it('five partners: a row not yet drawn is as tall as the drawn ones, so no row lays its fields over what follows it (axe target-size), and axe is clean; its selects become Selects when it is drawn or reached', async () => {
    const page = await suite.page({ viewport: { width: 390, height: 844 } });
    await snapshotOnFailure(page, async () => {
      await login(page, suite.baseUrl);
      const id = await newApplication(page);
      const data = await submittable(page, 'srl-completa');
      const partner = (data.propietario_socios as Data[])[0];
      data.propietario_socios = Array.from({ length: 5 }, () => structuredClone(partner));
      await seedDraft(page, suite.baseUrl, id, data);
      await openStep(page, id, 'propietario_socios');
      // Where each row's box ends and where its fields end, measured as axe measures them (the browser lays a skipped row's content out for the question).
      const rows = await page.evaluate(() => [...document.querySelectorAll<HTMLElement>('[role="group"][aria-label^="Fila "]')].map((row) => {
        const bottoms = [...row.querySelectorAll('input, button')].map((el) => el.getBoundingClientRect().bottom);
        return { row: row.getAttribute('aria-label'), box: Math.round(row.getBoundingClientRect().bottom), fields: Math.round(Math.max(...bottoms)) };
      }));
      expect(rows.length).toBeGreaterThanOrEqual(5);
      for (const r of rows) expect(r.fields, `${r.row}: its fields end below its box (${JSON.stringify(r)})`).toBeLessThanOrEqual(r.box);
      const violations = await axeViolations(page);
      expect(violations, formatViolations(violations)).toEqual([]);

      // The selects of a row not yet drawn stay stand-ins until it is (DeferredSelect.tsx: each one made a Select
      // would have Chromium's autofill lay every skipped row out again); the first row's are Selects once the
      // browser is idle.
      const standInsPerRow = () => page.evaluate(() => [...document.querySelectorAll('[role="group"][aria-label^="Fila "]')].map((row) => row.querySelectorAll('[data-stand-in]').length));
      await expect.poll(async () => (await standInsPerRow())[0], { timeout: 15_000 }).toBe(0);
      // Longer than an idle callback's time limit (1 s): nothing else was waiting to run.
      await page.waitForTimeout(1500);
      const waiting = await standInsPerRow();
      for (const [i, n] of waiting.slice(1).entries()) expect(n, `row ${i + 2} (${waiting.join(', ')})`).toBeGreaterThan(0);
      // Scrolled to, a row's stand-ins become Selects without a pointer or the focus; the rows below stay as they were.
      await page.evaluate(() => document.querySelectorAll('[role="group"][aria-label^="Fila "]')[2].scrollIntoView());
      await expect.poll(async () => (await standInsPerRow())[2], { timeout: 15_000 }).toBe(0);
      expect((await standInsPerRow())[4]).toBe(waiting[4]);
      // Reached by the keyboard in a row still skipped, a stand-in is the Select at once, with the focus.
      const last = page.getByRole('group', { name: /^Fila 5/ }).getByRole('combobox').first();
      const lastId = await last.getAttribute('id');
      await last.focus();
      await expect.poll(() => page.evaluate(() => document.activeElement?.hasAttribute('data-stand-in') === false && document.activeElement.id)).toBe(lastId);
      await page.keyboard.press('ArrowDown');
      await page.getByRole('listbox').first().waitFor();
    });
  });
});

describe('keyboard only (no mouse)', () => {
  it('logs in, fills steps 1 and 2, moves on with "Siguiente", uploads and picks documents in the dialogs; focus lands where it should', async () => {
    const page = await freshPage();
    interceptFileChoosers(page);
    await snapshotOnFailure(page, async () => {
      // Login page: the skip link is the first stop, then the form.
      await page.goto(`${suite.baseUrl}/`);
      await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
      await tabTo(page, 'Saltar al contenido principal', { max: 1 });
      await page.keyboard.press('Enter');
      await expectFocus(page, (f) => f.tag === 'h1' && f.name === 'Trámites del Gobierno dominicano, en línea');
      // Past the service search and the featured services (9 stops) to the login form.
      await tabTo(page, 'Cédula', { max: 10 });
      await type(page, DEMO.cedula);
      await tabTo(page, 'Contraseña', { max: 1 });
      await type(page, DEMO.password);
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: 'Nueva solicitud de formalización' }).waitFor();

      // Home: start an application; focus goes to the new page's heading.
      // From the top of the page (the login button is gone): banner, header, navigation, bell, account menu, pending actions.
      await tabTo(page, 'Nueva solicitud de formalización', { max: 25 });
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/formalizacion\/\d+$/);
      const id = Number(/\/formalizacion\/(\d+)/.exec(page.url())![1]);
      await expectFocus(page, (f) => f.tag === 'h2' && f.name === 'Datos solicitud de formalización');

      // Step 1, "Siguiente" on the empty step: the error summary takes focus; its first link moves focus to the field.
      await tabTo(page, 'Siguiente', { max: 6 });
      await page.keyboard.press('Enter');
      await expectFocus(page, (f) => f.role === 'alert' && f.name === 'Hay errores en esta sección');
      const link = await tabTo(page, /^Tipo societario: /, { max: 1 });
      expect(link.tag).toBe('a');
      await page.keyboard.press('Enter');
      await expectFocus(page, (f) => f.id === 'root_datos_solicitud_tipo_societario' && f.name === 'Tipo societario');
      // The field's error is announced with it: aria-invalid and described by the message.
      expect(await page.locator('#root_datos_solicitud_tipo_societario').getAttribute('aria-invalid')).toBe('true');
      expect(await page.locator('#root_datos_solicitud_tipo_societario').getAttribute('aria-describedby')).toContain('root_datos_solicitud_tipo_societario-error');

      await chooseOption(page, 'Sociedad de Responsabilidad Limitada (SRL)');
      // Radios: Tab enters the group on its first radio, Space checks it, the arrows move the choice.
      const yes = await tabTo(page, 'Sí', { max: 1 });
      expect(yes).toMatchObject({ type: 'radio', checked: false });
      expect(yes.group).toMatch(/^¿Tienes nombre comercial\?/);
      await page.keyboard.press('Space');
      await expectFocus(page, (f) => f.name === 'Sí' && f.checked === true);
      await page.getByRole('textbox', { name: 'Número del certificado de nombre comercial' }).waitFor();
      await page.keyboard.press('ArrowRight');
      await expectFocus(page, (f) => f.name === 'No' && f.checked === true);
      await tabTo(page, 'Nombre de la empresa o razón social', { max: 1 });
      await type(page, 'Innovación Quisqueyana SRL');
      await page.getByText('Nombre válido').first().waitFor();
      await tabTo(page, 'Siguiente', { max: 3 });
      await page.keyboard.press('Enter');
      await expectFocus(page, (f) => f.tag === 'h2' && f.name === 'Datos del solicitante');
      expect(page.url()).toMatch(/\/datos_solicitante$/);

      // Step 2: the applicant, a person identified by cédula (names from the JCE).
      await tabTo(page, 'Tipo de solicitante', { max: 1 });
      await chooseOption(page, 'Persona física / Representante');
      await tabTo(page, 'Tipo de documento de identidad', { max: 1 });
      await chooseOption(page, 'Cédula');
      await tabTo(page, 'Cédula', { max: 1 });
      await type(page, '00104578232');
      await expect.poll(() => page.getByRole('textbox', { name: 'Nombre', exact: true }).inputValue()).toBe('María Altagracia');
      await tabTo(page, 'Correo electrónico', { max: 3 });
      await type(page, 'maria.rosario@example.com');
      await tabTo(page, 'Confirmar correo electrónico', { max: 1 });
      await type(page, 'maria.rosario@example.com');
      await tabTo(page, 'Teléfono', { max: 1 });
      await type(page, '8095550101');
      await tabTo(page, 'Celular', { max: 1 });
      await type(page, '8295550102');
      await tabTo(page, 'Sexo', { max: 1 });
      await chooseOption(page, 'Femenino');
      await tabTo(page, 'Estado civil', { max: 1 });
      await chooseOption(page, 'Soltero(a)');
      await tabTo(page, 'Nacionalidad', { max: 1 });
      await chooseOption(page, 'Dominicana', { filter: 'Domin' });
      // Cascading selects: each one's options are fetched once the one before is chosen.
      await tabTo(page, 'Provincia', { max: 1 });
      await chooseOption(page, 'Distrito Nacional');
      await tabTo(page, 'Municipio', { max: 1 });
      await chooseOption(page, 'Santo Domingo de Guzmán');
      await tabTo(page, 'Sector', { max: 1 });
      // Searchable: the words typed, in any order, narrow the list.
      await chooseOption(page, 'Ciudad Colonial', { filter: 'colonial ciudad' });
      await tabTo(page, 'Calle', { max: 1 });
      await type(page, 'Calle Duarte');
      await tabTo(page, 'Número de casa o apartamento', { max: 1 });
      await type(page, '12');
      await tabTo(page, 'Código postal', { max: 1 });
      await type(page, '10210');
      // A switch: Space turns it on and off (on, the representative's section appears in the task list).
      const toggle = await tabTo(page, 'El solicitante es distinto al representante', { max: 1 });
      expect(toggle.checked).toBe(false);
      await page.keyboard.press('Space');
      await expectFocus(page, (f) => f.name === 'El solicitante es distinto al representante' && f.checked === true);
      await page.getByRole('link', { name: /Datos del representante/ }).waitFor();
      await page.keyboard.press('Space');
      await expectFocus(page, (f) => f.name === 'El solicitante es distinto al representante' && f.checked === false);
      await page.getByRole('link', { name: /Datos del representante/ }).waitFor({ state: 'detached' });

      // Back up to the first field and down again: no stop is hidden under the fixed header (WCAG 2.4.11).
      const up = await walkFocus(page, 'Tipo de solicitante', { max: 30, backwards: true });
      expect(up.map((f) => f.name)).toEqual(expect.arrayContaining(['Correo electrónico', 'Provincia', 'Cédula']));
      await walkFocus(page, 'Siguiente', { max: 30 });
      await page.keyboard.press('Enter');
      await expectFocus(page, (f) => f.tag === 'h2' && f.name === 'Datos de la empresa / Razón social');
      expect(await page.getByRole('alert', { name: 'Hay errores en esta sección' }).count()).toBe(0);

      // What the keyboard entered is in the draft on the server.
      await expect.poll(async () => (await getDraft(page, suite.baseUrl, id)).data.datos_solicitante?.sector, { timeout: 10000 }).toBeTypeOf('number');
      const { data } = await getDraft(page, suite.baseUrl, id);
      expect(data.datos_solicitud).toMatchObject({ tipo_societario: 'SRL', tienes_nombre_comercial: false, 'nombre_de_la_empresa_o_razón_social': 'Innovación Quisqueyana SRL' });
      expect(data.datos_solicitante).toMatchObject({
        tipo_de_solicitante: 'persona_fisica_representante', tipo_de_documentacion_de_identidad: 'cedula', cedula: '00104578232',
        nombre: 'María Altagracia', apellido: 'Rosario Méndez', correo_electronico: 'maria.rosario@example.com',
        confirmar_correo_electronico: 'maria.rosario@example.com', sexo: 'F', estado_civil: 'soltero', calle: 'Calle Duarte', codigo_postal: '10210',
      });
      for (const k of ['nacionalidad', 'provincia', 'municipio']) expect(data.datos_solicitante[k], k).toBeTypeOf('number');

      // On a step opened afresh, the skip link passes the header and the task list: it lands on the step's title.
      await page.reload();
      // The step itself, not its frame (which shows the same title, and the first fields inert and hidden from
      // assistive technology, while the step's code and draft load): the field as a textbox is the form's.
      await page.getByRole('textbox', { name: 'Nombre del establecimiento / Razón social' }).waitFor();
      await tabTo(page, 'Saltar al contenido principal', { max: 1 });
      await page.keyboard.press('Enter');
      await expectFocus(page, (f) => f.tag === 'h2' && f.name === 'Datos de la empresa / Razón social');
      await tabTo(page, 'Nombre del establecimiento / Razón social', { max: 1 });
      await page.keyboard.press('Shift+Tab');
      await expectFocus(page, (f) => f.tag === 'a' && f.name === 'Revisar y enviar');

      // The task list is reachable backwards from the heading: open the documents step from it.
      await tabTo(page, /^\d+\. Documentos Requeridos a Adjuntar, Incompleta$/, { max: 4, backwards: true });
      await page.keyboard.press('Enter');
      await expectFocus(page, (f) => f.tag === 'h2' && f.name === 'Documentos Requeridos a Adjuntar');

      // "Cargar estatutos" switch on: the Estatutos file field appears.
      await tabTo(page, 'Cargar estatutos', { max: 1 });
      await page.keyboard.press('Space');
      await page.getByRole('group', { name: /^Estatutos/ }).waitFor();

      // Upload dialog: opens with focus inside, Escape closes it and focus returns to its button.
      const upload = await tabTo(page, (f) => f.name === 'Subir archivo' && /^Estatutos/.test(f.group), { max: 2 });
      await page.keyboard.press('Enter');
      await page.getByRole('dialog', { name: 'Subir documento' }).waitFor();
      await expectFocus(page, (f) => f.dialog === 'Subir documento');
      await page.keyboard.press('Escape');
      await page.getByRole('dialog', { name: 'Subir documento' }).waitFor({ state: 'hidden' });
      await expectFocus(page, (f) => f.id === upload.id && f.name === 'Subir archivo');

      // Again, and this time upload a file: the file input opens the file chooser from the keyboard.
      await page.keyboard.press('Enter');
      await page.getByRole('dialog', { name: 'Subir documento' }).waitFor();
      await tabTo(page, (f) => f.dialog === 'Subir documento' && /^Archivo/.test(f.name), { max: 4 });
      const fileChooser = page.waitForEvent('filechooser', { timeout: 10000 });
      await page.keyboard.press('Enter');
      const chooser = await fileChooser;
      await chooser.setFiles({ name: 'Estatutos sociales.pdf', mimeType: 'application/pdf', buffer: pdfBuffer() });
      await tabTo(page, 'Subir', { max: 4 });
      await page.keyboard.press('Enter');
      await page.getByRole('dialog', { name: 'Subir documento' }).waitFor({ state: 'hidden' });
      await page.getByRole('group', { name: /^Estatutos/ }).getByText('Estatutos sociales').first().waitFor();
      await expectFocus(page, (f) => f.id === upload.id);

      // Document picker: Escape closes it (focus back on its button); then choose the uploaded document and confirm.
      const pick = await tabTo(page, (f) => f.name === 'Elegir de mis documentos' && /^Cédulas de identidad o pasaportes/.test(f.group), { max: 6 });
      await page.keyboard.press('Enter');
      await page.getByRole('dialog', { name: 'Mis documentos' }).getByRole('listitem').first().waitFor();
      await expectFocus(page, (f) => f.dialog === 'Mis documentos');
      await page.keyboard.press('Escape');
      await page.getByRole('dialog', { name: 'Mis documentos' }).waitFor({ state: 'hidden' });
      await expectFocus(page, (f) => f.id === pick.id || (f.name === 'Elegir de mis documentos' && /^Cédulas de identidad/.test(f.group)));
      await page.keyboard.press('Enter');
      await page.getByRole('dialog', { name: 'Mis documentos' }).getByRole('listitem').first().waitFor();
      // Each document's buttons are described by its name; other documents of the citizen may come first.
      await tabTo(page, (f) => f.name === 'Seleccionar' && f.description === 'Estatutos sociales', { max: 40 });
      await page.keyboard.press('Enter');
      await expectFocus(page, (f) => f.name === 'Seleccionado' && f.description === 'Estatutos sociales');
      await tabTo(page, 'Confirmar', { max: 40 });
      await page.keyboard.press('Enter');
      await page.getByRole('dialog', { name: 'Mis documentos' }).waitFor({ state: 'hidden' });
      await page.getByRole('group', { name: /^Cédulas de identidad o pasaportes/ }).getByText('Estatutos sociales').first().waitFor();
      await expectFocus(page, (f) => f.name === 'Elegir de mis documentos' && /^Cédulas de identidad/.test(f.group));
    });
  });
});
