/**
 * Proofs of payment (issue 13): the DGII proof of a formalization, the deposit
 * receipt of another service's charge, and their verification by the
 * institution's officer in the back office (list, download, accept, refuse).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPROVAL_NUMBER_INVALID } from '@portal/api-contract';
import { SANDBOX_JCE_CITIZENS, SANDBOX_STAFF } from '../src/agencies/sandbox/sandboxData';
import { confirmCharge, lockCharge } from '../src/services/payments/paymentLedger';
import { DOCUMENT_NOT_OWN, documentIdFromUrl } from '../src/services/payments/paymentProofs';
import { buildTestApp, type TestApp } from './buildTestApp';
import { bearer, DEMO, login, register, staffLogin as signStaffIn } from './helpers';
import { citizenIdOf, paymentViewOf, submitFormalization, uploadPdf } from './paymentFixtures';

let t: TestApp;
let token: string;
let citizenId: number;
let doc: number;
let otherToken: string;
let otherDoc: number;
const staff: Record<'dgii' | 'intrant' | 'pgr' | 'admin', string> = { dgii: '', intrant: '', pgr: '', admin: '' };

const docUrl = (id: number) => `/v1/portals/documents/${id}/download`;

const staffLogin = (institution: string | null): Promise<string> => signStaffIn(t.app, SANDBOX_STAFF.find((x) => x.institution === institution)!);

beforeAll(async () => {
  t = await buildTestApp({ rateLimitAllowList: ['127.0.0.1'] });
  token = await login(t.app, DEMO.cedula, DEMO.password);
  citizenId = await citizenIdOf(t, token);
  doc = await uploadPdf(t, token, citizenId, 'Comprobante DGII.pdf');
  await register(t.app, SANDBOX_JCE_CITIZENS[6].cedula, 'Clave-de-Otra-1');
  otherToken = await login(t.app, SANDBOX_JCE_CITIZENS[6].cedula, 'Clave-de-Otra-1');
  otherDoc = await uploadPdf(t, otherToken, await citizenIdOf(t, otherToken), 'Ajeno.pdf');
  staff.dgii = await staffLogin('DGII');
  staff.intrant = await staffLogin('INTRANT');
  staff.pgr = await staffLogin('PGR');
  staff.admin = await staffLogin(null);
});
afterAll(() => t.close());

const sendDgii = (body: object, who = token) => t.app.inject({ method: 'POST', url: '/v1/institution-dgii/upload/document', headers: bearer(who), payload: body });
const sendDeposit = (body: object, who = token) => t.app.inject({ method: 'POST', url: '/v1/portals/payment/deposit-receipt', headers: bearer(who), payload: body });
const asStaff = (who: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(who), ...(payload ? { payload } : {}) });

/** Everything a proof could change, to compare before and after a refused call. */
async function snapshot(requestId: number) {
  const q = async (sql: string) => (await t.app.db.query(sql, [requestId])).rows;
  return {
    items: await q('SELECT id, status, method, approval_number, proof_document_id, review_note, paid_at FROM request_items WHERE application_id = $1 ORDER BY id'),
    actions: await q('SELECT id FROM request_actions WHERE application_id = $1 ORDER BY id'),
    attachments: await q('SELECT document_id FROM request_attachments WHERE application_id = $1 ORDER BY id'),
    notifications: await q("SELECT n.id FROM notifications n JOIN applications a ON a.citizen_id = n.citizen_id WHERE a.id = $1 ORDER BY n.id"),
    audit: await q('SELECT id FROM audit_log WHERE application_id = $1 ORDER BY id'),
    status: await q('SELECT status FROM applications WHERE id = $1'),
  };
}

const dgiiItemOf = async (id: number) => (await paymentViewOf(t, token, id)).items.find((i: { agency: string }) => i.agency === 'DGII');

/** A submitted PGR request (certificado-no-antecedentes) of the citizen with one pending charge. */
async function pgrRequest(owner = citizenId): Promise<{ id: number; item: number }> {
  const { rows } = await t.app.db.query<{ id: number }>("INSERT INTO applications (citizen_id, form, data) VALUES ($1, 'certificado-no-antecedentes', '{}') RETURNING id", [owner]);
  const id = rows[0].id;
  await t.app.db.query("UPDATE applications SET status = 'enviada', request_code = $2, institution = 'PGR', submitted_at = now() WHERE id = $1", [id, `SOL-2026-8${String(id).padStart(5, '0')}`]);
  const item = (await t.app.db.query<{ id: number }>("INSERT INTO request_items (application_id, agency, concept, amount) VALUES ($1, 'PGR', 'Certificado de no antecedentes penales', 500) RETURNING id", [id])).rows[0].id;
  return { id, item };
}

