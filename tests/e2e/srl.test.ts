/**
 * SRL application end to end in Chromium against the real server (PGlite in
 * memory, sandbox agencies) and the production build of the SPA. Every
 * section is filled through the UI, as a citizen would: lookups, searchable
 * selects, grids, computed fields, uploads and the document picker. The
 * applicant, the company, a partner and a branch live in four provinces
 * outside Distrito Nacional, Santo Domingo and Santiago (the ONE's division),
 * found by words typed with accents and without; the charges are paid by
 * transfer from the confirmation page and the VUF officer approves it.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
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
  chosen,
  staffSignInTo,
  type Choice,
  type Data,
} from '../support/portal';
import { PAYMENTS_LIST, payByTransfer, paymentViewApi } from '../support/payments';
import { DESKTOP, PHONE } from '../support/viewports';
import { waitForStillPage } from '../support/axe';
import { REPO_ROOT } from '../support/startPortal';
import {
  BANKS,
  BANRESERVAS,
  POPULAR,
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
const SHOTS = path.join(REPO_ROOT, 'tests/.artifacts/srl');

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await waitForStillPage(page);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}
const freshPage = (): Promise<Page> => suite.page();

const SRL = 'Sociedad de Responsabilidad Limitada (SRL)';
const PARTNERS = 'Propietario / Socios / Representantes';
const DGII = 'Dirección General de Impuestos Internos (DGII)';
const VUF_OFFICER = { email: 'oficial.vuf@sandbox.gob.do', password: 'Oficial-VUF-2026' };

/**
 * Four provinces outside Distrito Nacional, Santo Domingo and Santiago (the
 * official division of the ONE): what is typed to find each choice, without
 * accents or with them, and the option it ends on.
 */
const APPLICANT_ADDRESS = { provincia: ['vega', 'La Vega'], municipio: ['constanza', 'Constanza'], sector: ['espanola colonia', 'Colonia Española'] } as const;
const COMPANY_ADDRESS = { provincia: 'San Pedro de Macorís', municipio: 'San Pedro de Macorís', sector: 'Villa Velásquez' } as const;
const PARTNER_ADDRESS = { provincia: ['puerto plata', 'Puerto Plata'], municipio: ['sosua', 'Sosúa'], sector: ['guazaro', 'El Guázaro'] } as const;
const BRANCH_ADDRESS = { provincia: ['ALTAGRACIA', 'La Altagracia'], municipio: 'Higüey', sector: ['tingó mamá', 'Mamá Tingó'] } as const;

type Place = { readonly provincia: Choice; readonly municipio: Choice; readonly sector: Choice };

/** The names behind the ids an address block saved, read from the lists the form's selects use. */
async function expectPlace(page: Page, saved: Data, place: Place): Promise<void> {
  const list = async (url: string): Promise<Data[]> => ((await (await page.request.get(`${suite.baseUrl}/v1/region/${url}`)).json()) as { data: Data[] }).data;
  const name = async (url: string, id: unknown, label: string): Promise<unknown> => (await list(url)).find((r) => r.id === id)?.[label];
  expect(await name('provincias?limit=1000&page=1&paisId=1', saved.provincia, 'nombreProvincia')).toBe(chosen(place.provincia));
  expect(await name(`municipios?limit=100&page=1&provinciaId=${saved.provincia}`, saved.municipio, 'nombre')).toBe(chosen(place.municipio));
  expect(await name(`sectores?limit=500&page=1&municipioId=${saved.municipio}`, saved.sector, 'nombreSector')).toBe(chosen(place.sector));
}

