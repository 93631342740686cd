/**
 * Online services that are schema forms, in Chromium against the real server:
 * a visitor reads a service's form (PREVIEW); a citizen starts the INAPA bill
 * claim from its service page, meets the masked existence lookups ('Entrada
 * inválida' for an unknown contract, accepted for a known one), the driving-
 * licence renewal's document upload and the criminal-record certificate's
 * conditional sections, and submits each one to a SOL- request listed in
 * «Mis solicitudes». axe at 1280 and 390 px on the start page, a step and
 * PREVIEW; a keyboard-only start. Screenshots in tests/.artifacts/online.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { portalSuite } from '../support/portalSuite';
import { pdfBuffer, pngBuffer, registerCitizen, snapshotOnFailure, type Account, type Data, signInTo } from '../support/portal';
import { expectNoAxeViolations, waitForStillPage } from '../support/axe';
import { expectFocus, tabTo } from '../support/keyboard';
import { REPO_ROOT } from '../support/startPortal';
import { DESKTOP, PHONE } from '../support/viewports';

const suite = portalSuite();
const SHOTS = path.join(REPO_ROOT, 'tests/.artifacts/online');

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await waitForStillPage(page);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

/** A valid example of a form, from its fixtures (what an analyst checked with the engine). */
function example(form: string, name: string): Data {
  return (JSON.parse(readFileSync(path.join(REPO_ROOT, 'schemas', form, 'fixtures/valid', `${name}.json`), 'utf8')) as { data: Data }).data;
}

const signIn = (page: Page, account: Account, to: string) => signInTo(page, suite.baseUrl, account, to);

/** The field error a refused lookup leaves under its field (the toast says it too). */
const fieldError = (page: Page) => page.locator('.mantine-InputWrapper-error', { hasText: 'Entrada inválida' });

const api = (form: string, id?: number) => `${suite.baseUrl}/v1/portals/solicitudes-en-linea/${form}${id === undefined ? '' : `/${id}`}`;

/** Replaces a draft's data through the API, with the page's session. */
async function seed(page: Page, form: string, id: number, data: Data): Promise<void> {
  const current = await page.request.get(api(form, id));
  expect(current.status()).toBe(200);
  const { version } = ((await current.json()) as { data: { version: number } }).data;
  const res = await page.request.put(api(form, id), { data: { data, version } });
  expect(res.status(), await res.text()).toBe(200);
}

async function uploadApi(page: Page, name: string, kind: 'pdf' | 'png'): Promise<number> {
  const citizenId = await page.evaluate(() => (JSON.parse(localStorage.getItem('session') ?? '{}') as { id?: number }).id);
  const res = await page.request.post(`${suite.baseUrl}/v1/portals/documents`, {
    multipart: {
      citizen_profile_id: String(citizenId),
      file: kind === 'pdf' ? { name: `${name}.pdf`, mimeType: 'application/pdf', buffer: pdfBuffer() } : { name: `${name}.png`, mimeType: 'image/png', buffer: pngBuffer() },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: { id: number } }).data.id;
}

/** From the service page: "Solicitar en línea", then "Comenzar la solicitud"; returns the new draft's id. */
async function startFromService(page: Page, slug: string, form: string): Promise<number> {
  await page.goto(`${suite.baseUrl}/servicios/${slug}`);
  await page.getByRole('link', { name: 'Solicitar en línea' }).click();
  await page.waitForURL(`**/en-linea/${form}`);
  await page.getByRole('button', { name: /^Comenzar/ }).click();
  await page.waitForURL(new RegExp(`/en-linea/${form}/\\d+`));
  return Number(new RegExp(`/en-linea/${form}/(\\d+)`).exec(page.url())![1]);
}

/** Review → "Enviar solicitud" → the confirmation's request code. */
async function submitFromReview(page: Page, form: string, id: number): Promise<string> {
  await page.goto(`${suite.baseUrl}/en-linea/${form}/${id}/revisar`);
  await page.getByRole('heading', { name: 'Revise sus respuestas antes de enviar' }).waitFor();
  await page.getByRole('button', { name: 'Enviar solicitud' }).click();
  await page.waitForURL(`**/en-linea/${form}/${id}/confirmacion`);
  const code = (await page.getByTestId('codigo-solicitud').innerText()).trim();
  expect(code).toMatch(/^SOL-\d{4}-\d{6}$/);
  return code;
}

describe('PREVIEW', () => {
  it('a visitor reads every question of the INAPA claim before starting: parts, kinds, required, and when a part applies', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await suite.page({ viewport });
      await snapshotOnFailure(page, async () => {
        await page.goto(`${suite.baseUrl}/servicios/reclamacion-factura-inapa`);
        await page.getByRole('button', { name: 'Ver el formulario' }).click();
        const dialog = page.getByRole('dialog', { name: 'Vista previa del formulario' });
        await dialog.getByRole('heading', { name: '1. Datos del solicitante' }).waitFor();
        await expect(dialog.getByRole('heading', { level: 3 }).allInnerTexts()).resolves.toEqual([
          '1. Datos del solicitante', '2. Contrato de agua', '3. Facturas reclamadas', '4. Datos de contacto',
        ]);
        await dialog.getByText('Entre 1 y 12 filas.').waitFor();
        await dialog.getByText(/Se pregunta cuando «El contrato está a nombre de» es «Empresa»/).first().waitFor();
        await expectNoAxeViolations(page, `PREVIEW ${viewport.width}`);
        await shot(page, `preview-${viewport.width}`);
        // A visitor is not offered to start from here: "Solicitar en línea" asks them to sign in first.
        expect(await dialog.getByRole('link', { name: 'Comenzar la solicitud' }).count()).toBe(0);
        await dialog.getByRole('button', { name: 'Cerrar' }).last().click();
        await dialog.waitFor({ state: 'detached' });
      });
    }
  });
});

