/** Submitted requests with charges, through the real routes, for the payment tests. */
import { expect } from 'vitest';
import type { TestApp } from './buildTestApp';
import { submittableSrl } from './applicationData';
import { bearer, multipart, SAMPLE_FILES } from './helpers';

let serial = 0;

/** Uploads a PDF to the citizen's documents; returns its id. */
export async function uploadPdf(t: TestApp, token: string, citizenId: number, filename = 'Estatutos firmados.pdf'): Promise<number> {
  const body = multipart([
    { name: 'citizen_profile_id', value: String(citizenId) },
    { name: 'file', value: SAMPLE_FILES.pdf, filename, contentType: 'application/pdf' },
  ]);
  const res = await t.app.inject({ method: 'POST', url: '/v1/portals/documents', payload: body.payload, headers: { ...body.headers, ...bearer(token) } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

/** The citizen's id. */
export async function citizenIdOf(t: TestApp, token: string): Promise<number> {
  return (await t.app.inject({ method: 'GET', url: '/v1/portals/auth/citizens/me', headers: bearer(token) })).json().data.id;
}

/**
 * A formalization (SRL, capital RD$ 100,000 in the fixture, no trade-name
 * certificate yet) submitted through the API: three charges, ONAPI RD$ 7,000,
 * DGII 1 % of the capital, Cámara de Comercio RD$ 5,000.
 */
export async function submitFormalization(t: TestApp, token: string, documentId: number): Promise<{ id: number; code: string }> {
  serial += 1;
  const data = submittableSrl(documentId);
  data.datos_solicitud.tienes_nombre_comercial = false;
  data.datos_solicitud['nombre_de_la_empresa_o_razón_social'] = `Pagos de Prueba Número ${serial} ${process.pid} SRL`;
  delete data.datos_solicitud.numero_del_certificado_de_nombre_comercial;
  delete data.documentos_requeridos.certificado_de_nombre_comercial;
  const created = await t.app.inject({ method: 'POST', url: '/v1/portals/formalizaciones', headers: bearer(token), payload: { data } });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().data.id as number;
  const sent = await t.app.inject({ method: 'POST', url: `/v1/portals/formalizaciones/${id}/submit`, headers: bearer(token) });
  expect(sent.statusCode, sent.body).toBe(200);
  return { id, code: sent.json().data.request_code as string };
}

/** The request's payment view as its owner reads it. */
export async function paymentViewOf(t: TestApp, token: string, id: number) {
  const res = await t.app.inject({ method: 'GET', url: `/v1/portals/requests/${id}/payment`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