/** Step 1: chamber, SRL, registered trade name (ONAPI certificate lookup). */
async function fillRequest(page: Page): Promise<void> {
  expect(await optionsOf(page, 'Cámara de comercio')).toEqual(['Cámara de Comercio de Santo Domingo']);
  await waitForValue(() => page.getByRole('combobox', { name: 'Cámara de comercio', exact: true }).inputValue(), 'Cámara de Comercio de Santo Domingo', 'chamber');
  await selectIn(page, 'Tipo societario', SRL);
  await chooseRadio(page, '¿Tienes nombre comercial?', 'Sí');
  // A registered trade name replaces the company-name question.
  expect(await textIn(page, 'Nombre de la empresa o razón social').count()).toBe(0);
  await textIn(page, 'Número del certificado de nombre comercial').pressSequentially('458712');
  await page.getByText('Número de certificado válido', { exact: true }).first().waitFor();
  await waitForValue(() => textIn(page, 'Fecha de vencimiento').inputValue(), '2031-03-15', 'expiry date from ONAPI');
  await waitForValue(() => textIn(page, 'A nombre de quién se hizo el registro').inputValue(), 'María Altagracia Rosario Méndez', 'holder from ONAPI');
}

/** Step 2: a natural person by cédula (JCE fills the names), distinct from the representative. */
async function fillApplicant(page: Page): Promise<void> {
  await selectIn(page, 'Tipo de solicitante', 'Persona física / Representante');
  await selectIn(page, 'Tipo de documento de identidad', 'Cédula');
  await typeCedula(page, 'Cédula', '00104578232', { field: 'Nombre', expected: 'María Altagracia' });
  expect(await textIn(page, 'Apellido').inputValue()).toBe('Rosario Méndez');
  expect(await textIn(page, 'Cédula').inputValue()).toBe('001-0457823-2');
  await fillContact(page, { email: 'maria.rosario@example.com', phone: '8095550101', cell: '8295550102', sexo: 'Femenino', estadoCivil: 'Casado(a)', nacionalidad: ['domini', 'Dominicana'] });
  expect(await textIn(page, 'Teléfono').inputValue()).toBe('(809) 555-0101');
  // Outside the three provinces that once had sectors (issue 24 §4), typed without accents and words out of order.
  await fillAddress(page, { ...APPLICANT_ADDRESS, calle: 'Calle Duarte', numero: '12', postal: '41000' });
  // The representative's section appears in the side list only once the switch is on.
  expect(await sideSections(page)).not.toContain('Datos del representante');
  await page.getByRole('switch', { name: 'El solicitante es distinto al representante' }).check();
  await expect.poll(() => sideSections(page), { timeout: 15000 }).toContain('Datos del representante');
}

/** Step 3: the representative by cédula, with the power of attorney uploaded through the dialog. */
async function fillRepresentative(page: Page): Promise<void> {
  await selectIn(page, 'Tipo de documento de identidad', 'Cédula');
  await typeCedula(page, 'Cédula', '40210773467', { field: 'Nombre', expected: 'José Ángel' });
  expect(await textIn(page, 'Apellido').inputValue()).toBe('Martínez Ureña');
  await fillContact(page, { email: 'jose.martinez@example.com', phone: '8095550111', cell: '8295550112', sexo: 'Masculino', nacionalidad: ['Dominicana', 'Dominicana'] });
  await fillAddress(page, { provincia: 'Santiago', municipio: 'Santiago de los Caballeros', sector: 'Los Jardines Metropolitanos', calle: 'Avenida 27 de Febrero', numero: '45', postal: '51000' });
  await uploadPdf(page, 'Cargar poder que lo autoriza como representante', 'Poder Jose Angel.pdf');
}

async function fillCompany(page: Page): Promise<void> {
  await fillCompanyStep(page, {
    name: 'Tecnologías del Ozama',
    address: { ...COMPANY_ADDRESS, calle: 'Avenida Independencia', numero: '1099', postal: '21000' },
    phone: '8095551234',
    web: 'https://ozama.example.com',
  });
}

/** Step 5: CIIU activities through the searchable select, and one product. */
async function fillActivities(page: Page): Promise<void> {
  // Words in any order, accents left out: the activity whose description has them comes first, then the rest of
  // its division, found by the division's title «Programación informática, consultoría de informática y actividades conexas».
  const principal = await optionsOf(page, 'Actividad principal', 'informatica programacion');
  expect(principal).toEqual([
    '6201 - Actividades de programación informática',
    '6202 - Actividades de consultoría de informática y de gestión de instalaciones informáticas',
    '6209 - Otras actividades de tecnología de la información y de servicios informáticos',
  ]);
  // «Comercio al por mayor» titles division 46: its activities («Venta al por mayor …») are found without guessing «venta».
  expect(await optionsOf(page, 'Actividad secundaria', 'mayor comercio')).toContain('4610 - Venta al por mayor a cambio de una retribución o por contrata');
  await fillActivitiesStep(page, {
    principal: ['informática programación', /^6201 - /],
    secundaria: ['consultoría de informática', /^6202 - /],
    objeto: 'Desarrollo de programas informáticos a la medida y consultoría tecnológica.',
    productos: ['Desarrollo de software a la medida'],
  });
}

