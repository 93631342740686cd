/**
 * EIRL application end to end in Chromium against the real server (PGlite in
 * memory, sandbox agencies) and the production build of the SPA. The first
 * flow fills every section through the UI, as a citizen would; the others
 * check single rules (JCE lookup, name availability, uploads, autosave).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { portalSuite } from '../support/portalSuite';
import {
  addRow,
  chooseRadio,
  expectAnswer,
  fillAddress,
  fillContact,
  getDraft,
  gridOf,
  isoDate,
  login,
  newApplication,
  nextStep,
  openReview,
  pngBuffer,
  registerCitizen,
  searchSelect,
  selectIn,
  sideSections,
  snapshotOnFailure,
  textIn,
  typeCedula,
  uploadFile,
  uploadPdf,
  waitAutosaved,
  waitForValue,
  type Data,
} from '../support/portal';
import {
  BANKS,
  addCommercialReference,
  fillActivitiesStep,
  fillAssets,
  fillBusinessInfoStep,
  fillCompanyStep,
  fillInvoiceStep,
  pickForEach,
  typeCapital,
} from '../support/formalizacionSteps';

const suite = portalSuite();
const freshPage = (): Promise<Page> => suite.page();

const EIRL = 'Empresa Individual de Responsabilidad Limitada (EIRL)';
const PARTNERS = 'Propietario / Socios / Representantes';
const BHD = 'Banco Múltiple BHD';

/** Step 1 for an EIRL without a registered trade name. */
async function fillEirlStep1(page: Page, companyName: string): Promise<void> {
  await selectIn(page, 'Tipo societario', EIRL);
  await chooseRadio(page, '¿Tienes nombre comercial?', 'No');
  await textIn(page, 'Nombre de la empresa o razón social').fill(companyName);
  await expect.poll(() => page.getByText('Nombre válido').count(), { timeout: 15000 }).toBeGreaterThan(0);
}

/** The ten steps of an EIRL whose owner is also the representative: no representative, no partners. */
const EIRL_SECTIONS = [
  'Datos solicitud de formalización',
  'Datos del solicitante',
  'Datos de la empresa / Razón social',
  'Actividades empresariales',
  'Datos financieros de la empresa',
  'Información empresarial',
  'Referencias comerciales',
  BANKS,
  'Detalles de la factura',
  'Documentos Requeridos a Adjuntar',
];

/** Step 2: the owner by cédula (JCE fills the names); no applicant type for an EIRL, and the owner is the representative. */
async function fillApplicant(page: Page): Promise<void> {
  expect(await page.getByRole('combobox', { name: 'Tipo de solicitante', exact: true }).count()).toBe(0);
  await selectIn(page, 'Tipo de documento de identidad', 'Cédula');
  await typeCedula(page, 'Cédula', '05607221842', { field: 'Nombre', expected: 'Luis Manuel' });
  expect(await textIn(page, 'Apellido').inputValue()).toBe('Ortiz Almonte');
  expect(await textIn(page, 'Cédula').inputValue()).toBe('056-0722184-2');
  await fillContact(page, { email: 'luis.ortiz@example.com', phone: '8095553344', cell: '8295553345', sexo: 'Masculino', estadoCivil: 'Soltero(a)', nacionalidad: ['domini', 'Dominicana'] });
  await fillAddress(page, { provincia: 'Santiago', municipio: 'Santiago de los Caballeros', sector: 'Los Jardines Metropolitanos', calle: 'Calle Restauración', numero: '27', postal: '51000' });
  expect(await page.getByRole('switch', { name: 'El solicitante es distinto al representante' }).isChecked()).toBe(false);
  expect(await sideSections(page)).not.toContain('Datos del representante');
}

/** Step 5: capital and holdings; an EIRL has no quotas (no total or cost per quota). */
async function fillFinancial(page: Page): Promise<void> {
  expect(await textIn(page, 'Total de cuotas').count()).toBe(0);
  expect(await textIn(page, 'Costo por cuota').count()).toBe(0);
  await typeCapital(page, '150000', 'RD$ 150,000');
  await fillAssets(page, {
    bienesRaices: { moneda: 'Euro (EUR)', valor: '250000', shown: '€ 250,000' },
    activos: { moneda: 'Dólar estadounidense (USD)', valor: '20000', shown: 'US$ 20,000' },
  });
}

