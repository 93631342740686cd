/**
 * The institution back office's routes (issue 12 §4): an officer of the
 * request's institution (X), an officer of another (Y) and an administrator on
 * every route; citizens and anonymous callers refused; the audit log, the
 * citizen's notifications and e-mails; the staff:create command.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemasWith, TEST_FORMS } from '../../../tests/support/schemasWith';
import { SANDBOX_INAPA_CONTRACTS, SANDBOX_STAFF } from '../src/agencies/sandbox/sandboxData';
import { createStaffAccount, parseStaffArgs } from '../src/cli/createStaff';
import { replaceReferenceTable } from '../src/db/replaceReferenceTable';
import { AUDIT_ACTIONS, FORMALIZATION_FORM, type AuditAction } from '@portal/api-contract';
import { applyRequestEvent } from '../src/services/requests/requestWorkflow';
import { buildTestApp, mailboxOf, type TestApp } from './buildTestApp';
import { DEMO, SAMPLE_FILES, bearer, login, multipart, staffLogin as signStaffIn } from './helpers';
import { requestFor } from './fuzz/requestArbitrary';
import { routeCatalog } from './fuzz/routeCatalog';
import { failureReport, newTally, runOne, runPool } from './fuzz/runRequests';

const FORM = 'permiso-de-prueba';
const BASE = `/v1/portals/solicitudes-en-linea/${FORM}`;
const staffOf = (institution: string | null) => SANDBOX_STAFF.find((s) => s.institution === institution)!;

let t: TestApp;
let demo: string;
let demoId: number;
let demoEmail: string;
/** Officer of INAPA (the test service's institution), officer of PGR, administrator. */
let x: string;
let y: string;
let admin: string;
let xId: number;
let adminId: number;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token: string | null, payload?: unknown) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

const staffLogin = (email: string, password: string): Promise<string> => signStaffIn(t.app, { email, password });