/** Step 6: an adult partner (president, 600 quotas) and a minor partner (400 quotas) with the guardian's data. */
async function fillPartners(page: Page): Promise<void> {
  const grid = gridOf(page, PARTNERS);
  const adult = await addRow(grid);
  await selectIn(adult, 'Tipo de accionista', 'Persona');
  await selectIn(adult, 'Tipo de cargo', 'Presidente');
  await selectIn(adult, 'Tipo de beneficiario', 'Beneficiario final por control accionario');
  await adult.getByRole('switch', { name: 'Es socio' }).check();
  await textIn(adult, 'Cantidad de cuotas').fill('600');
  await adult.getByRole('switch', { name: 'Representante ante la TSS' }).check();
  await selectIn(adult, 'Tipo de documento de identidad', 'Cédula');
  await typeCedula(adult, 'Número de cédula', '03702849518', { field: 'Nombres', expected: 'Carmen Yolanda' });
  expect(await textIn(adult, 'Apellidos').inputValue()).toBe('De la Cruz Reyes');
  await fillContact(adult, { email: 'carmen.delacruz@example.com', phone: '8095554567', sexo: 'Femenino', estadoCivil: 'Casado(a)', nacionalidad: ['Dominicana', 'Dominicana'] });
  await fillAddress(adult, { ...PARTNER_ADDRESS, calle: 'Calle del Sol', numero: '12', postal: '57000' });

  const minor = await addRow(grid);
  await selectIn(minor, 'Tipo de accionista', 'Menor de edad');
  await minor.getByText('Al seleccionar esta opción su proceso ya no será realizado en 24 horas.').waitFor();
  // A minor has no beneficiary type, identity document or contact fields of its own: the guardian's instead.
  expect(await minor.getByRole('combobox', { name: 'Tipo de beneficiario', exact: true }).count()).toBe(0);
  expect(await minor.getByRole('combobox', { name: 'Tipo de documento de identidad', exact: true }).count()).toBe(0);
  expect(await textIn(minor, 'Correo electrónico').count()).toBe(0);
  await selectIn(minor, 'Tipo de cargo', 'Ninguno');
  await minor.getByRole('switch', { name: 'Es socio' }).check();
  await textIn(minor, 'Cantidad de cuotas').fill('400');
  await textIn(minor, 'Nombres').fill('Andrés');
  await textIn(minor, 'Apellidos').fill('De la Cruz Peña');
  await selectIn(minor, 'Sexo', 'Masculino');
  await searchSelect(minor, 'Nacionalidad', 'Dominicana', 'Dominicana');
  await uploadPdf(page, 'Acta de nacimiento del menor', 'Acta Nacimiento Andres.pdf');
  await textIn(minor, 'Nombres del representante').fill('Carmen Yolanda');
  await textIn(minor, 'Apellidos del representante').fill('De la Cruz Reyes');
  await selectIn(minor, 'Sexo del representante', 'Femenino');
  await selectIn(minor, 'Estado civil del representante', 'Casado(a)');
  await textIn(minor, 'Calle del representante').fill('Calle del Sol');
  await textIn(minor, 'Número de casa o apartamento del representante').fill('12');
  await textIn(minor, 'Correo electrónico del representante').fill('carmen.delacruz@example.com');
  await textIn(minor, 'Confirmar correo electrónico del representante').pressSequentially('carmen.delacruz@example.com');
}

