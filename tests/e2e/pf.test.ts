/**
 * PF (persona física) application end to end in Chromium against the real
 * server (PGlite in memory, sandbox agencies) and the production build of the
 * SPA, filled through the UI by a freshly registered citizen.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { portalSuite } from '../support/portalSuite';
import {
  addRow,
  fillAddress,
  fillContact,
  chooseRadio,
  expectAnswer,
  gridOf,
  isoDate,
  login,
  newApplication,
  openReview,
  nextStep,
  optionsOf,
  registerCitizen,
  reviewAnswer,
  searchSelect,
  selectIn,
  sideSections,
  snapshotOnFailure,
  textIn,
  typeCedula,
  uploadPdf,
  waitForValue,
  type Data,
} from '../support/portal';

const suite = portalSuite();
const freshPage = (): Promise<Page> => suite.page();

/** The steps of a PF application: no representative, no partners; "Determinación - Obligaciones" instead. */
const PF_SECTIONS = [
  'Datos solicitud de formalización',
  'Datos del solicitante',
  'Datos de la empresa / Razón social',
  'Actividades empresariales',
  'Determinación - Obligaciones',
  'Datos financieros de la empresa',
  'Información empresarial',
  'Referencias comerciales',
  'Referencias Bancarias',
  'Detalles de la factura',
  'Documentos Requeridos a Adjuntar',
];
const HIDDEN_FOR_PF = ['Datos del representante', 'Propietario / Socios / Representantes'];

async function fillApplicant(page: Page): Promise<void> {
  await selectIn(page, 'Tipo de solicitante', 'Persona física / Representante');
  await selectIn(page, 'Tipo de documento de identidad', 'Cédula');
  await typeCedula(page, 'Cédula', '04701935282', { field: 'Nombre', expected: 'Rosa Elena' });
  expect(await textIn(page, 'Apellido').inputValue()).toBe('Batista Cruz');
  await fillContact(page, { email: 'rosa.batista@example.com', phone: '8095557890', sexo: 'Femenino', estadoCivil: 'Viudo(a)', nacionalidad: ['domini', 'Dominicana'] });
  await fillAddress(page, { provincia: 'Distrito Nacional', municipio: 'Santo Domingo de Guzmán', sector: 'Ciudad Colonial', calle: 'Calle Padre Billini', numero: '8' });
  expect(await page.getByRole('switch', { name: 'El solicitante es distinto al representante' }).isChecked()).toBe(false);
}

/** The company's address is the applicant's domicile: "Sí" hides the address fields. */
async function fillCompany(page: Page): Promise<void> {
  await textIn(page, 'Nombre del establecimiento / Razón social').fill('Repostería Doña Rosa');
  await chooseRadio(page, '¿La dirección de la empresa es la misma que la del domicilio?', 'No');
  await page.getByRole('combobox', { name: 'Provincia', exact: true }).waitFor();
  await chooseRadio(page, '¿La dirección de la empresa es la misma que la del domicilio?', 'Sí');
  await page.getByRole('combobox', { name: 'Provincia', exact: true }).waitFor({ state: 'detached' });
  expect(await textIn(page, 'Calle').count()).toBe(0);
  await textIn(page, 'Teléfono').pressSequentially('8095557890');
}

async function fillActivities(page: Page): Promise<void> {
  await searchSelect(page, 'Actividad principal', 'panadería', /^1071 - /);
  await searchSelect(page, 'Actividad secundaria', 'restaurantes', /^5610 - /);
  await textIn(page, 'Objeto de la empresa').fill('Elaboración y venta de bizcochos, dulces típicos y postres por encargo.');
  const product = await addRow(gridOf(page, 'Productos y servicios'));
  await textIn(product, 'Nombre del producto o servicio').fill('Bizcochos por encargo');
}

async function fillObligations(page: Page): Promise<void> {
  await selectIn(page, 'Obtención de ingresos', 'Negocio propio');
  await selectIn(page, 'Desarrollo de la actividad', 'De forma permanente');
  await selectIn(page, 'Lugar de desarrollo de la actividad', 'Residencia');
  await chooseRadio(page, '¿Posee bienes inmuebles?', 'Sí');
  await page.getByText('Al seleccionar esta opción su proceso ya no será realizado en 24 horas.').first().waitFor();
  await chooseRadio(page, 'Zona de ubicación del inmueble', 'Urbana');
  await chooseRadio(page, '¿Posee título de propiedad?', 'Sí');
  await selectIn(page, 'Ventas para el mercado', 'Local');
  await selectIn(page, 'Sector económico', 'Comercial');
}