async function upload(token: string, name = 'Plano del local'): Promise<number> {
  const body = multipart([
    { name: 'citizen_profile_id', value: String(demoId) },
    { name: 'file', value: SAMPLE_FILES.pdf, filename: `${name}.pdf`, contentType: 'application/pdf' },
  ]);
  const res = await t.app.inject({ method: 'POST', url: '/v1/portals/documents', payload: body.payload, headers: { ...body.headers, ...bearer(token) } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

/** A request the demo citizen submits through the citizen API: its id, code and the document its file field cites. */
async function submitted(): Promise<{ id: number; code: string; plano: number }> {
  const { id } = (await call('POST', BASE, demo, { data: {} })).json().data;
  const plano = await upload(demo);
  const data = { negocio: { nombre_del_negocio: 'Colmado La Bendición', contrato_inapa: SANDBOX_INAPA_CONTRACTS[0], tiene_local: true }, local: { direccion: 'Calle Duarte 12, Moca', plano } };
  expect((await call('PUT', `${BASE}/${id}`, demo, { data, version: 1 })).statusCode).toBe(200);
  const res = await call('POST', `${BASE}/${id}/submit`, demo);
  expect(res.statusCode, res.body).toBe(200);
  return { id, code: res.json().data.request_code, plano };
}

const snapshot = async (id: number) => {
  const q = async (sql: string) => (await t.app.db.query(sql, [id])).rows;
  return {
    request: await q('SELECT status, updated_at FROM applications WHERE id = $1'),
    actions: await q('SELECT id FROM request_actions WHERE application_id = $1'),
    comments: await q('SELECT id, read_at FROM request_comments WHERE application_id = $1'),
    audit: await q('SELECT id FROM audit_log WHERE application_id = $1'),
    notifications: await q("SELECT id FROM notifications WHERE link = '/mis-solicitudes/' || $1::text"),
  };
};
const auditOf = async (id: number) =>
  (await t.app.db.query<{ staff_id: number; action: string }>('SELECT staff_id, action FROM audit_log WHERE application_id = $1 ORDER BY id', [id])).rows;
const notesOf = async (id: number) =>
  (await t.app.db.query<{ kind: string; title: string }>("SELECT kind, title FROM notifications WHERE citizen_id = $1 AND link = '/mis-solicitudes/' || $2::text ORDER BY id", [demoId, id])).rows;
const mailsTo = async (subjectPart: string) =>
  (await t.app.db.query<{ subject: string }>('SELECT subject FROM outbox WHERE to_address = $1 AND subject LIKE $2', [demoEmail, `%${subjectPart}%`])).rows;

beforeAll(async () => {
  process.env.FORM_SCHEMAS_DIR = schemasWith(join(TEST_FORMS, FORM));
  t = await buildTestApp();
  const services = JSON.parse(readFileSync(new URL('../src/db/reference/catalogo/servicios.json', import.meta.url), 'utf8')) as Record<string, unknown>[];
  await replaceReferenceTable(t.app.db, 'catalogo_servicios', [
    ...services,
    {
      id: 9001, slug: 'permiso-de-prueba', nombre: 'Permiso de prueba para un negocio', descripcion: 'Servicio de prueba.', institucionId: 8, areaId: 1,
      tipo: 'en_linea', canales: ['en_linea'], costo: 1500, tiempoEstimado: '3 días', requisitos: ['Contrato de agua'], pasos: ['Complete la solicitud'], formulario: FORM,
    },
  ]);
  demo = await login(t.app, DEMO.cedula, DEMO.password);
  const me = (await call('GET', '/v1/portals/auth/citizens/me', demo)).json().data;
  demoId = me.id;
  demoEmail = (await t.app.db.query<{ email: string }>('SELECT email FROM citizens WHERE id = $1', [demoId])).rows[0].email;
  x = await staffLogin(staffOf('INAPA').email, staffOf('INAPA').password);
  y = await staffLogin(staffOf('PGR').email, staffOf('PGR').password);
  admin = await staffLogin(staffOf(null).email, staffOf(null).password);
  xId = (await call('GET', '/v1/backoffice/auth/me', x)).json().data.id;
  adminId = (await call('GET', '/v1/backoffice/auth/me', admin)).json().data.id;
});
afterAll(async () => {
  await t?.close();
  delete process.env.FORM_SCHEMAS_DIR;
});

describe('who reaches the back office', () => {
  it('anonymous callers and citizen tokens get the back office 401 on every staff route, and nothing changes', async () => {
    const { id, plano } = await submitted();
    const before = await snapshot(id);
    const routes: Array<[Method, string, unknown?]> = [
      ['GET', '/v1/backoffice/requests'],
      ['GET', `/v1/backoffice/requests/${id}`],
      ['GET', `/v1/backoffice/requests/${id}/documents/${plano}`],
      ['POST', `/v1/backoffice/requests/${id}/events`, { event: 'tomar' }],
      ['POST', `/v1/backoffice/requests/${id}/comments`, { content: 'Hola' }],
      ['GET', '/v1/backoffice/suggestions'],
      ['GET', '/v1/backoffice/error-reports'],
      ['GET', '/v1/backoffice/audit'],
    ];
    for (const [method, url, payload] of routes) {
      for (const token of [null, demo]) {
        const res = await call(method, url, token, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(res.json()).toEqual({ message: 'Inicie sesión con su cuenta de la institución' });
      }
      // The citizen's cookie is not the staff cookie either.
      const cookie = await t.app.inject({ method, url, cookies: { token: demo }, ...(payload ? { payload: payload as object } : {}) });
      expect(cookie.statusCode).toBe(401);
    }
    expect(await snapshot(id)).toEqual(before);
  });
});

describe('the queue', () => {
  it('an officer sees their institution\'s submitted requests, oldest first, without the cédula; another institution does not; an administrator sees all', async () => {
    const first = await submitted();
    const second = await submitted();
    const draft = (await call('POST', BASE, demo, { data: {} })).json().data.id as number;
    const page = await call('GET', '/v1/backoffice/requests?per_page=100', x);
    expect(page.statusCode, page.body).toBe(200);
    const body = page.json();
    const ids = body.data.map((r: { id: number }) => r.id);
    expect(ids).toEqual(expect.arrayContaining([first.id, second.id]));
    expect(ids).not.toContain(draft);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    const row = body.data.find((r: { id: number }) => r.id === first.id);
    expect(row).toEqual({
      id: first.id, code: first.code, form: FORM, service: 'Permiso de prueba para un negocio', institution: 'INAPA',
      citizen_name: expect.stringMatching(/\S+ \S+/), status: 'enviada', submitted_at: expect.any(String), updated_at: expect.any(String),
      action_required: false, unread_comments: 0,
    });
    expect(page.body).not.toContain(DEMO.cedula);
    expect(body.counts).toContainEqual({ status: 'enviada', count: expect.any(Number) });
    expect(body.counts.map((c: { status: string }) => c.status)).toEqual(['enviada', 'en_revision', 'accion_requerida', 'aprobada', 'rechazada', 'desistida']);
    expect(body.services).toEqual([{ form: FORM, name: 'Permiso de prueba para un negocio' }]);
    expect(body.meta).toMatchObject({ page: 1, per_page: 100, total: ids.length });

    const other = (await call('GET', '/v1/backoffice/requests?per_page=100', y)).json();
    expect(other.data.map((r: { id: number }) => r.id)).not.toContain(first.id);
    expect(other.counts.every((c: { count: number }) => c.count === 0)).toBe(true);
    const all = (await call('GET', '/v1/backoffice/requests?per_page=100', admin)).json();
    expect(all.data.map((r: { id: number }) => r.id)).toEqual(expect.arrayContaining([first.id, second.id]));
  });

  it('filters by status, service and code, pages, and refuses bad filters with a Spanish 400', async () => {
    const one = await submitted();
    const byCode = (await call('GET', `/v1/backoffice/requests?code=${one.code.slice(-6)}`, x)).json();
    expect(byCode.data.map((r: { id: number }) => r.id)).toEqual([one.id]);
    const inReview = (await call('GET', '/v1/backoffice/requests?status=en_revision', x)).json();
    expect(inReview.data.every((r: { status: string }) => r.status === 'en_revision')).toBe(true);
    expect((await call('GET', `/v1/backoffice/requests?form=${FORM}&per_page=1&page=2`, x)).json()).toMatchObject({ meta: { page: 2, per_page: 1 }, data: [expect.any(Object)] });
    expect((await call('GET', '/v1/backoffice/requests?form=formalizacion', x)).json().data).toEqual([]);
    for (const query of ['status=borrador', 'status=inventado', 'code=%25', 'per_page=1000', 'page=0', 'page=uno']) {
      const res = await call('GET', `/v1/backoffice/requests?${query}`, x);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toBe('Datos inválidos');
    }
  });
});

describe('one request', () => {
  it('the officer reads answers, citizen, documents, payments, timeline and thread; the citizen\'s comments become read; the reading is audited', async () => {
    const { id, code, plano } = await submitted();
    await t.app.db.query("INSERT INTO request_comments (application_id, author, content) VALUES ($1, 'ciudadano', 'Tengo una duda')", [id]);
    expect((await call('GET', `/v1/backoffice/requests?code=${code}`, x)).json().data[0].unread_comments).toBe(1);
    const res = await call('GET', `/v1/backoffice/requests/${id}`, x);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      id, code, form: FORM, institution: 'INAPA', status: 'enviada', allowed: ['tomar'], can_comment: true,
      citizen: { cedula: DEMO.cedula, email: demoEmail, name: expect.any(String) },
      data: { negocio: { nombre_del_negocio: 'Colmado La Bendición' }, local: { plano } },
      items: [expect.objectContaining({ agency: 'INAPA', amount: 1500, status: 'pendiente' })],
    });
    expect(data.documents).toEqual([
      { id: plano, name: 'Plano del local.pdf', source: 'formulario', field: 'local.plano', size: SAMPLE_FILES.pdf.length, created_at: expect.any(String), download: `/v1/backoffice/requests/${id}/documents/${plano}` },
    ]);
    expect(data.timeline).toEqual([expect.objectContaining({ event: 'enviar', label: 'Solicitud recibida', actor: 'ciudadano', staff_name: null })]);
    expect(data.comments).toEqual([expect.objectContaining({ author: 'ciudadano', content: 'Tengo una duda', read_at: expect.any(String) })]);
    expect((await call('GET', `/v1/backoffice/requests?code=${code}`, x)).json().data[0].unread_comments).toBe(0);
    expect(await auditOf(id)).toEqual([{ staff_id: xId, action: 'ver_solicitud' }]);
    // The administrator reads it too, and is audited as themself.
    expect((await call('GET', `/v1/backoffice/requests/${id}`, admin)).statusCode).toBe(200);
    expect((await auditOf(id)).at(-1)).toEqual({ staff_id: adminId, action: 'ver_solicitud' });
  });

  it('another institution\'s officer gets 404 on the request and its documents, and nothing changes (not even the read marks)', async () => {
    const { id, plano } = await submitted();
    await t.app.db.query("INSERT INTO request_comments (application_id, author, content) VALUES ($1, 'ciudadano', 'Hola')", [id]);
    const before = await snapshot(id);
    for (const url of [`/v1/backoffice/requests/${id}`, `/v1/backoffice/requests/${id}/documents/${plano}`]) {
      const res = await call('GET', url, y);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: 'Solicitud no encontrada' });
    }
    expect((await call('GET', '/v1/backoffice/requests/999999', x)).statusCode).toBe(404);
    expect((await call('GET', '/v1/backoffice/requests/abc', x)).statusCode).toBe(400);
    expect(await snapshot(id)).toEqual(before);
  });

  it('downloads a document of that request only, as an attachment, audited', async () => {
    const { id, plano } = await submitted();
    const res = await call('GET', `/v1/backoffice/requests/${id}/documents/${plano}`, x);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(SAMPLE_FILES.pdf)).toBe(true);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="Plano del local.pdf"/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-type']).toBe('application/pdf');
    expect((await auditOf(id)).at(-1)).toEqual({ staff_id: xId, action: 'descargar_documento' });
    // The citizen's other document, not cited by this request: not through this address.
    const unrelated = await upload(demo, 'Otro documento');
    expect((await call('GET', `/v1/backoffice/requests/${id}/documents/${unrelated}`, x)).statusCode).toBe(404);
    // A document attached after submitting is part of the request.
    await t.app.db.query('INSERT INTO request_attachments (application_id, document_id) VALUES ($1, $2)', [id, unrelated]);
    expect((await call('GET', `/v1/backoffice/requests/${id}/documents/${unrelated}`, x)).statusCode).toBe(200);
    expect((await call('GET', `/v1/backoffice/requests/${id}`, x)).json().data.documents.map((d: { source: string }) => d.source)).toEqual(['formulario', 'adjunto']);
  });
});

