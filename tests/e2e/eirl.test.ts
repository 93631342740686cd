/**
 * EIRL application end to end in Chromium against the real server (PGlite in
 * memory, sandbox agencies) and the production build of the SPA.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { portalSuite } from '../support/portalSuite';
import { snapshotOnFailure, choose, field, fillSelect, fixture, getDraft, login, newApplication, nextStep, pickDocument, pngBuffer, registerCitizen, seedDraft, uploadFile, uploadPdf, type Data } from '../support/portal';

const suite = portalSuite();
const freshPage = (): Promise<Page> => suite.page();

/** EIRL sections 3–9 from the valid fixture, with a bank id taken from the sandbox's list. */
async function eirlMiddleSections(page: Page): Promise<Data> {
  const f = fixture('eirl-completa');
  const banks = (await (await page.request.get(`${suite.baseUrl}/v1/region/bancos`)).json()) as { data: { id: number }[] };
  return {
    datos_solicitud: { 'cámara_de_comercio': 'SDQ' },
    datos_empresa: f.datos_empresa,
    actividades_empresariales: f.actividades_empresariales,
    datos_financieros: f.datos_financieros,
    informacion_empresarial: f.informacion_empresarial,
    referencias_comerciales: f.referencias_comerciales,
    referencias_bancarias: [{ nombre_del_banco: banks.data[0].id }],
    detalles_factura: f.detalles_factura,
  };
}

/** Step 1 for an EIRL without a registered trade name. */
async function fillEirlStep1(page: Page, companyName: string): Promise<void> {
  await fillSelect(page, 'Tipo societario', 'Empresa Individual de Responsabilidad Limitada (EIRL)');
  await choose(page, '¿Tienes nombre comercial?', 'No');
  await field(page, 'Nombre de la empresa o razón social').fill(companyName);
  await expect.poll(() => page.getByText('Nombre válido').count(), { timeout: 15000 }).toBeGreaterThan(0);
}

/** Step 2: the applicant by cédula; the names come from the JCE lookup. */
async function fillApplicant(page: Page): Promise<void> {
  await fillSelect(page, 'Tipo de documento de identidad', 'Cédula');
  await field(page, 'Cédula').pressSequentially('00104578232');
  await expect.poll(() => field(page, 'Nombre').inputValue()).toBe('María Altagracia');
  await expect(await field(page, 'Apellido').inputValue()).toBe('Rosario Méndez');
  await field(page, 'Correo electrónico').fill('maria.rosario@example.com');
  await field(page, 'Confirmar correo electrónico').pressSequentially('maria.rosario@example.com');
  await field(page, 'Teléfono').pressSequentially('8095550101');
  await choose(page, 'Sexo', 'Femenino');
  await choose(page, 'Estado civil', 'Soltero(a)');
  await fillSelect(page, 'Nacionalidad', /Dominican/);
  await fillSelect(page, 'Provincia', 'Distrito Nacional');
  await fillSelect(page, 'Municipio', 'Santo Domingo de Guzmán');
  await fillSelect(page, 'Sector', 'Ciudad Colonial');
  await field(page, 'Calle').fill('Calle Duarte');
  await field(page, 'Número de casa o apartamento').fill('12');
}

const EIRL_FILES = ['Cédula de identidad', 'Acta notarial y/o acto de declaración jurada', 'Carta bancaria', 'Recibo de tasa'];

