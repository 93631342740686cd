/**
 * Step fills shared by the company e2e flows (SRL and EIRL): the sections
 * that both company types ask the same way, filled through the UI as a
 * citizen would. What differs between the flows comes in as parameters;
 * type-specific checks stay in the test files.
 */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import {
  addRow,
  chooseRadio,
  escapeRe,
  fillAddress,
  gridOf,
  optionsOf,
  pickDocument,
  searchSelect,
  selectIn,
  textIn,
  waitForValue,
  type Address,
} from './portal';

export const BANKS = 'Referencias Bancarias';
export const POPULAR = 'Banco Popular Dominicano';
export const BANRESERVAS = 'Banco de Reservas de la República Dominicana (Banreservas)';

/** The warning shown when an answer takes the application out of the 24-hour process. */
export const NOT_24_HOURS = 'Al seleccionar esta opción su proceso ya no será realizado en 24 horas.';

export interface Company {
  name: string;
  /** The company's address (its number field is labelled "Número"). */
  address: Omit<Address, 'numeroLabel'>;
  /** Ten digits, typed one by one (masked field). */
  phone: string;
  web?: string;
}

/** "Datos de la empresa / Razón social" for SRL and EIRL (the address is always asked). */
export async function fillCompanyStep(page: Page, c: Company): Promise<void> {
  await textIn(page, 'Nombre del establecimiento / Razón social').fill(c.name);
  await fillAddress(page, { ...c.address, numeroLabel: 'Número' });
  await textIn(page, 'Teléfono').pressSequentially(c.phone);
  if (c.web !== undefined) await textIn(page, 'Página web').fill(c.web);
}

export interface Activities {
  /** Search text and the option to pick, for the principal and the secondary CIIU activity. */
  principal: [query: string, option: RegExp];
  secundaria: [query: string, option: RegExp];
  objeto: string;
  /** One row of "Productos y servicios" each. */
  productos: string[];
}

/** "Actividades empresariales": both CIIU activities through the searchable select, the purpose, the products. Returns the picked options' texts. */
export async function fillActivitiesStep(page: Page, a: Activities): Promise<{ principal: string; secundaria: string }> {
  const principal = await searchSelect(page, 'Actividad principal', ...a.principal);
  const secundaria = await searchSelect(page, 'Actividad secundaria', ...a.secundaria);
  await textIn(page, 'Objeto de la empresa').fill(a.objeto);
  const grid = gridOf(page, 'Productos y servicios');
  for (const name of a.productos) {
    const row = await addRow(grid);
    await textIn(row, 'Nombre del producto o servicio').fill(name);
  }
  return { principal, secundaria };
}

/** Types the share capital digit by digit and waits for the currency input to show it (e.g. "RD$ 500,000"). */
export async function typeCapital(page: Page, digits: string, shown: string): Promise<void> {
  await textIn(page, 'Capital aportado / Capital social').pressSequentially(digits);
  await waitForValue(() => textIn(page, 'Capital aportado / Capital social').inputValue(), shown, 'capital');
}

/** An amount in a chosen currency: the currency option, the digits typed and what the input then shows. */
export interface Holding {
  moneda: string;
  valor: string;
  shown: string;
}

/** "¿Posee bienes raíces?" and "¿Posee activos?": "Sí" with currency and value when given, else "No". */
export async function fillAssets(page: Page, h: { bienesRaices?: Holding; activos?: Holding }): Promise<void> {
  await chooseRadio(page, '¿Posee bienes raíces?', h.bienesRaices ? 'Sí' : 'No');
  if (h.bienesRaices) {
    await page.locator('main').getByText(NOT_24_HOURS).first().waitFor();
    await fillHolding(page, 'Tipo de moneda de los bienes raíces', 'Valor de bienes raíces', h.bienesRaices);
  }
  await chooseRadio(page, '¿Posee activos?', h.activos ? 'Sí' : 'No');
  if (h.activos) await fillHolding(page, 'Tipo de moneda de los activos', 'Valor de los activos', h.activos);
}

async function fillHolding(page: Page, currencyLabel: string, valueLabel: string, h: Holding): Promise<void> {
  await selectIn(page, currencyLabel, h.moneda);
  await textIn(page, valueLabel).pressSequentially(h.valor);
  await waitForValue(() => textIn(page, valueLabel).inputValue(), h.shown, `"${valueLabel}" in ${h.moneda}`);
}

export interface Employees {
  /** Total, men, women. */
  permanentes: [string, string, string];
  temporales: [string, string, string];
}