describe('events', () => {
  it('the officer takes, asks for an action with a document, and approves; each is audited and the citizen is told (notification and e-mail)', async () => {
    const { id, code } = await submitted();
    const mailbox = mailboxOf(t.app);
    const since = mailbox.received.length;
    const take = await call('POST', `/v1/backoffice/requests/${id}/events`, x, { event: 'tomar' });
    expect(take.statusCode, take.body).toBe(200);
    expect(take.json()).toEqual({ message: 'Solicitud tomada en revisión', data: { id, status: 'en_revision', action_id: expect.any(Number) } });
    await mailbox.waitFor(demoEmail, { since });
    const ask = await call('POST', `/v1/backoffice/requests/${id}/events`, x, { event: 'solicitar_accion', message: 'Adjunte el contrato firmado.', requires_document: true });
    expect(ask.statusCode, ask.body).toBe(200);
    const action = await t.app.db.query<{ requires_document: boolean; message: string; staff_id: number }>('SELECT requires_document, message, staff_id FROM request_actions WHERE id = $1', [ask.json().data.action_id]);
    expect(action.rows[0]).toEqual({ requires_document: true, message: 'Adjunte el contrato firmado.', staff_id: xId });
    expect((await call('GET', `/v1/backoffice/requests?code=${code}`, x)).json().data[0].action_required).toBe(true);
    await t.app.db.transaction((tx) => applyRequestEvent(tx, { applicationId: id, event: 'responder_accion', actor: { kind: 'ciudadano', citizenId: demoId } }));
    const approve = await call('POST', `/v1/backoffice/requests/${id}/events`, x, { event: 'aprobar', message: 'Todo en orden.' });
    expect(approve.statusCode, approve.body).toBe(200);
    expect(approve.json().data.status).toBe('aprobada');
    expect(await auditOf(id)).toEqual([
      { staff_id: xId, action: 'tomar' }, { staff_id: xId, action: 'solicitar_accion' }, { staff_id: xId, action: 'aprobar' },
    ]);
    expect((await notesOf(id)).map((n) => n.kind)).toEqual(['cambio_estado', 'accion_requerida', 'cambio_estado']);
    expect(await mailsTo(code)).toHaveLength(4); // sent, in review, action required, approved
    const detail = (await call('GET', `/v1/backoffice/requests/${id}`, x)).json().data;
    expect(detail.allowed).toEqual([]);
    expect(detail.timeline.filter((e: { actor: string }) => e.actor === 'institucion').map((e: { staff_name: string }) => e.staff_name)).toEqual(Array(3).fill(staffOf('INAPA').name));
    // The citizen's view of the request never names the officer.
    const citizenView = await call('GET', `/v1/portals/requests/${id}`, demo);
    expect(citizenView.statusCode).toBe(200);
    expect(citizenView.body).not.toContain(staffOf('INAPA').name);
    expect(citizenView.body).not.toContain(staffOf('INAPA').email);
  });

  it('an illegal event is a 409 with the workflow\'s message, a missing reason a Spanish 400, another institution a 404; nothing changes', async () => {
    const { id } = await submitted();
    const before = await snapshot(id);
    const illegal = await call('POST', `/v1/backoffice/requests/${id}/events`, x, { event: 'aprobar' });
    expect(illegal.statusCode).toBe(409);
    expect(illegal.json().message).toMatch(/^No se puede realizar esta acción: la solicitud está «Recibida»/);
    expect((await call('POST', `/v1/backoffice/requests/${id}/events`, y, { event: 'tomar' })).statusCode).toBe(404);
    expect((await call('POST', `/v1/backoffice/requests/${id}/events`, x, { event: 'desistir' })).json()).toMatchObject({ message: 'Datos inválidos', errors: [{ path: 'event', message: 'Valor no permitido' }] });
    expect((await call('POST', `/v1/backoffice/requests/${id}/events`, x, { event: 'tomar', requires_document: 'quizá' })).statusCode).toBe(400);
    expect((await call('POST', `/v1/backoffice/requests/${id}/events`, x, { event: 'tomar', message: 'x'.repeat(2001) })).statusCode).toBe(400);
    expect(await snapshot(id)).toEqual(before);
    expect((await call('POST', `/v1/backoffice/requests/${id}/events`, x, { event: 'tomar' })).statusCode).toBe(200);
    const afterTake = await snapshot(id);
    const noReason = await call('POST', `/v1/backoffice/requests/${id}/events`, x, { event: 'rechazar', message: '   ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toEqual({ message: 'Indique el motivo del rechazo', errors: [{ path: 'message', message: 'Indique el motivo del rechazo' }] });
    expect((await call('POST', `/v1/backoffice/requests/${id}/events`, x, { event: 'solicitar_accion' })).json().message).toBe('Indique qué acción debe realizar el ciudadano');
    expect((await call('POST', `/v1/backoffice/requests/${id}/events`, y, { event: 'rechazar', message: 'No' })).statusCode).toBe(404);
    expect(await snapshot(id)).toEqual(afterTake);
    // With a reason, the rejection goes through and tells the citizen why.
    expect((await call('POST', `/v1/backoffice/requests/${id}/events`, admin, { event: 'rechazar', message: 'El contrato no corresponde.' })).statusCode).toBe(200);
    expect((await notesOf(id)).at(-1)?.title).toMatch(/rechazada$/);
    expect((await auditOf(id)).at(-1)).toEqual({ staff_id: adminId, action: 'rechazar' });
  });
});

describe('comments', () => {
  it('an institution comment reaches the citizen (notification, e-mail), is audited, and never names the officer to the citizen', async () => {
    const { id, code } = await submitted();
    const res = await call('POST', `/v1/backoffice/requests/${id}/comments`, x, { content: '  Estamos revisando su plano.  ' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ message: 'Comentario enviado', data: expect.objectContaining({ author: 'institucion', content: 'Estamos revisando su plano.', staff_name: staffOf('INAPA').name, read_at: null }) });
    const stored = await t.app.db.query('SELECT author, staff_id FROM request_comments WHERE id = $1', [res.json().data.id]);
    expect(stored.rows[0]).toEqual({ author: 'institucion', staff_id: xId });
    expect(await notesOf(id)).toEqual([{ kind: 'comentario', title: `Solicitud ${code}: nuevo comentario` }]);
    expect(await mailsTo(`${code}: nuevo comentario`)).toHaveLength(1);
    expect(await auditOf(id)).toEqual([{ staff_id: xId, action: 'comentar' }]);
    expect((await call('GET', `/v1/portals/requests/${id}`, demo)).body).not.toContain(staffOf('INAPA').name);
  });

  it('refuses another institution (404), bad input (400) and a withdrawn request (409); nothing changes', async () => {
    const { id } = await submitted();
    const before = await snapshot(id);
    expect((await call('POST', `/v1/backoffice/requests/${id}/comments`, y, { content: 'Hola' })).statusCode).toBe(404);
    for (const payload of [{}, { content: '' }, { content: 'x'.repeat(2001) }, { content: { texto: 'Hola' } }]) {
      const res = await call('POST', `/v1/backoffice/requests/${id}/comments`, x, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe('Datos inválidos');
    }
    expect((await call('POST', `/v1/backoffice/requests/${id}/comments`, x, { content: '   ' })).json()).toMatchObject({ message: 'Escriba el comentario' });
    expect(await snapshot(id)).toEqual(before);
    await t.app.db.transaction((tx) => applyRequestEvent(tx, { applicationId: id, event: 'desistir', actor: { kind: 'ciudadano', citizenId: demoId } }));
    const withdrawn = await snapshot(id);
    const res = await call('POST', `/v1/backoffice/requests/${id}/comments`, x, { content: 'Hola' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'No se puede comentar una solicitud desistida' });
    expect(await snapshot(id)).toEqual(withdrawn);
    expect((await call('GET', `/v1/backoffice/requests/${id}`, x)).json().data).toMatchObject({ can_comment: false, allowed: [] });
  });
});

describe('suggestions, error reports and the audit log', () => {
  it('every staff member reads suggestions and error reports, newest first, paged', async () => {
    await t.app.db.query(
      `INSERT INTO service_suggestions (service_title, institution_name, person_name, person_last_name, person_email, person_phone)
       VALUES ('Permiso de pesca', 'CODOPESCA', 'Ana', 'Pérez', 'ana@example.com', '8095550142'), ('Licencia de caza', 'MIMARENA', 'Luis', 'Gómez', 'luis@example.com', '8095550143')`,
    );
    await t.app.db.query("INSERT INTO error_reports (reference, description, page_path) VALUES ('REP-2026-900001', 'No carga la página', '/servicios')");
    for (const token of [x, y, admin]) {
      const s = await call('GET', '/v1/backoffice/suggestions?per_page=1', token);
      expect(s.statusCode).toBe(200);
      expect(s.json()).toEqual({
        data: [{ id: expect.any(Number), service_title: 'Licencia de caza', institution_name: 'MIMARENA', person_name: 'Luis Gómez', person_email: 'luis@example.com', person_phone: '8095550143', created_at: expect.any(String) }],
        meta: { page: 1, per_page: 1, total: 2 },
      });
      const r = (await call('GET', '/v1/backoffice/error-reports', token)).json();
      expect(r.data[0]).toMatchObject({ reference: 'REP-2026-900001', description: 'No carga la página', page_path: '/servicios', contact_email: null });
    }
    expect((await call('GET', '/v1/backoffice/suggestions?page=2&per_page=2', x)).json()).toEqual({ data: [], meta: { page: 2, per_page: 2, total: 2 } });
    expect((await call('GET', '/v1/backoffice/error-reports?per_page=0', x)).statusCode).toBe(400);
  });

  it('only an administrator reads the audit log (an officer gets a Spanish 403), filtered by request', async () => {
    const { id, code } = await submitted();
    await call('GET', `/v1/backoffice/requests/${id}`, x);
    await call('POST', `/v1/backoffice/requests/${id}/events`, x, { event: 'tomar' });
    const refused = await call('GET', `/v1/backoffice/audit?application_id=${id}`, x);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Solo un administrador puede realizar esta acción' });
    expect(refused.headers['cache-control']).toBe('no-store');
    const res = await call('GET', `/v1/backoffice/audit?application_id=${id}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().data.map((r: { action: string; staff_name: string; application_id: number }) => [r.action, r.staff_name, r.application_id])).toEqual([
      ['tomar', staffOf('INAPA').name, id], ['ver_solicitud', staffOf('INAPA').name, id],
    ]);
    expect(res.json().data[0]).toMatchObject({ staff_id: xId, staff_institution: 'INAPA', request_code: code, claim_id: null, detail: { from: 'enviada', to: 'en_revision' } });
    expect((await call('GET', '/v1/backoffice/audit?application_id=0', admin)).statusCode).toBe(400);
  });

  it('filters the audit log by institution, staff member, action and days, pages with the total, and offers the filters', async () => {
    const { id } = await submitted();
    for (let i = 0; i < 3; i++) expect((await call('GET', `/v1/backoffice/requests/${id}`, x)).statusCode).toBe(200);
    expect((await call('GET', `/v1/backoffice/requests/${id}`, admin)).statusCode).toBe(200);
    const page = async (query: string) => {
      const res = await call('GET', `/v1/backoffice/audit?${query}`, admin);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
      return res.json() as { data: Array<{ staff_id: number; staff_institution: string | null; action: string; application_id: number }>; meta: { page: number; per_page: number; total: number }; institutions: string[]; staff: Array<{ id: number; name: string; role: string; institution: string | null }> };
    };
    const everything = await page(`application_id=${id}`);
    expect(everything.meta.total).toBe(4);
    expect(everything.institutions).toEqual(expect.arrayContaining(['DGII', 'INAPA', 'PGR', 'VUF']));
    expect(everything.institutions).toEqual([...everything.institutions].sort());
    expect(everything.staff).toContainEqual({ id: adminId, name: staffOf(null).name, role: 'administrador', institution: null });
    expect(everything.staff).toContainEqual({ id: xId, name: staffOf('INAPA').name, role: 'oficial', institution: 'INAPA' });

    const byInstitution = await page(`application_id=${id}&institution=INAPA`);
    expect(byInstitution.meta.total).toBe(3);
    expect(byInstitution.data.every((r) => r.staff_institution === 'INAPA')).toBe(true);
    expect((await page(`application_id=${id}&institution=PGR`)).meta.total).toBe(0);
    expect((await page(`application_id=${id}&staff_id=${adminId}`)).data.map((r) => r.staff_id)).toEqual([adminId]);
    const byAction = await page('action=ver_solicitud&institution=INAPA&per_page=100');
    expect(byAction.data.length).toBeGreaterThanOrEqual(3);
    expect(byAction.data.every((r) => r.action === 'ver_solicitud' && r.staff_institution === 'INAPA')).toBe(true);

    // Days of Santo Domingo, both included.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santo_Domingo' }).format(new Date());
    expect((await page(`application_id=${id}&from=${today}&to=${today}`)).meta.total).toBe(4);
    expect((await page(`application_id=${id}&to=2020-01-31`)).meta.total).toBe(0);
    expect((await page(`application_id=${id}&from=2099-01-01`)).meta.total).toBe(0);

    // Pages: newest first, the total on every page, also past the end.
    const first = await page(`application_id=${id}&per_page=3`);
    const second = await page(`application_id=${id}&per_page=3&page=2`);
    expect(first.meta).toEqual({ page: 1, per_page: 3, total: 4 });
    expect(second.meta).toEqual({ page: 2, per_page: 3, total: 4 });
    expect(first.data.map((r) => r.staff_id)).toEqual([adminId, xId, xId]);
    expect(second.data).toHaveLength(1);
    expect(await page(`application_id=${id}&per_page=3&page=9`)).toMatchObject({ data: [], meta: { page: 9, per_page: 3, total: 4 } });
  });

  it('refuses bad audit filters with a Spanish 400 naming the field', async () => {
    const bad = async (query: string) => {
      const res = await call('GET', `/v1/backoffice/audit?${query}`, admin);
      expect(res.statusCode, query).toBe(400);
      return res.json() as { message: string; errors: Array<{ path: string; message: string }> };
    };
    expect(await bad('action=borrar_todo')).toEqual({ message: 'Datos inválidos', errors: [{ path: 'action', message: 'Valor no permitido' }] });
    expect(await bad('institution=dgii')).toEqual({ message: 'Datos inválidos', errors: [{ path: 'institution', message: 'Formato inválido' }] });
    expect((await bad('staff_id=0')).errors[0].path).toBe('staff_id');
    expect((await bad('per_page=101')).errors[0].path).toBe('per_page');
    const notADay = 'La fecha «desde» no es válida: escríbala como AAAA-MM-DD (por ejemplo 2026-11-27)';
    expect(await bad('from=2026-02-30')).toEqual({ message: notADay, errors: [{ path: 'from', message: notADay }] });
    expect(await bad('from=27/11/2026')).toMatchObject({ message: notADay });
    expect(await bad('to=ayer')).toMatchObject({ message: expect.stringMatching(/^La fecha «hasta» no es válida/), errors: [{ path: 'to' }] });
    expect(await bad('from=2026-11-28&to=2026-11-27')).toEqual({
      message: 'La fecha «desde» es posterior a la fecha «hasta»', errors: [{ path: 'from', message: 'La fecha «desde» es posterior a la fecha «hasta»' }],
    });
    // An officer learns nothing about the filters: 403 first.
    expect((await call('GET', '/v1/backoffice/audit?from=2026-02-30', y)).statusCode).toBe(403);
  });

  it('every action the back office audits has its Spanish words', async () => {
    const { rows } = await t.app.db.query<{ action: string }>('SELECT DISTINCT action FROM audit_log ORDER BY action');
    expect(rows.length).toBeGreaterThan(3);
    expect(rows.map((r) => r.action).filter((a) => !AUDIT_ACTIONS.includes(a as AuditAction))).toEqual([]);
  });
});

describe('an institution that collects a charge on a request reads it, and only reads it', () => {
  /** A submitted formalization (attended by VUF) with charges of ONAPI and DGII, a citizen comment unread and an attached document. */
  async function formalization(): Promise<{ id: number; code: string; document: number }> {
    const { rows } = await t.app.db.query<{ id: number }>('INSERT INTO applications (citizen_id, form, data) VALUES ($1, $2, \'{}\') RETURNING id', [demoId, FORMALIZATION_FORM]);
    const id = rows[0].id;
    const code = `VUF-2026-${String(800000 + id)}`;
    await t.app.db.query("UPDATE applications SET status = 'enviada', request_code = $2, institution = 'VUF', submitted_at = now() WHERE id = $1", [id, code]);
    for (const [agency, amount] of [['ONAPI', 7000], ['DGII', 1000]] as const) {
      await t.app.db.query('INSERT INTO request_items (application_id, agency, concept, amount) VALUES ($1, $2, $3, $4)', [id, agency, `Cargo ${agency}`, amount]);
    }
    await t.app.db.query("INSERT INTO request_comments (application_id, author, content) VALUES ($1, 'ciudadano', '¿Cuándo estará lista?')", [id]);
    const document = await upload(demo, 'Recibo de la DGII');
    await t.app.db.query('INSERT INTO request_attachments (application_id, document_id) VALUES ($1, $2)', [id, document]);
    return { id, code, document };
  }

  it('the DGII officer opens a formalization with a DGII charge read-only: no actions, no comments, the citizen\'s comments stay unread; audited', async () => {
    const dgii = await staffLogin(staffOf('DGII').email, staffOf('DGII').password);
    const dgiiId = (await call('GET', '/v1/backoffice/auth/me', dgii)).json().data.id as number;
    const { id, code, document } = await formalization();
    const res = await call('GET', `/v1/backoffice/requests/${id}`, dgii);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      id, code, institution: 'VUF', status: 'enviada', allowed: [], can_comment: false, read_only: true,
      items: [expect.objectContaining({ agency: 'ONAPI' }), expect.objectContaining({ agency: 'DGII' })],
      comments: [expect.objectContaining({ author: 'ciudadano', read_at: null })],
    });
    const download = await call('GET', `/v1/backoffice/requests/${id}/documents/${document}`, dgii);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(SAMPLE_FILES.pdf)).toBe(true);
    const audited = await t.app.db.query<{ staff_id: number; action: string; detail: object }>('SELECT staff_id, action, detail FROM audit_log WHERE application_id = $1 ORDER BY id', [id]);
    expect(audited.rows).toEqual([
      { staff_id: dgiiId, action: 'ver_solicitud', detail: { readOnly: true } },
      { staff_id: dgiiId, action: 'descargar_documento', detail: { documentId: document, readOnly: true } },
    ]);
    const unread = await t.app.db.query<{ read_at: Date | null }>('SELECT read_at FROM request_comments WHERE application_id = $1', [id]);
    expect(unread.rows).toEqual([{ read_at: null }]);

    // Neither moving it nor writing in it: 404 as for any other institution, and nothing changes.
    const before = await snapshot(id);
    for (const [url, payload] of [['events', { event: 'tomar' }], ['events', { event: 'rechazar', message: 'No corresponde' }], ['comments', { content: 'Hola' }]] as const) {
      const refused = await call('POST', `/v1/backoffice/requests/${id}/${url}`, dgii, payload);
      expect(refused.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(404);
      expect(refused.json()).toEqual({ message: 'Solicitud no encontrada' });
    }
    expect(await snapshot(id)).toEqual(before);

    // The acting institution (VUF) reads it with its actions, and that reading marks the comment read.
    const vuf = await staffLogin(staffOf('VUF').email, staffOf('VUF').password);
    expect((await call('GET', `/v1/backoffice/requests/${id}`, vuf)).json().data).toMatchObject({ allowed: ['tomar'], can_comment: true, read_only: false });
    expect((await t.app.db.query('SELECT read_at FROM request_comments WHERE application_id = $1', [id])).rows).toEqual([{ read_at: expect.anything() }]);
    // The administrator acts on every request: never read-only.
    expect((await call('GET', `/v1/backoffice/requests/${id}`, admin)).json().data).toMatchObject({ allowed: ['tomar'], read_only: false });
  });

  it('the DGII officer cannot open a request without a DGII charge, nor its documents (404); an officer without a charge on the formalization neither', async () => {
    const dgii = await staffLogin(staffOf('DGII').email, staffOf('DGII').password);
    const { id, plano } = await submitted();
    const before = await snapshot(id);
    for (const url of [`/v1/backoffice/requests/${id}`, `/v1/backoffice/requests/${id}/documents/${plano}`]) {
      const res = await call('GET', url, dgii);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: 'Solicitud no encontrada' });
    }
    expect(await snapshot(id)).toEqual(before);
    const vufRequest = await formalization();
    const other = await snapshot(vufRequest.id);
    expect((await call('GET', `/v1/backoffice/requests/${vufRequest.id}`, y)).statusCode).toBe(404);
    expect((await call('GET', `/v1/backoffice/requests/${vufRequest.id}/documents/${vufRequest.document}`, x)).statusCode).toBe(404);
    expect(await snapshot(vufRequest.id)).toEqual(other);
    // The queue stays the acting institution's: the DGII's does not list the formalization.
    expect((await call('GET', `/v1/backoffice/requests?code=${vufRequest.code}`, dgii)).json().data).toEqual([]);
  });
});

describe('npm run staff:create', () => {
  it('checks its arguments in Spanish', () => {
    expect(parseStaffArgs(['--email', 'Ana@PGR.gob.do', '--name', 'Ana Pérez', '--role', 'oficial', '--institution', 'pgr'])).toEqual({ email: 'ana@pgr.gob.do', name: 'Ana Pérez', role: 'oficial', institution: 'PGR' });
    expect(parseStaffArgs(['--email', 'jefe@portal.gob.do', '--name', 'Jefa', '--role', 'administrador'])).toEqual({ email: 'jefe@portal.gob.do', name: 'Jefa', role: 'administrador', institution: null });
    expect(parseStaffArgs(['--email', 'no-es-correo', '--name', 'Ana', '--role', 'oficial', '--institution', 'PGR'])).toEqual({ error: 'Indique un correo electrónico válido (--email)' });
    expect(parseStaffArgs(['--email', 'a@b.do', '--name', 'Ana', '--role', 'jefe'])).toEqual({ error: 'El rol debe ser oficial, administrador o analista (--role)' });
    expect(parseStaffArgs(['--email', 'f@portal.gob.do', '--name', 'Analista', '--role', 'analista'])).toEqual({ email: 'f@portal.gob.do', name: 'Analista', role: 'analista', institution: null });
    expect(parseStaffArgs(['--email', 'f@portal.gob.do', '--name', 'Analista', '--role', 'analista', '--institution', 'PGR'])).toMatchObject({ error: expect.stringMatching(/^Un analista no pertenece/) });
    expect(parseStaffArgs(['--email', 'a@b.do', '--name', 'Ana', '--role', 'oficial'])).toMatchObject({ error: expect.stringMatching(/^Un oficial necesita la sigla/) });
    expect(parseStaffArgs(['--email', 'a@b.do', '--name', 'Ana', '--role', 'administrador', '--institution', 'PGR'])).toMatchObject({ error: expect.stringMatching(/^Un administrador no pertenece/) });
    expect(parseStaffArgs(['--otra', 'x'])).toHaveProperty('error');
  });

  it('creates an account with the citizens\' password rules and the app\'s hasher; the new officer signs in and sees their institution only', async () => {
    const request = { email: 'ana.perez@pgr.gob.do', name: 'Ana Pérez', role: 'oficial' as const, institution: 'PGR' };
    expect(await createStaffAccount(t.app.db, t.app.passwords, request, 'corta')).toEqual({ error: 'La contraseña debe tener al menos 10 caracteres' });
    expect(await createStaffAccount(t.app.db, t.app.passwords, request, '1234567890')).toMatchObject({ error: expect.stringMatching(/^La contraseña es fácil de adivinar/) });
    expect((await t.app.db.query('SELECT 1 FROM staff WHERE email = $1', [request.email])).rows).toEqual([]);
    const created = await createStaffAccount(t.app.db, t.app.passwords, request, 'Pinos-Azules-Sobre-Jarabacoa-7');
    expect(created).toEqual({ id: expect.any(Number), email: request.email, name: 'Ana Pérez', role: 'oficial', institution: 'PGR' });
    const hash = (await t.app.db.query<{ password_hash: string }>('SELECT password_hash FROM staff WHERE email = $1', [request.email])).rows[0].password_hash;
    expect(hash).toMatch(/^\$argon2id\$/);
    const token = await staffLogin(request.email, 'Pinos-Azules-Sobre-Jarabacoa-7');
    const { id } = await submitted();
    expect((await call('GET', `/v1/backoffice/requests/${id}`, token)).statusCode).toBe(404);
    expect(await createStaffAccount(t.app.db, t.app.passwords, request, 'Pinos-Azules-Sobre-Jarabacoa-7')).toEqual({ error: 'Ya existe una cuenta del personal con el correo ana.perez@pgr.gob.do' });
  });
});

describe('fuzz: the back office\'s request and list routes with a staff session', () => {
  it('generated path parameters, query strings and bodies never give a 5xx or change another institution\'s request', { timeout: 120_000 }, async () => {
    const { id } = await submitted();
    const before = await snapshot(id);
    const mine = /^\/v1\/backoffice\/(requests|suggestions|error-reports|audit)/;
    const routes = routeCatalog(t.app).filter((r) => mine.test(r.url) && r.method !== 'HEAD');
    expect(routes.length).toBe(8);
    const tally = newTally();
    // PGR's officer (y): the request belongs to INAPA, so whatever the fuzzing sends, it must not change.
    const session = { token: y, addresses: ['10.77.0.1', '10.77.0.2'] };
    const jobs = routes.flatMap((route, i) => fc.sample(requestFor(route, session, route.body), { numRuns: 60, seed: 4242 + i }).map((request) => ({ route, request })));
    await runPool(jobs, 4, ({ route, request }) => runOne(t.app, tally, 'backoffice', `${route.method} ${route.url}`, request.options));
    expect(tally.serverErrors).toBe(0);
    expect(failureReport(tally.failures)).toBe('');
    expect(await snapshot(id)).toEqual(before);
  });
});
