/**
 * Submitted formalizations with charges of the three agencies (ONAPI, DGII,
 * Cámara de Comercio), made through the API with the page's session, for the
 * payment e2e tests; and the sandbox's documented test values.
 */
import type { Page } from 'playwright-core';
import { setFileFields } from './fileFields';
import { fixture, uploadDocumentApi, type Data } from './portal';

/** The sandbox card processor's and card payment page's test cards (docs/payments.md). */
export const TEST_CARDS = {
  approved: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  processorError: '4000000000000119',
  /** Fails the Luhn check. */
  invalid: '4242424242424241',
} as const;

let serial = 0;

/**
 * An SRL formalization's answers without a trade-name certificate (so it owes ONAPI RD$ 7,000, DGII
 * 1 % of the capital and the Cámara RD$ 5,000), valid against the sandbox registries, with a document
 * uploaded for the page's signed-in citizen.
 */
export async function submittableSrlApi(page: Page, baseUrl: string): Promise<Data> {
  serial += 1;
  const data: Data = structuredClone(fixture('srl-completa'));
  setFileFields(data, await uploadDocumentApi(page, baseUrl, 'Documento prueba.pdf'));
  const banks = (await (await page.request.get(`${baseUrl}/v1/region/bancos`)).json()) as { data: { id: number }[] };
  data.referencias_bancarias = (data.referencias_bancarias as unknown[]).map((_, i) => ({ nombre_del_banco: banks.data[i].id }));
  data.datos_representante.cedula = '00104578232';
  data.propietario_socios[0].numero_de_cedula = '03105672194';
  if (data.detalles_factura?.cedula) data.detalles_factura.cedula = '22300486150';
  data.datos_solicitud.tienes_nombre_comercial = false;
  data.datos_solicitud['nombre_de_la_empresa_o_razón_social'] = `Pagos del Caribe ${serial}${Date.now() % 100000} SRL`;
  delete data.datos_solicitud.numero_del_certificado_de_nombre_comercial;
  delete data.documentos_requeridos?.certificado_de_nombre_comercial;
  return data;
}

/** Creates a formalization draft with `data` as the page's signed-in citizen; its id. */
export async function createDraftApi(page: Page, baseUrl: string, data: Data): Promise<number> {
  const created = await page.request.post(`${baseUrl}/v1/portals/formalizaciones`, { data: { data } });
  if (created.status() !== 201) throw new Error(`draft: ${created.status()} ${await created.text()}`);
  return ((await created.json()) as { data: { id: number } }).data.id;
}

/** Submits an SRL formalization (submittableSrlApi) as the page's signed-in citizen. Returns its id and request code. */
export async function submitFormalizationApi(page: Page, baseUrl: string): Promise<{ id: number; code: string }> {
  const id = await createDraftApi(page, baseUrl, await submittableSrlApi(page, baseUrl));
  const sent = await page.request.post(`${baseUrl}/v1/portals/formalizaciones/${id}/submit`);
  if (sent.status() !== 200) throw new Error(`submit ${id}: ${sent.status()} ${await sent.text()}`);
  return { id, code: ((await sent.json()) as { data: { request_code: string } }).data.request_code };
}

/** The request's payment view as the page's citizen reads it. */
export async function paymentViewApi(page: Page, baseUrl: string, id: number): Promise<{ items: { id: number; agency: string; status: string; amount: number }[]; [k: string]: unknown }> {
  const res = await page.request.get(`${baseUrl}/v1/portals/requests/${id}/payment`);
  if (!res.ok()) throw new Error(`payment view ${id}: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { data: never }).data;
}

/** The one list of a request's charges with their ways to pay («Pagar lo pendiente»). */
export const PAYMENTS_LIST = 'Pagos de la solicitud';

/**
 * Pays the charge of `agency` by transfer or deposit from the open list of
 * charges: the authorization number shown, then typed back with the sandbox
 * bank's approval number (docs/payments.md); ends on «Pago realizado».
 */
export async function payByTransfer(page: Page, agency: string): Promise<void> {
  await page.getByRole('dialog', { name: PAYMENTS_LIST }).getByRole('region', { name: agency }).getByRole('button', { name: 'Pagar por transferencia o depósito' }).click();
  const modal = page.getByRole('dialog', { name: 'Número de autorización' });
  await modal.locator('#numero-autorizacion').waitFor();
  const code = (await modal.locator('#numero-autorizacion').innerText()).trim();
  await modal.getByRole('switch', { name: 'Ya tengo mi código' }).check();
  await modal.getByRole('textbox', { name: /Código de autorización/ }).fill(code);
  await modal.getByRole('textbox', { name: /Número de aprobación del banco/ }).fill('123456');
  await modal.getByRole('button', { name: 'Pago realizado' }).click();
  await page.getByRole('dialog', { name: 'Pago realizado' }).waitFor();
}