describe('applying online to the new services', () => {
  it('INAPA bill claim: the start page, the cédula and contract lookups (Entrada inválida, then verified), submitted and listed', async () => {
    const account = await registerCitizen(suite.baseUrl, '03105672194');
    const page = await suite.page({ viewport: DESKTOP });
    await snapshotOnFailure(page, async () => {
      await signIn(page, account, '/servicios/reclamacion-factura-inapa');
      const id = await startFromService(page, 'reclamacion-factura-inapa', 'reclamacion-factura-inapa');
      await page.getByRole('heading', { name: 'Datos del solicitante', level: 2 }).waitFor();
      await page.getByText('Reclamación de facturación de agua (INAPA)', { exact: true }).waitFor();
      await page.getByText('Paso 1 de 4', { exact: true }).waitFor();
      await expectNoAxeViolations(page, 'paso 1 INAPA 1280');

      // The masked cédula: an unregistered one is refused by the JCE lookup, a registered one accepted.
      // Each distinct cédula is looked up once: typing it, leaving the field and «Siguiente» share one answer.
      const lookups: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname === '/v1/portals/exists/dni') lookups.push(url.searchParams.get('dni') ?? '');
      });
      await page.getByRole('radio', { name: 'Persona física' }).check();
      const cedula = page.getByRole('textbox', { name: /^Cédula/ });
      await cedula.fill('40212345678');
      await fieldError(page).waitFor();
      // Said once, on the field: no toast repeating «Entrada inválida» over the step's title.
      expect(await page.getByRole('alert').filter({ hasText: 'Entrada inválida' }).count()).toBe(0);
      await cedula.fill('03105672194');
      await fieldError(page).waitFor({ state: 'detached' });
      await page.getByRole('textbox', { name: /^Nombres/ }).fill('Ana Luisa');
      await page.getByRole('textbox', { name: /^Apellidos/ }).fill('Fernández Gómez');
      await page.getByRole('button', { name: 'Siguiente' }).click();
      await page.getByRole('heading', { name: 'Contrato de agua', level: 2 }).waitFor();
      expect(lookups, 'one JCE lookup per cédula typed').toEqual(['40212345678', '03105672194']);

      // The INAPA contract: unknown → 'Entrada inválida' (and "Siguiente" holds the step); known → accepted.
      const contract = page.getByRole('textbox', { name: /^Número de contrato INAPA/ });
      await contract.fill('99999999');
      await fieldError(page).waitFor();
      await shot(page, 'inapa-contrato-invalido-1280');
      await page.getByRole('button', { name: 'Siguiente' }).click();
      await page.getByRole('heading', { name: 'Contrato de agua', level: 2 }).waitFor();
      expect(page.url()).toMatch(/\/contrato$/);
      await contract.fill('10045678');
      await fieldError(page).waitFor({ state: 'detached' });

      // The rest of the answers as the fixture has them, then review and submit.
      const data = example('reclamacion-factura-inapa', 'persona-fisica-una-factura');
      await seed(page, 'reclamacion-factura-inapa', id, { ...data, datos_solicitante: { ...data.datos_solicitante, cedula: '03105672194' } });
      const code = await submitFromReview(page, 'reclamacion-factura-inapa', id);
      await shot(page, 'inapa-confirmacion-1280');

      await page.goto(`${suite.baseUrl}/mis-solicitudes`);
      const card = page.locator('.mantine-Card-root', { hasText: code });
      await card.waitFor();
      await expect(card.innerText()).resolves.toMatch(/Reclamaci[oó]n/);
    });
  });

  it('driving-licence renewal: the medical certificate uploaded in the step, the photo chosen, submitted with a fee of its institution', async () => {
    const account = await registerCitizen(suite.baseUrl, '22300486150');
    const page = await suite.page({ viewport: PHONE });
    await snapshotOnFailure(page, async () => {
      await signIn(page, account, '/servicios/renovacion-licencia-de-conducir');
      const id = await startFromService(page, 'renovacion-licencia-de-conducir', 'renovacion-licencia-conducir');
      const photo = await uploadApi(page, 'Foto reciente', 'png');
      const data = example('renovacion-licencia-conducir', 'categoria-02-vigente');
      const { certificado_medico: _drop, ...documents } = data.documentos as Data;
      await seed(page, 'renovacion-licencia-conducir', id, { ...data, documentos: { ...documents, foto_reciente: photo } });

      // The certificate is uploaded where the form asks for it.
      await page.goto(`${suite.baseUrl}/en-linea/renovacion-licencia-conducir/${id}/documentos`);
      await page.getByRole('heading', { name: 'Documentos', level: 2 }).waitFor();
      await expectNoAxeViolations(page, 'paso documentos 390');
      const group = page.getByRole('group', { name: /^Certificado médico/ });
      await group.getByRole('button', { name: 'Subir archivo' }).click();
      const dialog = page.getByRole('dialog', { name: 'Subir documento' });
      await dialog.locator('input[type=file][accept]').setInputFiles({ name: 'Certificado medico.pdf', mimeType: 'application/pdf', buffer: pdfBuffer() });
      await dialog.getByRole('button', { name: 'Subir' }).click();
      await dialog.waitFor({ state: 'detached' });
      await group.getByText(/Certificado medico/).first().waitFor();
      await shot(page, 'licencia-documentos-390');
      // Autosave, then the server holds the document's id.
      await expect.poll(async () => ((await (await page.request.get(api('renovacion-licencia-conducir', id))).json()) as { data: { data: Data } }).data.data.documentos?.certificado_medico, { timeout: 10000 }).toEqual(expect.any(Number));

      const code = await submitFromReview(page, 'renovacion-licencia-conducir', id);
      const request = (await (await page.request.get(`${suite.baseUrl}/v1/portals/requests/${id}`)).json()) as { data: { code: string; items: { agency: string }[] } };
      expect(request.data.code).toBe(code);
      expect(request.data.items.map((i) => i.agency)).toEqual(['INTRANT']);
    });
  });

  it('criminal-record certificate: the conditional sections come and go with the answers; submitted with the represented person\'s power of attorney', async () => {
    const account = await registerCitizen(suite.baseUrl, '05607221842');
    const page = await suite.page({ viewport: DESKTOP });
    await snapshotOnFailure(page, async () => {
      await signIn(page, account, '/servicios/certificado-de-no-antecedentes-penales');
      const id = await startFromService(page, 'certificado-de-no-antecedentes-penales', 'certificado-no-antecedentes');
      const sections = page.getByRole('navigation', { name: 'Secciones de la solicitud' });
      await page.getByRole('heading', { name: 'Solicitud', level: 2 }).waitFor();
      await expect(sections.getByRole('link').allInnerTexts()).resolves.not.toContainEqual(expect.stringContaining('Persona representada'));

      await page.getByRole('radiogroup', { name: /¿Lo solicita en nombre de otra persona\?/ }).getByRole('radio', { name: 'Sí', exact: true }).check();
      await sections.getByRole('link', { name: /Persona representada/ }).waitFor();
      await page.getByRole('radiogroup', { name: /¿Se usará en el exterior\?/ }).getByRole('radio', { name: 'Sí', exact: true }).check();
      await sections.getByRole('link', { name: /Uso en el exterior/ }).waitFor();
      await shot(page, 'antecedentes-secciones-1280');
      await page.getByRole('radiogroup', { name: /¿Lo solicita en nombre de otra persona\?/ }).getByRole('radio', { name: 'No', exact: true }).check();
      await sections.getByRole('link', { name: /Persona representada/ }).waitFor({ state: 'detached' });

      const power = await uploadApi(page, 'Poder notarial', 'pdf');
      const data = example('certificado-no-antecedentes', 'migratorio-exterior-en-nombre-de-otra-persona');
      await seed(page, 'certificado-no-antecedentes', id, { ...data, persona_representada: { ...(data.persona_representada as Data), poder_notarial: power } });
      await page.goto(`${suite.baseUrl}/en-linea/certificado-no-antecedentes/${id}/revisar`);
      await page.getByRole('heading', { name: 'Persona representada', level: 2 }).waitFor();
      await page.getByText('Poder notarial.pdf').waitFor();
      const code = await submitFromReview(page, 'certificado-no-antecedentes', id);
      const list = (await (await page.request.get(`${suite.baseUrl}/v1/portals/solicitudes-en-linea`)).json()) as { data: { request_code: string | null; service_name: string }[] };
      expect(list.data.find((a) => a.request_code === code)?.service_name).toMatch(/antecedentes/i);
    });
  });
});