/** Step 7: capital; total quotas (sum of the partners') and cost per quota are computed and read-only. */
async function fillFinancial(page: Page): Promise<void> {
  const total = textIn(page, 'Total de cuotas');
  const cost = textIn(page, 'Costo por cuota');
  await waitForValue(() => total.inputValue(), '1000', 'total quotas = 600 + 400');
  expect(await total.getAttribute('readonly')).not.toBeNull();
  expect(await cost.getAttribute('readonly')).not.toBeNull();
  await typeCapital(page, '500000', 'RD$ 500,000');
  await waitForValue(() => cost.inputValue(), 'RD$ 500', 'cost per quota = 500,000 / 1000');
  await fillAssets(page, { activos: { moneda: 'Dólar estadounidense (USD)', valor: '35000', shown: 'US$ 35,000' } });
}

/** Step 8: dates, one branch, employees whose men + women equal the totals. */
async function fillBusinessInfo(page: Page): Promise<void> {
  await fillBusinessInfoStep(page, {
    inicio: isoDate(10),
    cierreFiscal: '31 de diciembre',
    constitucion: { asamblea: isoDate(-5), estatutos: isoDate(-10) },
    duracionAnos: '5',
    organoAnos: '2',
    sucursal: {
      nombre: 'Ozama Santiago',
      address: { ...BRANCH_ADDRESS, calle: 'Calle Agustín Guerrero', numero: '45', postal: '23000' },
      telefono: '8095827766',
    },
    empleados: { permanentes: ['12', '7', '5'], temporales: ['3', '1', '2'] },
  });
}

/** Step 10: two banks; the second row no longer offers the bank chosen in the first. */
async function fillBanks(page: Page): Promise<void> {
  const grid = gridOf(page, BANKS);
  const first = await addRow(grid);
  await searchSelect(first, 'Banco', 'Popular Dom', POPULAR);
  const second = await addRow(grid);
  const offered = await optionsOf(second, 'Banco');
  expect(offered).not.toContain(POPULAR);
  expect(offered).toContain(BANRESERVAS);
  const searched = await optionsOf(second, 'Banco', 'Popular');
  expect(searched).not.toContain(POPULAR);
  expect(searched).toContain('Banco Popular de Puerto Rico');
  await searchSelect(second, 'Banco', 'Banreservas', BANRESERVAS);
  // And the first row does not offer the second row's bank either.
  expect(await optionsOf(first, 'Banco')).not.toContain(BANRESERVAS);
  await grid.getByText('2 de 5').waitFor();
}

async function fillInvoice(page: Page): Promise<void> {
  await fillInvoiceStep(page, {
    tipo: 'Factura de crédito fiscal',
    nombre: 'María Altagracia',
    apellido: 'Rosario Méndez',
    documento: { tipo: 'RNC', numero: '131987656', shown: '1-31-98765-6' },
  });
}

const SRL_FILES = [
  'Certificado de nombre comercial',
  'Cédulas de identidad o pasaportes de los miembros de la sociedad',
  'Asamblea constitutiva',
  'Nómina de asistencia',
  'Lista de suscripción',
];

/** Step 12: statutes uploaded through the dialog, then chosen for every other document. */
async function fillDocuments(page: Page): Promise<void> {
  // SRL: the members' identity documents, not the single identity card.
  expect(await page.getByRole('group', { name: /^Cédula de identidad( \(obligatorio\))?$/ }).count()).toBe(0);
  await page.getByRole('switch', { name: 'Cargar estatutos' }).check();
  await uploadPdf(page, 'Estatutos', 'Estatutos Ozama.pdf');
  await pickForEach(page, SRL_FILES, 'Estatutos Ozama');
}