export interface BusinessInfo {
  /** AAAA-MM-DD. */
  inicio: string;
  cierreFiscal: string;
  /** SRL only: the constitutive assembly's and the statutes' dates (AAAA-MM-DD). */
  constitucion?: { asamblea: string; estatutos: string };
  /** Years of a defined duration; undefined: "Indefinida". */
  duracionAnos?: string;
  organoAnos: string;
  sucursal?: { nombre: string; address: Address; telefono: string };
  empleados?: Employees;
}

/** "Información empresarial" for a company (the four fiscal closing dates are offered, not PF's single one). */
export async function fillBusinessInfoStep(page: Page, b: BusinessInfo): Promise<void> {
  await textIn(page, 'Fecha de inicio de operaciones').fill(b.inicio);
  expect(await optionsOf(page, 'Fecha de cierre fiscal')).toEqual(['31 de marzo', '30 de junio', '30 de septiembre', '31 de diciembre']);
  await selectIn(page, 'Fecha de cierre fiscal', b.cierreFiscal);
  if (b.constitucion) {
    await textIn(page, 'Fecha de la asamblea constitutiva').fill(b.constitucion.asamblea);
    await textIn(page, 'Fecha de los estatutos').fill(b.constitucion.estatutos);
  }
  if (b.duracionAnos !== undefined) {
    await selectIn(page, 'Duración de la empresa', 'Definida');
    await textIn(page, 'Duración de la empresa (años)').fill(b.duracionAnos);
  } else {
    await selectIn(page, 'Duración de la empresa', 'Indefinida');
  }
  await textIn(page, 'Duración del órgano de gestión (años)').fill(b.organoAnos);
  await chooseRadio(page, '¿Tiene sucursales?', b.sucursal ? 'Sí' : 'No');
  if (b.sucursal) {
    const branch = await addRow(gridOf(page, 'Listado de sucursales'));
    await textIn(branch, 'Nombre de la sucursal').fill(b.sucursal.nombre);
    await fillAddress(branch, b.sucursal.address);
    await textIn(branch, 'Teléfono').pressSequentially(b.sucursal.telefono);
  }
  await chooseRadio(page, '¿Tiene empleados?', b.empleados ? 'Sí' : 'No');
  if (b.empleados) {
    const [permanentes, permanentesM, permanentesF] = b.empleados.permanentes;
    const [temporales, temporalesM, temporalesF] = b.empleados.temporales;
    await textIn(page, 'Cantidad de empleados permanentes').fill(permanentes);
    await textIn(page, 'Empleados permanentes masculinos').fill(permanentesM);
    await textIn(page, 'Empleados permanentes femeninos').fill(permanentesF);
    await textIn(page, 'Cantidad de empleados temporales').fill(temporales);
    await textIn(page, 'Empleados temporales masculinos').fill(temporalesM);
    await textIn(page, 'Empleados temporales femeninos').fill(temporalesF);
  }
}

/** "Referencias comerciales": one row with the establishment's name. */
export async function addCommercialReference(page: Page, name: string): Promise<void> {
  const reference = await addRow(gridOf(page, 'Referencias comerciales'));
  await textIn(reference, 'Nombre del establecimiento').fill(name);
}

export interface Invoice {
  tipo: string;
  nombre: string;
  apellido: string;
  /** The document type (also the number field's label), the digits typed and the masked value shown. */
  documento: { tipo: 'RNC' | 'Cédula' | 'Pasaporte'; numero: string; shown: string };
}

/** "Detalles de la factura". */
export async function fillInvoiceStep(page: Page, f: Invoice): Promise<void> {
  await selectIn(page, 'Tipo de factura', f.tipo);
  await textIn(page, 'Nombre').fill(f.nombre);
  await textIn(page, 'Apellido').fill(f.apellido);
  await selectIn(page, 'Tipo de documento de identidad', f.documento.tipo);
  await textIn(page, f.documento.tipo).pressSequentially(f.documento.numero);
  expect(await textIn(page, f.documento.tipo).inputValue()).toBe(f.documento.shown);
}

/** Chooses the stored document `name` for each file field (by label), waiting until each shows it. */
export async function pickForEach(page: Page, labels: string[], name: string): Promise<void> {
  for (const label of labels) {
    await pickDocument(page, label, name);
    await page.getByRole('group', { name: new RegExp(`^${escapeRe(label)}`) }).getByText(name).waitFor();
  }
}