describe('the start page', () => {
  it('is accessible at 1280 and 390 px, lists the citizen\'s drafts, and starts by keyboard only', async () => {
    const account = await registerCitizen(suite.baseUrl, '03702849518');
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await suite.page({ viewport });
      await snapshotOnFailure(page, async () => {
        await signIn(page, account, '/en-linea/certificado-no-antecedentes');
        await page.getByRole('heading', { name: /Certificado de no antecedentes penales/, level: 1 }).waitFor();
        await expectNoAxeViolations(page, `inicio ${viewport.width}`);
        await shot(page, `inicio-${viewport.width}`);
      });
    }
    const page = await suite.page({ viewport: DESKTOP });
    await snapshotOnFailure(page, async () => {
      await signIn(page, account, '/en-linea/certificado-no-antecedentes');
      await page.getByRole('button', { name: 'Comenzar la solicitud' }).waitFor();
      await page.keyboard.press('Tab');
      await tabTo(page, 'Comenzar la solicitud', { max: 40 });
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/en-linea\/certificado-no-antecedentes\/\d+/);
      await expectFocus(page, () => true);
      // Back at the start page, the draft is offered to continue; a second one is "otra".
      await page.goto(`${suite.baseUrl}/en-linea/certificado-no-antecedentes`);
      await page.getByRole('link', { name: /^Continuar/ }).waitFor();
      await page.getByRole('button', { name: 'Comenzar otra solicitud' }).waitFor();
      // The home page's pending actions lead to the draft's own form.
      await page.goto(`${suite.baseUrl}/`);
      const pending = page.getByRole('link', { name: /^Terminar el borrador n\.º \d+$/ }).first();
      expect(await pending.getAttribute('href')).toMatch(/^\/en-linea\/certificado-no-antecedentes\/\d+$/);
    });
  });

  it('an address of a form no online service runs says so', async () => {
    const account = await registerCitizen(suite.baseUrl, '40210773467');
    const page = await suite.page({ viewport: DESKTOP });
    await snapshotOnFailure(page, async () => {
      await signIn(page, account, '/en-linea/perfil');
      await page.getByRole('heading', { name: 'Servicio no disponible en línea', level: 1 }).waitFor();
    });
  });
});