/** Step 6: no assembly or statutes dates for an EIRL; an undefined duration asks no years; no branches. */
async function fillBusinessInfo(page: Page): Promise<void> {
  expect(await textIn(page, 'Fecha de la asamblea constitutiva').count()).toBe(0);
  expect(await textIn(page, 'Fecha de los estatutos').count()).toBe(0);
  await fillBusinessInfoStep(page, {
    inicio: isoDate(20),
    cierreFiscal: '30 de junio',
    organoAnos: '3',
    empleados: { permanentes: ['3', '2', '1'], temporales: ['2', '1', '1'] },
  });
  expect(await textIn(page, 'Duración de la empresa (años)').count()).toBe(0);
  expect(await gridOf(page, 'Listado de sucursales').count()).toBe(0);
}

/** Step 8: one bank through the searchable select. */
async function fillBanks(page: Page): Promise<void> {
  const grid = gridOf(page, BANKS);
  const bank = await addRow(grid);
  await searchSelect(bank, 'Banco', 'BHD', BHD);
  await grid.getByText('1 de 5').waitFor();
}

const EIRL_FILES = ['Cédula de identidad', 'Acta notarial y/o acto de declaración jurada', 'Carta bancaria', 'Recibo de tasa'];

/** Step 10: the EIRL's four documents (no statutes, no members' documents): two uploaded, the cédula chosen again for the other two. */
async function fillDocuments(page: Page): Promise<void> {
  expect(await page.getByRole('switch', { name: 'Cargar estatutos' }).count()).toBe(0);
  expect(await page.getByRole('group', { name: /^Cédulas de identidad o pasaportes de los miembros de la sociedad/ }).count()).toBe(0);
  await uploadPdf(page, 'Cédula de identidad', 'Cedula Luis Manuel.pdf');
  await uploadPdf(page, 'Carta bancaria', 'Carta Banco BHD.pdf');
  await pickForEach(page, ['Acta notarial y/o acto de declaración jurada', 'Recibo de tasa'], 'Cedula Luis Manuel');
}