/** PF: no capital, quotas or assets; only real estate. */
async function fillFinancial(page: Page): Promise<void> {
  await page.getByRole('radiogroup', { name: /^¿Posee bienes raíces\?/ }).waitFor();
  for (const label of ['Capital aportado / Capital social', 'Total de cuotas', 'Costo por cuota', 'Valor de los activos']) {
    expect(await textIn(page, label).count(), label).toBe(0);
  }
  expect(await page.getByRole('radiogroup', { name: /^¿Posee activos\?/ }).count()).toBe(0);
  await chooseRadio(page, '¿Posee bienes raíces?', 'Sí');
  await selectIn(page, 'Tipo de moneda de los bienes raíces', 'Peso dominicano (DOP)');
  await textIn(page, 'Valor de bienes raíces').pressSequentially('2500000');
  await waitForValue(() => textIn(page, 'Valor de bienes raíces').inputValue(), 'RD$ 2,500,000', 'real estate value');
}

/** PF: fiscal closing only 31 December; no assembly, statutes or duration questions. */
async function fillBusinessInfo(page: Page): Promise<void> {
  await textIn(page, 'Fecha de inicio de operaciones').fill(isoDate(15));
  expect(await optionsOf(page, 'Fecha de cierre fiscal')).toEqual(['31 de diciembre']);
  await selectIn(page, 'Fecha de cierre fiscal', '31 de diciembre');
  for (const label of ['Fecha de la asamblea constitutiva', 'Fecha de los estatutos', 'Duración del órgano de gestión (años)']) {
    expect(await textIn(page, label).count(), label).toBe(0);
  }
  expect(await page.getByRole('combobox', { name: 'Duración de la empresa', exact: true }).count()).toBe(0);
  await chooseRadio(page, '¿Tiene sucursales?', 'No');
  await chooseRadio(page, '¿Tiene empleados?', 'Sí');
  await textIn(page, 'Cantidad de empleados permanentes').fill('2');
  await textIn(page, 'Empleados permanentes masculinos').fill('0');
  await textIn(page, 'Empleados permanentes femeninos').fill('2');
  await textIn(page, 'Cantidad de empleados temporales').fill('0');
  await textIn(page, 'Empleados temporales masculinos').fill('0');
  await textIn(page, 'Empleados temporales femeninos').fill('0');
}

/** PF: the invoice also asks when and how much was paid (yesterday). */
async function fillInvoice(page: Page, paidOn: string): Promise<void> {
  await selectIn(page, 'Tipo de factura', 'Factura de consumo');
  await textIn(page, 'Nombre').fill('Rosa Elena');
  await textIn(page, 'Apellido').fill('Batista Cruz');
  await selectIn(page, 'Tipo de documento de identidad', 'Cédula');
  await textIn(page, 'Cédula').pressSequentially('04701935282');
  await textIn(page, 'Fecha de pago').fill(paidOn);
  await textIn(page, 'Hora de pago').fill('10:30');
  await textIn(page, 'Monto pagado').pressSequentially('1500');
  await waitForValue(() => textIn(page, 'Monto pagado').inputValue(), 'RD$ 1,500', 'amount paid');
}

/** A new citizen has no documents yet: the picker is empty, so the identity card is uploaded. */
async function fillDocuments(page: Page): Promise<void> {
  // PF: the identity card is the only document asked for.
  expect(await page.getByRole('button', { name: 'Subir archivo' }).count()).toBe(1);
  expect(await page.getByRole('switch', { name: 'Cargar estatutos' }).count()).toBe(0);
  const card = page.getByRole('group', { name: /^Cédula de identidad( \(obligatorio\))?$/ });
  await card.getByRole('button', { name: 'Elegir de mis documentos' }).click();
  const picker = page.getByRole('dialog', { name: 'Mis documentos' });
  await picker.getByText('No se han encontrado resultados').waitFor();
  await picker.getByRole('button', { name: 'Cancelar' }).click();
  await picker.waitFor({ state: 'hidden' });
  await uploadPdf(page, 'Cédula de identidad', 'Cedula Rosa Elena.pdf');
}