describe('the document of a proof', () => {
  it('is read from its download address, nothing else', () => {
    expect(documentIdFromUrl('/v1/portals/documents/12/download')).toBe(12);
    expect(documentIdFromUrl('https://portal.gob.do/v1/portals/documents/7/download')).toBe(7);
    expect(documentIdFromUrl('/v1/portals/documents/0/download')).toBeNull();
    expect(documentIdFromUrl('/v1/portals/documents/12/download?x=1')).toBeNull();
    expect(documentIdFromUrl('/v1/backoffice/payments/12/document')).toBeNull();
    expect(documentIdFromUrl('12')).toBeNull();
  });
});

describe('POST /v1/institution-dgii/upload/document', () => {
  it('puts the DGII charge under review with its proof, a timeline note and the document among the request\'s', async () => {
    const { id, code } = await submitFormalization(t, token, doc);
    const res = await sendDgii({ documentUrl: docUrl(doc), authorizationNumber: ' 123456 ', requestId: id, requestCode: code });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(data.message).toBe('Comprobante enviado. La DGII lo verificará.');
    expect(data.item).toMatchObject({ agency: 'DGII', status: 'en_verificacion', approval_number: '123456', proof_name: 'Comprobante DGII.pdf', review_note: null, method: null });
    expect(data.request_status).toBe('enviada');
    const detail = (await t.app.inject({ method: 'GET', url: `/v1/portals/requests/${id}`, headers: bearer(token) })).json().data;
    expect(JSON.stringify(detail)).toContain('Comprobante de pago enviado a la DGII (aprobación 123456).');
    expect((await t.app.db.query('SELECT document_id FROM request_attachments WHERE application_id = $1', [id])).rows).toEqual([{ document_id: doc }]);
    // A second proof while the first is under review: 409, nothing changes.
    const before = await snapshot(id);
    const again = await sendDgii({ documentUrl: docUrl(doc), authorizationNumber: '999', requestId: id, requestCode: code });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Este cargo tiene un comprobante en verificación');
    expect(await snapshot(id)).toEqual(before);
  });

  it('a wrong id/code pair, another citizen\'s request or document: 404 and nothing changes', async () => {
    const { id, code } = await submitFormalization(t, token, doc);
    const other = await submitFormalization(t, token, doc);
    const before = await snapshot(id);
    const otherBefore = await snapshot(other.id);
    const cases = [
      { body: { documentUrl: docUrl(doc), authorizationNumber: '1', requestId: id, requestCode: other.code }, who: token, message: 'Pago no encontrado' },
      { body: { documentUrl: docUrl(doc), authorizationNumber: '1', requestId: id, requestCode: code }, who: otherToken, message: 'Pago no encontrado' },
      { body: { documentUrl: docUrl(otherDoc), authorizationNumber: '1', requestId: id, requestCode: code }, who: token, message: DOCUMENT_NOT_OWN },
      { body: { documentUrl: docUrl(2147483647), authorizationNumber: '1', requestId: id, requestCode: code }, who: token, message: DOCUMENT_NOT_OWN },
    ];
    for (const c of cases) {
      const res = await sendDgii(c.body, c.who);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().message).toBe(c.message);
    }
    expect(await snapshot(id)).toEqual(before);
    expect(await snapshot(other.id)).toEqual(otherBefore);
  });

  it('bad input: a clear Spanish 400 and nothing changes', async () => {
    const { id, code } = await submitFormalization(t, token, doc);
    const before = await snapshot(id);
    const base = { documentUrl: docUrl(doc), authorizationNumber: '123456', requestId: id, requestCode: code };
    const bad: Array<[object, string, string]> = [
      [{ ...base, authorizationNumber: '' }, 'authorizationNumber', 'Debe tener al menos 1 caracteres'],
      [{ ...base, authorizationNumber: '   ' }, 'authorizationNumber', APPROVAL_NUMBER_INVALID],
      [{ ...base, authorizationNumber: '12 34' }, 'authorizationNumber', APPROVAL_NUMBER_INVALID],
      [{ ...base, authorizationNumber: '1'.repeat(31) }, 'authorizationNumber', APPROVAL_NUMBER_INVALID],
      [{ ...base, authorizationNumber: '<script>' }, 'authorizationNumber', APPROVAL_NUMBER_INVALID],
      [{ ...base, documentUrl: 'https://ejemplo.com/archivo.pdf' }, 'documentUrl', 'Indique un documento de sus documentos'],
      [{ documentUrl: base.documentUrl, requestId: id, requestCode: code }, 'authorizationNumber', 'Requerido'],
      [{ ...base, requestId: 'uno' }, 'requestId', 'Debe ser un número entero'],
    ];
    for (const [body, path, message] of bad) {
      const res = await sendDgii(body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toContainEqual({ path, message });
    }
    expect(await snapshot(id)).toEqual(before);
  });
});