describe('SRL', () => {
  it('a citizen completes every section through the UI (trade name, representative, 2 partners incl. a minor, 1 branch, 2 banks; applicant, company, partner and branch in La Vega, San Pedro de Macorís, Puerto Plata and La Altagracia, typed with and without accents), submits, pays everything by transfer, and the VUF approves it', async () => {
    const page = await freshPage();
    let id = 0;
    await snapshotOnFailure(page, async () => {
      await login(page, suite.baseUrl, await registerCitizen(suite.baseUrl, '00104578232'));
      id = await newApplication(page);

      await fillRequest(page);
      await nextStep(page, 'Datos del solicitante');
      await fillApplicant(page);
      await nextStep(page, 'Datos del representante');
      await fillRepresentative(page);
      await nextStep(page, 'Datos de la empresa / Razón social');
      await fillCompany(page);
      await nextStep(page, 'Actividades empresariales');
      await fillActivities(page);
      await nextStep(page, PARTNERS);
      await fillPartners(page);
      await nextStep(page, 'Datos financieros de la empresa');
      await fillFinancial(page);
      await nextStep(page, 'Información empresarial');
      await fillBusinessInfo(page);
      await nextStep(page, 'Referencias comerciales');
      await addCommercialReference(page, 'Ferretería Americana');
      await nextStep(page, BANKS);
      await fillBanks(page);
      await nextStep(page, 'Detalles de la factura');
      await fillInvoice(page);
      await nextStep(page, 'Documentos Requeridos a Adjuntar');
      await fillDocuments(page);
      const sections = await sideSections(page);
      expect(sections).toHaveLength(12);

      await openReview(page);
      expect(await page.getByRole('link', { name: /^Cambiar/ }).count()).toBe(sections.length);
      await expectAnswer(page, 'Datos solicitud de formalización', 'A nombre de quién se hizo el registro', 'María Altagracia Rosario Méndez');
      await expectAnswer(page, 'Datos del representante', 'Nombre', 'José Ángel');
      // Masked answers read as typed: the cédula ###-#######-#.
      await expectAnswer(page, 'Datos del representante', 'Cédula', '402-1077346-7');
      // Grid rows are named by what they are (x-row-label), their fields by their own titles.
      await expectAnswer(page, PARTNERS, { row: 'Socio 1 · Carmen Yolanda De la Cruz Reyes', field: 'Nombres' }, 'Carmen Yolanda');
      await expectAnswer(page, PARTNERS, { row: 'Socio 2 · Andrés De la Cruz Peña', field: 'Tipo de accionista' }, 'Menor de edad');
      await expectAnswer(page, PARTNERS, { row: 'Socio 2 · Andrés De la Cruz Peña', field: 'Acta de nacimiento del menor' }, /^Acta Nacimiento Andres/);
      await expectAnswer(page, 'Datos financieros de la empresa', 'Costo por cuota', 'RD$ 500.00');
      await expectAnswer(page, 'Información empresarial', { row: 'Sucursal 1 · Ozama Santiago', field: 'Nombre de la sucursal' }, 'Ozama Santiago');
      await expectAnswer(page, BANKS, { row: `Banco 1 · ${POPULAR}`, field: 'Banco' }, POPULAR);
      await expectAnswer(page, BANKS, { row: `Banco 2 · ${BANRESERVAS}`, field: 'Banco' }, BANRESERVAS);

      // Each section folds under its heading's button, from the keyboard; «Cambiar» stays reachable while folded.
      const financial = page.getByRole('region', { name: 'Datos financieros de la empresa', exact: true });
      const financialToggle = financial.getByRole('heading', { level: 2 }).getByRole('button', { name: 'Datos financieros de la empresa', exact: true });
      expect(await financialToggle.getAttribute('aria-expanded')).toBe('true');
      await financialToggle.focus();
      await page.keyboard.press('Enter');
      await waitForValue(async () => String(await financialToggle.getAttribute('aria-expanded')), 'false', 'section folded with Enter');
      expect(await reviewAnswer(page, 'Datos financieros de la empresa', 'Costo por cuota').isVisible()).toBe(false);
      await page.keyboard.press('Tab');
      expect(await financial.getByRole('link', { name: /^Cambiar/ }).evaluate((a) => a === document.activeElement)).toBe(true);
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Space');
      await waitForValue(async () => String(await financialToggle.getAttribute('aria-expanded')), 'true', 'section unfolded with Space');
      expect(await reviewAnswer(page, 'Datos financieros de la empresa', 'Costo por cuota').isVisible()).toBe(true);
      // «Mostrar todas las respuestas» opens every section and row; «Ocultar todas» folds them all: a far shorter page.
      await page.getByRole('button', { name: 'Mostrar todas las respuestas' }).click();
      await page.getByRole('button', { name: 'Ocultar todas' }).waitFor();
      expect(await reviewAnswer(page, 'Información empresarial', { row: 'Sucursal 1 · Ozama Santiago', field: 'Teléfono' }).isVisible()).toBe(true);
      const openHeight = await page.evaluate(() => document.documentElement.scrollHeight);
      await page.getByRole('button', { name: 'Ocultar todas' }).click();
      await page.getByRole('button', { name: 'Mostrar todas las respuestas' }).waitFor();
      expect(await page.getByRole('region', { name: PARTNERS, exact: true }).getByRole('button', { name: PARTNERS, exact: true }).getAttribute('aria-expanded')).toBe('false');
      const foldedHeight = await page.evaluate(() => document.documentElement.scrollHeight);
      console.log(`review height at ${page.viewportSize()?.width} px: folded ${foldedHeight}, all open ${openHeight}`);
      expect(foldedHeight).toBeLessThan(openHeight / 3);
      await shot(page, 'revision-plegada-1280');
      await page.setViewportSize(PHONE);
      await shot(page, 'revision-plegada-390');
      await page.setViewportSize(DESKTOP);

      // "Cambiar" goes back to the section with its answers; the side list returns to the review.
      await page.getByRole('link', { name: new RegExp(`^Cambiar.*${BANKS}`) }).click();
      await page.getByRole('heading', { name: BANKS, level: 2 }).waitFor();
      await expect.poll(() => gridOf(page, BANKS).getByRole('combobox', { name: 'Banco', exact: true }).count(), { timeout: 15000 }).toBe(2);
      await waitForValue(() => gridOf(page, BANKS).getByRole('combobox', { name: 'Banco', exact: true }).nth(1).inputValue(), BANRESERVAS, 'second bank after "Cambiar"');
      await page.getByRole('navigation', { name: 'Secciones de la solicitud' }).getByRole('link', { name: 'Revisar y enviar' }).click();
      await page.getByRole('heading', { name: 'Revise sus respuestas antes de enviar' }).waitFor();

      await page.getByRole('button', { name: 'Enviar solicitud' }).click();
      await page.waitForURL(/\/formalizacion\/\d+\/confirmacion$/);
      const code = ((await page.getByTestId('codigo-solicitud').textContent()) ?? '').trim();
      expect(code).toMatch(/^VUF-\d{4}-\d{6}$/);
      const payments = page.getByRole('region', { name: 'Pagos pendientes' });
      // The company-constitution tax is 1 % of the capital typed in step 7.
      await payments.getByRole('row').filter({ hasText: 'DGII' }).filter({ hasText: 'RD$ 5,000.00' }).waitFor();
      expect(await payments.getByRole('row').filter({ hasText: 'Total pendiente' }).count()).toBe(1);

      const res = await page.request.get(`${suite.baseUrl}/v1/portals/formalizaciones/${id}`);
      expect(res.ok()).toBe(true);
      const saved = ((await res.json()) as { data: { status: string; request_code: string; data: Data } }).data;
      expect(saved.status).not.toBe('borrador');
      expect(saved.request_code).toBe(code);
      const d = saved.data;
      expect(d.datos_solicitud).toMatchObject({ tipo_societario: 'SRL', tienes_nombre_comercial: true, numero_del_certificado_de_nombre_comercial: '458712', fecha_de_vencimiento: '2031-03-15' });
      expect(d.datos_solicitante).toMatchObject({ cedula: '00104578232', nombre: 'María Altagracia', distinto_al_representante: true });
      expect(d.datos_representante).toMatchObject({ cedula: '40210773467', nombre: 'José Ángel' });
      expect(typeof d.datos_representante.cargar_poder_que_lo_autoriza_como_representante).toBe('number');
      expect(d.propietario_socios).toHaveLength(2);
      expect(d.propietario_socios[0]).toMatchObject({ tipo_de_accionista: 'persona', numero_de_cedula: '03702849518', cantidad_de_cuotas: 600 });
      expect(d.propietario_socios[1]).toMatchObject({ tipo_de_accionista: 'menor_de_edad', cantidad_de_cuotas: 400, nombres_representante: 'Carmen Yolanda' });
      expect(typeof d.propietario_socios[1].acta_de_nacimiento_representante).toBe('number');
      expect(d.datos_financieros).toMatchObject({ capital_aportado_capital_social: 500000, total_cuota: 1000, costo_por_cuotas: 500 });
      expect(d.referencias_bancarias).toHaveLength(2);
      expect(d.referencias_bancarias[0].nombre_del_banco).not.toBe(d.referencias_bancarias[1].nombre_del_banco);
      expect(d.informacion_empresarial.listado_sucursales).toHaveLength(1);
      expect(d.informacion_empresarial).toMatchObject({ cantidad_empleados_permanentes: 12, empleados_permanentes_masculinos: 7, empleados_permanentes_femeninos: 5 });
      expect(d.actividades_empresariales).toMatchObject({ actividad_principal: '6201', actividad_secundaria: '6202' });
      const docs = d.documentos_requeridos as Record<string, unknown>;
      expect(typeof docs.estatutos).toBe('number');
      // The statutes were uploaded once and chosen for every other document.
      expect(new Set(['estatutos', 'certificado_de_nombre_comercial', 'cedulas_de_identidad_o_pasaportes_miembros_sociedad', 'asamblea_constitutiva', 'nomina_de_asistencia', 'lista_de_suscripcion'].map((k) => docs[k])).size).toBe(1);

      // Every address keeps the ids of the official division's rows it was chosen from.
      await expectPlace(page, d.datos_solicitante, APPLICANT_ADDRESS);
      await expectPlace(page, d.datos_empresa, COMPANY_ADDRESS);
      await expectPlace(page, d.propietario_socios[0], PARTNER_ADDRESS);
      await expectPlace(page, d.informacion_empresarial.listado_sucursales[0], BRANCH_ADDRESS);

      // Everything owed, paid by transfer from the confirmation page's one list.
      await payments.getByRole('button', { name: 'Pagar lo pendiente' }).click();
      const list = page.getByRole('dialog', { name: PAYMENTS_LIST });
      const byTransfer = page.getByRole('button', { name: 'Pagar por transferencia o depósito' });
      await list.locator(byTransfer).first().waitFor();
      // The charges this application owes (DGII's tax and the Cámara's registration; ONAPI's only without a trade-name certificate).
      const agencies = await list.getByRole('region').filter({ has: byTransfer })
        .evaluateAll((regions) => regions.map((r) => document.getElementById(r.getAttribute('aria-labelledby') ?? '')?.textContent?.trim() ?? ''));
      expect(agencies).toContain(DGII);
      for (const [i, agency] of agencies.entries()) {
        await payByTransfer(page, agency);
        const receipt = page.getByRole('dialog', { name: 'Pago realizado' });
        if (i < agencies.length - 1) await receipt.getByRole('button', { name: 'Seguir pagando' }).click();
        else await receipt.getByText('Todos los pagos están completos: su solicitud pasa a revisión').waitFor();
      }
      expect((await paymentViewApi(page, suite.baseUrl, id)).items.every((i) => i.status === 'pagado')).toBe(true);
    });
    await page.context().close();

    // The VUF officer reads the four places by name and approves the request.
    const officer = await suite.page({ viewport: DESKTOP });
    await snapshotOnFailure(officer, async () => {
      await staffSignInTo(officer, suite.baseUrl, VUF_OFFICER, `/institucion/solicitudes/${id}`);
      for (const place of [APPLICANT_ADDRESS, COMPANY_ADDRESS, PARTNER_ADDRESS, BRANCH_ADDRESS]) {
        await officer.getByText(chosen(place.sector), { exact: true }).first().waitFor();
        await officer.getByText(chosen(place.municipio), { exact: true }).first().waitFor();
      }
      // Paid in full, the request is already «En revisión»: the officer decides.
      await officer.getByRole('button', { name: 'Aprobar' }).click();
      await officer.getByRole('dialog', { name: 'Aprobar la solicitud' }).getByRole('button', { name: 'Confirmar' }).click();
      await officer.getByRole('status').getByText('Solicitud aprobada').waitFor();
    });
    const decided = await officer.request.get(`${suite.baseUrl}/v1/backoffice/requests/${id}`);
    expect(((await decided.json()) as { data: { status: string } }).data.status).toBe('aprobada');
    await officer.context().close();
  }, 420000);
});