describe('EIRL', () => {
  it('a citizen completes every EIRL section through the UI (own cédula, no trade name, real estate and assets, 1 bank) and submits', async () => {
    const page = await freshPage();
    await snapshotOnFailure(page, async () => {
      await login(page, suite.baseUrl, await registerCitizen(suite.baseUrl, '05607221842'));
      const id = await newApplication(page);

      await waitForValue(() => page.getByRole('combobox', { name: 'Cámara de comercio', exact: true }).inputValue(), 'Cámara de Comercio de Santo Domingo', 'chamber');
      await fillEirlStep1(page, 'Soluciones Verdes del Cibao EIRL');
      expect(await textIn(page, 'Número del certificado de nombre comercial').count()).toBe(0);
      // An EIRL has neither partners nor (with the owner as representative) a representative's section.
      await expect.poll(() => sideSections(page), { timeout: 15000 }).toEqual(EIRL_SECTIONS);
      await nextStep(page, 'Datos del solicitante');
      await fillApplicant(page);
      await nextStep(page, 'Datos de la empresa / Razón social');
      await fillCompanyStep(page, {
        name: 'Soluciones Verdes del Cibao',
        address: { provincia: 'Santiago', municipio: 'Santiago de los Caballeros', sector: 'Los Jardines Metropolitanos', calle: 'Calle Restauración', numero: '29', postal: '51000' },
        phone: '8095553346',
      });
      await nextStep(page, 'Actividades empresariales');
      const activities = await fillActivitiesStep(page, {
        principal: ['limpieza general', /^8121 - /],
        secundaria: ['paisajismo', /^8130 - /],
        objeto: 'Servicios de limpieza ecológica de oficinas y mantenimiento de jardines.',
        productos: ['Limpieza ecológica de oficinas', 'Mantenimiento de jardines'],
      });
      expect(activities).toEqual({ principal: '8121 - Limpieza general de edificios', secundaria: '8130 - Actividades de paisajismo y servicios de mantenimiento conexos' });
      await nextStep(page, 'Datos financieros de la empresa');
      await fillFinancial(page);
      await nextStep(page, 'Información empresarial');
      await fillBusinessInfo(page);
      await nextStep(page, 'Referencias comerciales');
      await addCommercialReference(page, 'Agroferretería El Progreso');
      await nextStep(page, BANKS);
      await fillBanks(page);
      await nextStep(page, 'Detalles de la factura');
      await fillInvoiceStep(page, {
        tipo: 'Factura de consumo',
        nombre: 'Luis Manuel',
        apellido: 'Ortiz Almonte',
        documento: { tipo: 'Cédula', numero: '05607221842', shown: '056-0722184-2' },
      });
      await nextStep(page, 'Documentos Requeridos a Adjuntar');
      await fillDocuments(page);
      const sections = await sideSections(page);
      expect(sections).toEqual(EIRL_SECTIONS);
      expect(sections).not.toContain(PARTNERS);

      await openReview(page);
      expect(await page.getByRole('link', { name: /^Cambiar/ }).count()).toBe(EIRL_SECTIONS.length);
      expect(await page.getByRole('region', { name: PARTNERS, exact: true }).count()).toBe(0);
      await expectAnswer(page, 'Datos solicitud de formalización', 'Tipo societario', EIRL);
      await expectAnswer(page, 'Datos solicitud de formalización', 'Nombre de la empresa o razón social', 'Soluciones Verdes del Cibao EIRL');
      await expectAnswer(page, 'Datos del solicitante', 'Nombre', 'Luis Manuel');
      await expectAnswer(page, 'Datos del solicitante', 'Cédula', '056-0722184-2');
      await expectAnswer(page, 'Actividades empresariales', 'Actividad principal', '8121 - Limpieza general de edificios');
      await expectAnswer(page, 'Actividades empresariales', { row: 'Producto o servicio 2 · Mantenimiento de jardines', field: 'Nombre del producto o servicio' }, 'Mantenimiento de jardines');
      await expectAnswer(page, 'Datos financieros de la empresa', 'Valor de bienes raíces', '€ 250,000.00');
      await expectAnswer(page, BANKS, { row: `Banco 1 · ${BHD}`, field: 'Banco' }, BHD);
      await expectAnswer(page, 'Documentos Requeridos a Adjuntar', 'Carta bancaria', /^Carta Banco BHD/);

      await page.getByRole('button', { name: 'Enviar solicitud' }).click();
      await page.waitForURL(/\/formalizacion\/\d+\/confirmacion$/);
      const code = ((await page.getByTestId('codigo-solicitud').textContent()) ?? '').trim();
      expect(code).toMatch(/^VUF-\d{4}-\d{6}$/);
      const payments = page.getByRole('region', { name: 'Pagos pendientes' });
      // No trade name yet (ONAPI registers it), 1 % of the capital (DGII) and the chamber's EIRL fee.
      await payments.getByRole('row').filter({ hasText: 'DGII' }).filter({ hasText: 'RD$ 1,500.00' }).waitFor();
      expect(await payments.getByRole('row').filter({ hasText: 'ONAPI' }).filter({ hasText: 'RD$ 7,000.00' }).count()).toBe(1);
      expect(await payments.getByRole('row').filter({ hasText: 'Cámara de Comercio' }).filter({ hasText: 'RD$ 4,000.00' }).count()).toBe(1);
      expect(await payments.getByRole('row').filter({ hasText: 'Total pendiente' }).filter({ hasText: 'RD$ 12,500.00' }).count()).toBe(1);

      const res = await page.request.get(`${suite.baseUrl}/v1/portals/formalizaciones/${id}`);
      expect(res.ok()).toBe(true);
      const saved = ((await res.json()) as { data: { status: string; request_code: string; data: Data } }).data;
      expect(saved.status).not.toBe('borrador');
      expect(saved.request_code).toBe(code);
      const d = saved.data;
      expect(d.datos_solicitud).toMatchObject({ tipo_societario: 'EIRL', tienes_nombre_comercial: false, 'nombre_de_la_empresa_o_razón_social': 'Soluciones Verdes del Cibao EIRL' });
      expect(d.datos_solicitante).toMatchObject({ tipo_de_documentacion_de_identidad: 'cedula', cedula: '05607221842', nombre: 'Luis Manuel', apellido: 'Ortiz Almonte', telefono: '8095553344', sexo: 'M', estado_civil: 'soltero' });
      expect(d.datos_solicitante.tipo_de_solicitante).toBeUndefined();
      expect(d.datos_representante).toBeUndefined();
      expect(d.propietario_socios).toBeUndefined();
      expect(d.datos_empresa).toMatchObject({ nombre_del_establecimiento_razon_social: 'Soluciones Verdes del Cibao', numero: '29', telefono: '8095553346' });
      expect(d.actividades_empresariales).toMatchObject({ actividad_principal: '8121', actividad_secundaria: '8130' });
      expect(d.actividades_empresariales.productos_y_servicios).toHaveLength(2);
      expect(d.datos_financieros).toMatchObject({ capital_aportado_capital_social: 150000, bienes_raices: true, tipo_de_moneda_bienes_raices: 'EUR', 'valor_de_bienes_raíces': 250000, activos: true, tipo_de_moneda_activos: 'USD', valor_de_los_activos: 20000 });
      expect(d.datos_financieros.total_cuota).toBeUndefined();
      expect(d.datos_financieros.costo_por_cuotas).toBeUndefined();
      expect(d.informacion_empresarial).toMatchObject({ fecha_cierre_fiscal: '06-30', duracion_empresa: 'indefinida', duracion_organo_gestion: 3, sucursales: false, tiene_empleados: true, cantidad_empleados_permanentes: 3, cantidad_empleados_temporales: 2 });
      expect(d.informacion_empresarial.fecha_asamblea_constitutiva).toBeUndefined();
      expect(d.referencias_comerciales).toEqual([{ establecimiento_nombre: 'Agroferretería El Progreso' }]);
      expect(d.referencias_bancarias).toEqual([{ nombre_del_banco: 3 }]);
      expect(d.detalles_factura).toMatchObject({ tipo_de_factura: 'factura-consumo', tipo_de_documento_de_identidad: 'cedula', cedula: '05607221842' });
      const docs = d.documentos_requeridos as Record<string, unknown>;
      const files = ['cedula_de_identidad', 'acta_notarial_y_o_acto_de_declaración_jurada', 'carta_bancaria_EIRL', 'recibo_de_tasa'].map((k) => docs[k]);
      expect(files.every((f) => typeof f === 'number')).toBe(true);
      // The cédula was uploaded once and chosen again for the notarial act and the fee receipt.
      expect(new Set(files).size).toBe(2);
      expect(docs.estatutos).toBeUndefined();
    });
  }, 300000);

  it('a cédula unknown to the JCE (valid check digit) is rejected: field error "Cédula inválida" and the names are cleared', async () => {
    const page = await freshPage();
    await snapshotOnFailure(page, async () => {
      await login(page, suite.baseUrl);
      await newApplication(page);
      await fillEirlStep1(page, 'Soluciones Verdes del Cibao EIRL');
      await nextStep(page, 'Datos del solicitante');
      await selectIn(page, 'Tipo de documento de identidad', 'Cédula');
      const cedula = textIn(page, 'Cédula');
      await cedula.pressSequentially('00104578232');
      await expect.poll(() => textIn(page, 'Nombre').inputValue()).toBe('María Altagracia');
      await cedula.fill('');
      await cedula.pressSequentially('40212345678');
      // The field's own error (in main; the toasts live outside it).
      await page.locator('main').getByText('Cédula inválida', { exact: true }).waitFor();
      expect(await cedula.getAttribute('aria-invalid')).toBe('true');
      await expect.poll(() => textIn(page, 'Nombre').inputValue()).toBe('');
      expect(await textIn(page, 'Apellido').inputValue()).toBe('');
    });
  });

  it('a taken company name shows "Nombre no está disponible"', async () => {
    const page = await freshPage();
    await snapshotOnFailure(page, async () => {
      await login(page, suite.baseUrl);
      await newApplication(page);
      await selectIn(page, 'Tipo societario', EIRL);
      await chooseRadio(page, '¿Tienes nombre comercial?', 'No');
      await textIn(page, 'Nombre de la empresa o razón social').fill('Panadería La Esperanza');
      await page.locator('main').getByText('Nombre no está disponible').waitFor();
      await page.getByRole('button', { name: 'Siguiente' }).click();
      await page.getByRole('heading', { name: 'Hay errores en esta sección' }).waitFor();
      expect(await page.getByRole('heading', { name: 'Datos solicitud de formalización', level: 2 }).count()).toBe(1);
    });
  });

  it('rejects a .exe and a PNG renamed to .pdf before sending; nothing is added to the documents', async () => {
    const page = await freshPage();
    await snapshotOnFailure(page, async () => {
      await login(page, suite.baseUrl, await registerCitizen(suite.baseUrl, '03105672194'));
      await newApplication(page);
      await selectIn(page, 'Tipo societario', EIRL);
      await page.getByRole('link', { name: /Documentos Requeridos a Adjuntar/ }).click();
      await page.getByRole('heading', { name: 'Documentos Requeridos a Adjuntar', level: 2 }).waitFor();
      const dialog = page.getByRole('dialog', { name: 'Subir documento' });

      await uploadFile(page, EIRL_FILES[0], { name: 'programa.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ\x90\x00') });
      await dialog.getByText(/Tipo de archivo no permitido/).waitFor();
      expect(await dialog.getByRole('button', { name: 'Subir', exact: true }).isDisabled()).toBe(true);

      // A PNG renamed .pdf: its first bytes give it away before sending (the server checks them again).
      await dialog.locator('input[type=file][accept]').setInputFiles({ name: 'imagen.pdf', mimeType: 'application/pdf', buffer: pngBuffer() });
      await dialog.getByText('Tipo de archivo no permitido', { exact: true }).waitFor();
      expect(await dialog.getByRole('button', { name: 'Subir', exact: true }).isDisabled()).toBe(true);
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
      await textIn(page, 'Calle').fill('Calle Las Mercedes');
      await waitAutosaved(page);
      await page.reload();
      await page.getByRole('heading', { name: 'Datos del solicitante', level: 2 }).waitFor();
      expect(await textIn(page, 'Calle').inputValue()).toBe('Calle Las Mercedes');
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
      expect(await textIn(second, 'Nombre de la empresa o razón social').inputValue()).toBe('Dulces Típicos del Sur EIRL');
      expect(await second.getByRole('radiogroup', { name: /^¿Tienes nombre comercial\?/ }).getByRole('radio', { name: 'No', exact: true }).isChecked()).toBe(true);
    });
  });

  it('employees: permanent men + women must equal the total (10 ≠ 4 + 5) after "Siguiente"', async () => {
    const page = await freshPage();
    await snapshotOnFailure(page, async () => {
      await login(page, suite.baseUrl);
      await newApplication(page);
      await selectIn(page, 'Tipo societario', EIRL);
      await page.getByRole('link', { name: /Información empresarial/ }).click();
      await page.getByRole('heading', { name: 'Información empresarial', level: 2 }).waitFor();
      await chooseRadio(page, '¿Tiene empleados?', 'Sí');
      await textIn(page, 'Cantidad de empleados permanentes').fill('10');
      await textIn(page, 'Empleados permanentes masculinos').fill('4');
      await textIn(page, 'Empleados permanentes femeninos').fill('5');
      await page.getByRole('button', { name: 'Siguiente' }).click();
      const summary = page.getByRole('alert', { name: 'Hay errores en esta sección' });
      await summary.waitFor();
      const message = 'La suma de empleados masculinos y femeninos debe ser igual a 10';
      expect(await summary.getByRole('link', { name: new RegExp(message) }).count()).toBeGreaterThan(0);
      expect(await page.locator('form, main').first().getByText(message, { exact: true }).count()).toBeGreaterThan(0);
    });
  });
});