describe('odd input', () => {
  it('NUL characters, other scripts, numbers as text, huge ids: a Spanish 4xx, never a 5xx, nothing changes', async () => {
    const { id, code } = await submitFormalization(t, token, doc);
    const { id: pgrId, item } = await pgrRequest();
    const dgii = await dgiiItemOf(id);
    const before = [await snapshot(id), await snapshot(pgrId)];
    const odd = ['\u0000', '١٢٣', '１２３', 'ａｂｃ', '12\u200b34', '%00', '../../', 'x'.repeat(5000)];
    const calls = odd.flatMap((v) => [
      sendDgii({ documentUrl: docUrl(doc), authorizationNumber: v, requestId: id, requestCode: code }),
      sendDgii({ documentUrl: v, authorizationNumber: '1', requestId: id, requestCode: code }),
      sendDgii({ documentUrl: docUrl(doc), authorizationNumber: '1', requestId: id, requestCode: v }),
      sendDeposit({ documentUrl: `/v1/portals/documents/${v}/download`, approvalNumber: '1', requestId: pgrId, itemId: item }),
      asStaff(staff.dgii, 'POST', `/v1/backoffice/payments/${dgii.id}/refuse`, { reason: v }),
    ]);
    calls.push(sendDeposit({ documentUrl: docUrl(doc), approvalNumber: '1', requestId: pgrId, itemId: 2 ** 31 }));
    calls.push(asStaff(staff.dgii, 'GET', '/v1/backoffice/payments/99999999999/document'));
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
      expect(res.json().message).toMatch(/^[A-ZÁÉÍÓÚÑ]/);
    }
    expect([await snapshot(id), await snapshot(pgrId)]).toEqual(before);
  });
});