describe('EIRL', () => {
  it('completes and submits an EIRL (steps 1, 2 and the documents through the UI; steps 3–9 seeded through the API)', async () => {
    const page = await freshPage();
    await snapshotOnFailure(page, async () => {
      await login(page, suite.baseUrl);
      const id = await newApplication(page);
      await seedDraft(page, suite.baseUrl, id, await eirlMiddleSections(page));
      await page.reload();
      await page.getByRole('heading', { name: 'Datos solicitud de formalización' }).waitFor();

      await fillEirlStep1(page, 'Soluciones Verdes del Cibao EIRL');
      await nextStep(page, 'Datos del solicitante');
      await fillApplicant(page);
      for (const heading of [
        'Datos de la empresa / Razón social',
        'Actividades empresariales',
        'Datos financieros de la empresa',
        'Información empresarial',
        'Referencias comerciales',
        'Referencias Bancarias',
        'Detalles de la factura',
        'Documentos Requeridos a Adjuntar',
      ]) {
        await nextStep(page, heading);
      }
      await uploadPdf(page, EIRL_FILES[0], 'Cedula Maria.pdf');
      for (const label of EIRL_FILES.slice(1)) await pickDocument(page, label, 'Cedula Maria');
      await page.getByRole('button', { name: 'Revisar la solicitud' }).click();
      await page.waitForURL(/\/formalizacion\/\d+\/revisar$/);
      await page.getByRole('heading', { name: 'Revise sus respuestas antes de enviar' }).waitFor();
      const main = page.locator('main');
      await expect.poll(() => main.getByText('María Altagracia').count()).toBeGreaterThan(0);
      expect(await main.getByText('Soluciones Verdes del Cibao EIRL').count()).toBeGreaterThan(0);
      expect(await page.getByRole('link', { name: /^Cambiar/ }).count()).toBeGreaterThanOrEqual(9);

      await page.getByRole('button', { name: 'Enviar solicitud' }).click();
      await page.waitForURL(/\/formalizacion\/\d+\/confirmacion$/);
      const code = (await page.getByTestId('codigo-solicitud').textContent())?.trim();
      expect(code).toMatch(/^VUF-\d{4}-\d{6}$/);
    });
  });

  it('a cédula unknown to the JCE (valid check digit) is rejected: field error "Cédula inválida" and the names are cleared', async () => {
    const page = await freshPage();
    await snapshotOnFailure(page, async () => {
      await login(page, suite.baseUrl);
      await newApplication(page);
      await fillEirlStep1(page, 'Soluciones Verdes del Cibao EIRL');
      await nextStep(page, 'Datos del solicitante');
      await fillSelect(page, 'Tipo de documento de identidad', 'Cédula');
      const cedula = field(page, 'Cédula');
      await cedula.pressSequentially('00104578232');
      await expect.poll(() => field(page, 'Nombre').inputValue()).toBe('María Altagracia');
      await cedula.fill('');
      await cedula.pressSequentially('40212345678');
      // The field's own error (in main; the toasts live outside it).
      await page.locator('main').getByText('Cédula inválida', { exact: true }).waitFor();
      expect(await cedula.getAttribute('aria-invalid')).toBe('true');
      await expect.poll(() => field(page, 'Nombre').inputValue()).toBe('');
      expect(await field(page, 'Apellido').inputValue()).toBe('');
    });
  });

  it('a taken company name shows "Nombre no está disponible"', async () => {
    const page = await freshPage();
    await snapshotOnFailure(page, async () => {
      await login(page, suite.baseUrl);
      await newApplication(page);
      await fillSelect(page, 'Tipo societario', 'Empresa Individual de Responsabilidad Limitada (EIRL)');
      await choose(page, '¿Tienes nombre comercial?', 'No');
      await field(page, 'Nombre de la empresa o razón social').fill('Panadería La Esperanza');
      await page.locator('main').getByText('Nombre no está disponible').waitFor();
      await page.getByRole('button', { name: 'Siguiente' }).click();
      await page.getByRole('heading', { name: 'Hay errores en esta sección' }).waitFor();
      expect(await page.getByRole('heading', { name: 'Datos solicitud de formalización', level: 2 }).count()).toBe(1);
    });
  });

  it('rejects a .exe before sending and a PNG renamed to .pdf on the server; nothing is added to the documents', async () => {
    const page = await freshPage();
    await snapshotOnFailure(page, async () => {
      await login(page, suite.baseUrl, await registerCitizen(suite.baseUrl, '03105672194'));
      await newApplication(page);
      await fillSelect(page, 'Tipo societario', 'Empresa Individual de Responsabilidad Limitada (EIRL)');
      await page.getByRole('link', { name: /Documentos Requeridos a Adjuntar/ }).click();
      await page.getByRole('heading', { name: 'Documentos Requeridos a Adjuntar', level: 2 }).waitFor();
      const dialog = page.getByRole('dialog', { name: 'Subir documento' });

      await uploadFile(page, EIRL_FILES[0], { name: 'programa.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ\x90\x00') });
      await dialog.getByText(/Tipo de archivo no permitido/).waitFor();
      expect(await dialog.getByRole('button', { name: 'Subir', exact: true }).isDisabled()).toBe(true);

      await dialog.locator('input[type=file][accept]').setInputFiles({ name: 'imagen.pdf', mimeType: 'application/pdf', buffer: pngBuffer() });
      await dialog.getByRole('button', { name: 'Subir', exact: true }).click();
      await page.getByText('Error subiendo documento, intente mas tarde').waitFor();
      await dialog.getByRole('button', { name: 'Cancelar' }).click();
      await dialog.waitFor({ state: 'hidden' });

      const group = page.getByRole('group', { name: /^Cédula de identidad/ });
      expect(await group.getByText('Ningún documento seleccionado').count()).toBe(1);
      await group.getByRole('button', { name: 'Elegir de mis documentos' }).click();
      await page.getByRole('dialog', { name: 'Mis documentos' }).getByText('No se han encontrado resultados').waitFor();
      const listed = (await (await page.request.get(`${suite.baseUrl}/v1/portals/documents`)).json()) as { data: unknown[] };
      expect(listed.data).toEqual([]);
    });
  });

  it('a reload mid-way keeps the autosaved draft', async () => {
    const page = await freshPage();
    await snapshotOnFailure(page, async () => {
      await login(page, suite.baseUrl);
      const id = await newApplication(page);
      await fillEirlStep1(page, 'Soluciones Verdes del Cibao EIRL');
      await nextStep(page, 'Datos del solicitante');
      await field(page, 'Calle').fill('Calle Las Mercedes');
      await expect.poll(() => page.getByRole('status').filter({ hasText: /Borrador guardado|Cambios sin guardar|Guardando/ }).first().textContent(), { timeout: 10000 }).toMatch(/Borrador guardado/);
      await page.reload();
      await page.getByRole('heading', { name: 'Datos del solicitante', level: 2 }).waitFor();
      expect(await field(page, 'Calle').inputValue()).toBe('Calle Las Mercedes');
      // And it is on the server, not only in the browser's backup.
      const draft = await getDraft(page, suite.baseUrl, id);
      expect(draft.data.datos_solicitante.calle).toBe('Calle Las Mercedes');
      expect(draft.data.datos_solicitud['nombre_de_la_empresa_o_razón_social']).toBe('Soluciones Verdes del Cibao EIRL');
    });
  });

  it('the draft resumes on another device (a second browser with no local backup)', async () => {
    const first = await freshPage();
    const account = await registerCitizen(suite.baseUrl, '22300486150');
    await snapshotOnFailure(first, async () => {
      await login(first, suite.baseUrl, account);
      await newApplication(first);
      await fillEirlStep1(first, 'Dulces Típicos del Sur EIRL');
      await expect.poll(() => first.getByRole('status').filter({ hasText: /Borrador guardado|Cambios sin guardar|Guardando/ }).first().textContent(), { timeout: 10000 }).toMatch(/Borrador guardado/);
    });
    const second = await freshPage();
    await snapshotOnFailure(second, async () => {
      await login(second, suite.baseUrl, account);
      await second.getByRole('link', { name: 'Continuar' }).click();
      await second.getByRole('heading', { name: 'Datos solicitud de formalización', level: 2 }).waitFor();
      expect(await field(second, 'Nombre de la empresa o razón social').inputValue()).toBe('Dulces Típicos del Sur EIRL');
      expect(await second.getByRole('radiogroup', { name: /^¿Tienes nombre comercial\?/ }).getByRole('radio', { name: 'No', exact: true }).isChecked()).toBe(true);
    });
  });

  it('employees: permanent men + women must equal the total (10 ≠ 4 + 5) after "Siguiente"', async () => {
    const page = await freshPage();
    await snapshotOnFailure(page, async () => {
      await login(page, suite.baseUrl);
      await newApplication(page);
      await fillSelect(page, 'Tipo societario', 'Empresa Individual de Responsabilidad Limitada (EIRL)');
      await page.getByRole('link', { name: /Información empresarial/ }).click();
      await page.getByRole('heading', { name: 'Información empresarial', level: 2 }).waitFor();
      await choose(page, '¿Tiene empleados?', 'Sí');
      await field(page, 'Cantidad de empleados permanentes').fill('10');
      await field(page, 'Empleados permanentes masculinos').fill('4');
      await field(page, 'Empleados permanentes femeninos').fill('5');
      await page.getByRole('button', { name: 'Siguiente' }).click();
      const summary = page.getByRole('alert', { name: 'Hay errores en esta sección' });
      await summary.waitFor();
      const message = 'La suma de empleados masculinos y femeninos debe ser igual a 10';
      expect(await summary.getByRole('link', { name: new RegExp(message) }).count()).toBeGreaterThan(0);
      expect(await page.locator('form, main').first().getByText(message, { exact: true }).count()).toBeGreaterThan(0);
    });
  });
});