describe('PF', () => {
  it('a new citizen completes and submits a persona física application through the UI; representative, partners and capital are absent', async () => {
    const page = await freshPage();
    await snapshotOnFailure(page, async () => {
      await login(page, suite.baseUrl, await registerCitizen(suite.baseUrl, '04701935282'));
      const id = await newApplication(page);

      await selectIn(page, 'Tipo societario', 'Persona Física');
      await chooseRadio(page, '¿Tienes nombre comercial?', 'No');
      expect(await textIn(page, 'Nombre de la empresa o razón social').count()).toBe(0);
      await expect.poll(() => sideSections(page), { timeout: 15000 }).toEqual(PF_SECTIONS);
      await page.getByText(`Paso 1 de ${PF_SECTIONS.length}`, { exact: true }).waitFor();

      await nextStep(page, 'Datos del solicitante');
      await fillApplicant(page);
      await nextStep(page, 'Datos de la empresa / Razón social');
      await fillCompany(page);
      await nextStep(page, 'Actividades empresariales');
      await fillActivities(page);
      await nextStep(page, 'Determinación - Obligaciones');
      // An analyst's note is not for citizens: it lives in the schema's $comment, never on screen.
      expect(await page.getByRole('main').innerText()).not.toMatch(/Etiquetas provisionales|especificación/);
      await fillObligations(page);
      await nextStep(page, 'Datos financieros de la empresa');
      await fillFinancial(page);
      await nextStep(page, 'Información empresarial');
      await fillBusinessInfo(page);
      await nextStep(page, 'Referencias comerciales');
      const reference = await addRow(gridOf(page, 'Referencias comerciales'));
      await textIn(reference, 'Nombre del establecimiento').fill('Supermercado Nacional');
      await nextStep(page, 'Referencias Bancarias');
      const bank = await addRow(gridOf(page, 'Referencias Bancarias'));
      await searchSelect(bank, 'Banco', 'Banreservas', 'Banco de Reservas de la República Dominicana (Banreservas)');
      await nextStep(page, 'Detalles de la factura');
      const paidOn = isoDate(-1);
      await fillInvoice(page, paidOn);
      await nextStep(page, 'Documentos Requeridos a Adjuntar');
      await fillDocuments(page);

      // Still no representative or partners after every step was filled.
      const sections = await sideSections(page);
      expect(sections).toEqual(PF_SECTIONS);
      for (const hidden of HIDDEN_FOR_PF) expect(sections).not.toContain(hidden);

      await openReview(page);
      expect(await page.getByRole('link', { name: /^Cambiar/ }).count()).toBe(PF_SECTIONS.length);
      for (const hidden of HIDDEN_FOR_PF) expect(await page.getByRole('region', { name: hidden, exact: true }).count(), hidden).toBe(0);
      await expectAnswer(page, 'Datos del solicitante', 'Nombre', 'Rosa Elena');
      await expectAnswer(page, 'Determinación - Obligaciones', 'Obtención de ingresos', 'Negocio propio');
      await expectAnswer(page, 'Información empresarial', 'Fecha de cierre fiscal', '31 de diciembre');
      await expectAnswer(page, 'Documentos Requeridos a Adjuntar', 'Cédula de identidad', /^Cedula Rosa Elena/);
      expect(await reviewAnswer(page, 'Datos financieros de la empresa', 'Capital aportado / Capital social').count()).toBe(0);

      await page.getByRole('button', { name: 'Enviar solicitud' }).click();
      await page.waitForURL(/\/formalizacion\/\d+\/confirmacion$/);
      const code = ((await page.getByTestId('codigo-solicitud').textContent()) ?? '').trim();
      expect(code).toMatch(/^VUF-\d{4}-\d{6}$/);
      const payments = page.getByRole('region', { name: 'Pagos pendientes' });
      await payments.getByRole('row').filter({ hasText: 'Total pendiente' }).waitFor();
      // A persona física pays no company-constitution tax (there is no capital).
      expect(await payments.getByRole('row').filter({ hasText: 'DGII' }).count()).toBe(0);

      const res = await page.request.get(`${suite.baseUrl}/v1/portals/formalizaciones/${id}`);
      expect(res.ok()).toBe(true);
      const saved = ((await res.json()) as { data: { status: string; request_code: string; data: Data } }).data;
      expect(saved.status).not.toBe('borrador');
      expect(saved.request_code).toBe(code);
      const d = saved.data;
      expect(d.datos_solicitud.tipo_societario).toBe('PF');
      expect(d.datos_representante).toBeUndefined();
      expect(d.propietario_socios).toBeUndefined();
      expect(d.datos_financieros.capital_aportado_capital_social).toBeUndefined();
      expect(d.datos_financieros).toMatchObject({ bienes_raices: true, tipo_de_moneda_bienes_raices: 'DOP', 'valor_de_bienes_raíces': 2500000 });
      expect(d.informacion_empresarial.fecha_cierre_fiscal).toBe('12-31');
      expect(d.determinacion_obligaciones).toMatchObject({ obtencion_de_ingresos: '4', posee_bienes_inmuebles: '1', zona_ubicacion_inmueble: '1' });
      expect(d.detalles_factura).toMatchObject({ hora_de_pago: '10:30', monto_pagado: 1500, fecha_de_pago: paidOn });
      expect(typeof d.documentos_requeridos.cedula_de_identidad).toBe('number');
    });
  }, 300000);
});