describe('the DGII officer verifies the proof', () => {
  it('lists it, downloads it (audited) and accepts it: paid by proof, the citizen told; INTRANT sees nothing and gets 404', async () => {
    const { id, code } = await submitFormalization(t, token, doc);
    const item = await dgiiItemOf(id);
    expect((await sendDgii({ documentUrl: docUrl(doc), authorizationNumber: 'AP-778899', requestId: id, requestCode: code })).statusCode).toBe(200);

    const list = (await asStaff(staff.dgii, 'GET', '/v1/backoffice/payments')).json().data;
    const row = list.find((r: { id: number }) => r.id === item.id);
    expect(row).toMatchObject({ request_id: id, request_code: code, agency: 'DGII', approval_number: 'AP-778899', proof_name: 'Comprobante DGII.pdf', kind: 'dgii', document: `/v1/backoffice/payments/${item.id}/document` });
    expect(row.citizen_name.length).toBeGreaterThan(3);
    expect((await asStaff(staff.admin, 'GET', '/v1/backoffice/payments')).json().data.map((r: { id: number }) => r.id)).toContain(item.id);
    expect((await asStaff(staff.intrant, 'GET', '/v1/backoffice/payments')).json().data.map((r: { id: number }) => r.id)).not.toContain(item.id);

    // The INTRANT officer: 404 on each, nothing changes.
    const before = await snapshot(id);
    for (const [method, url, body] of [
      ['GET', `/v1/backoffice/payments/${item.id}/document`, undefined],
      ['POST', `/v1/backoffice/payments/${item.id}/accept`, undefined],
      ['POST', `/v1/backoffice/payments/${item.id}/refuse`, { reason: 'No corresponde al monto.' }],
    ] as const) {
      const res = await asStaff(staff.intrant, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().message).toBe('Pago no encontrado');
    }
    expect(await snapshot(id)).toEqual(before);

    const file = await asStaff(staff.dgii, 'GET', `/v1/backoffice/payments/${item.id}/document`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('attachment');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.body.startsWith('%PDF')).toBe(true);
    const audit = async () => (await t.app.db.query<{ action: string }>('SELECT action FROM audit_log WHERE application_id = $1 ORDER BY id', [id])).rows.map((r) => r.action);
    expect(await audit()).toEqual(['descargar_comprobante']);

    const accepted = await asStaff(staff.dgii, 'POST', `/v1/backoffice/payments/${item.id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data.item).toMatchObject({ status: 'pagado', method: 'comprobante', reference: 'AP-778899', approval_number: 'AP-778899' });
    expect(await audit()).toEqual(['descargar_comprobante', 'aceptar_comprobante']);
    const notes = await t.app.db.query<{ kind: string; title: string }>('SELECT kind, title FROM notifications WHERE citizen_id = $1 ORDER BY id DESC LIMIT 1', [citizenId]);
    expect(notes.rows[0]).toEqual({ kind: 'pago_confirmado', title: `Solicitud ${code}: pago confirmado` });
    // Accepting again: 409, nothing changes.
    const paidSnapshot = await snapshot(id);
    expect((await asStaff(staff.dgii, 'POST', `/v1/backoffice/payments/${item.id}/accept`)).statusCode).toBe(409);
    expect(await snapshot(id)).toEqual(paidSnapshot);
    expect((await asStaff(staff.dgii, 'GET', '/v1/backoffice/payments')).json().data.map((r: { id: number }) => r.id)).not.toContain(item.id);
  });

  it('refuses it with a reason: pending again with the reason, the citizen told (pago_rechazado) and able to send a new proof', async () => {
    const { id, code } = await submitFormalization(t, token, doc);
    const item = await dgiiItemOf(id);
    expect((await sendDgii({ documentUrl: docUrl(doc), authorizationNumber: '111', requestId: id, requestCode: code })).statusCode).toBe(200);
    const before = await snapshot(id);
    for (const reason of ['', '   ab  ']) {
      const res = await asStaff(staff.dgii, 'POST', `/v1/backoffice/payments/${item.id}/refuse`, { reason });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Indique el motivo (al menos 5 caracteres)');
    }
    expect(await snapshot(id)).toEqual(before);

    const reason = 'El comprobante no muestra el número de autorización.';
    const refused = await asStaff(staff.dgii, 'POST', `/v1/backoffice/payments/${item.id}/refuse`, { reason });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json().data.item).toMatchObject({ status: 'pendiente', review_note: reason, method: null });
    const notice = (await t.app.db.query<{ kind: string; title: string; text: string; link: string }>('SELECT kind, title, text, link FROM notifications WHERE citizen_id = $1 ORDER BY id DESC LIMIT 1', [citizenId])).rows[0];
    expect(notice).toMatchObject({ kind: 'pago_rechazado', title: `Solicitud ${code}: comprobante de pago no aceptado`, link: `/mis-solicitudes/${id}` });
    expect(notice.text).toContain(reason);
    expect((await t.app.db.query<{ action: string }>('SELECT action FROM audit_log WHERE application_id = $1', [id])).rows.map((r) => r.action)).toEqual(['rechazar_comprobante']);
    const detail = (await t.app.inject({ method: 'GET', url: `/v1/portals/requests/${id}`, headers: bearer(token) })).json().data;
    expect(JSON.stringify(detail)).toContain(reason);
    // Refusing again (no proof under review): 409.
    expect((await asStaff(staff.dgii, 'POST', `/v1/backoffice/payments/${item.id}/refuse`, { reason })).statusCode).toBe(409);

    const second = await uploadPdf(t, token, citizenId, 'Comprobante nuevo.pdf');
    const resent = await sendDgii({ documentUrl: docUrl(second), authorizationNumber: '222', requestId: id, requestCode: code });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().data.item).toMatchObject({ status: 'en_verificacion', approval_number: '222', proof_name: 'Comprobante nuevo.pdf', review_note: null });
  });

  it('the last charge accepted moves the received request into review', async () => {
    const { id, code } = await submitFormalization(t, token, doc);
    const view = await paymentViewOf(t, token, id);
    const actor = { kind: 'ciudadano' as const, citizenId };
    for (const other of view.items.filter((i: { agency: string }) => i.agency !== 'DGII')) {
      await t.app.db.transaction(async (tx) => confirmCharge(tx, await lockCharge(tx, other.id, actor), { method: 'tarjeta', reference: `REF-${other.id}`, actor }));
    }
    const item = await dgiiItemOf(id);
    expect((await sendDgii({ documentUrl: docUrl(doc), authorizationNumber: '333', requestId: id, requestCode: code })).statusCode).toBe(200);
    const accepted = await asStaff(staff.dgii, 'POST', `/v1/backoffice/payments/${item.id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data.request_status).toBe('en_revision');
    expect((await t.app.db.query('SELECT status FROM applications WHERE id = $1', [id])).rows[0]).toEqual({ status: 'en_revision' });
  });
});

describe('POST /v1/portals/payment/deposit-receipt', () => {
  it('a PGR charge: under review, verified by the PGR officer (not INTRANT\'s)', async () => {
    const { id, item } = await pgrRequest();
    const res = await sendDeposit({ documentUrl: docUrl(doc), approvalNumber: 'DEP-4455', requestId: id, itemId: item });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.item).toMatchObject({ id: item, status: 'en_verificacion', approval_number: 'DEP-4455' });
    expect(res.json().data.message).toBe('Comprobante enviado. PGR lo verificará.');
    const timeline = await t.app.db.query<{ event: string; message: string }>('SELECT event, message FROM request_actions WHERE application_id = $1 ORDER BY id', [id]);
    expect(timeline.rows.at(-1)).toEqual({ event: 'comprobante_recibido', message: 'Comprobante de depósito enviado a PGR (referencia DEP-4455).' });

    const ids = async (who: string) => (await asStaff(who, 'GET', '/v1/backoffice/payments')).json().data.map((r: { id: number; kind: string }) => `${r.id}:${r.kind}`);
    expect(await ids(staff.pgr)).toContain(`${item}:deposito`);
    expect(await ids(staff.intrant)).not.toContain(`${item}:deposito`);
    expect((await asStaff(staff.intrant, 'POST', `/v1/backoffice/payments/${item}/accept`)).statusCode).toBe(404);
    const accepted = await asStaff(staff.pgr, 'POST', `/v1/backoffice/payments/${item}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data).toMatchObject({ item: { status: 'pagado', method: 'comprobante' }, request_status: 'en_revision' });
  });

  it('another citizen\'s charge or document, a charge of another request: 404; a formalization\'s charge: 409; bad input: 400; nothing changes', async () => {
    const { id, item } = await pgrRequest();
    const second = await pgrRequest();
    const vuf = await submitFormalization(t, token, doc);
    const ccpsd = (await paymentViewOf(t, token, vuf.id)).items.find((i: { agency: string }) => i.agency === 'CCPSD');
    const before = [await snapshot(id), await snapshot(second.id), await snapshot(vuf.id)];
    const base = { documentUrl: docUrl(doc), approvalNumber: 'DEP-1', requestId: id, itemId: item };
    const refused: Array<[object, string, number, string]> = [
      [base, otherToken, 404, 'Pago no encontrado'],
      [{ ...base, itemId: second.item }, token, 404, 'Pago no encontrado'],
      [{ ...base, documentUrl: docUrl(otherDoc) }, token, 404, DOCUMENT_NOT_OWN],
      [{ ...base, requestId: vuf.id, itemId: ccpsd.id }, token, 409, 'Los cargos de la formalización se pagan desde su pantalla de pago, no con un comprobante de depósito'],
      [{ ...base, approvalNumber: 'DEP 1' }, token, 400, APPROVAL_NUMBER_INVALID],
      [{ ...base, itemId: 0 }, token, 400, 'Datos inválidos'],
      [{ ...base, documentUrl: '../../etc/passwd' }, token, 400, 'Indique un documento de sus documentos'],
    ];
    for (const [body, who, status, message] of refused) {
      const res = await sendDeposit(body, who);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toBe(message);
    }
    expect([await snapshot(id), await snapshot(second.id), await snapshot(vuf.id)]).toEqual(before);
  });
});
