/** What a citizen does on their own requests (issue 12 §1): list, detail, comments, attachments, the action's answer, withdrawal and rating; ownership over every route. */
import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_JCE_CITIZENS } from '../src/agencies/sandbox/sandboxData';
import { applyRequestEvent, type WorkflowActor } from '../src/services/requests/requestWorkflow';
import { buildTestApp, type TestApp } from './buildTestApp';
import { bearer, DEMO, login, multipart, register, SAMPLE_FILES, type Part } from './helpers';

let t: TestApp;
let citizenA: number;
let tokenA: string;
let tokenB: string;
let officer: WorkflowActor;
let staffId: number;

async function submittedRequest(citizenId: number, institution = 'PGR'): Promise<number> {
  const { rows } = await t.app.db.query<{ id: number }>("INSERT INTO applications (citizen_id, form, data) VALUES ($1, 'certificado-no-antecedentes', '{}') RETURNING id", [citizenId]);
  const id = rows[0].id;
  await t.app.db.query("UPDATE applications SET status = 'enviada', request_code = $2, institution = $3, submitted_at = now() WHERE id = $1", [id, `SOL-2026-${String(700000 + id)}`, institution]);
  await t.app.db.query("INSERT INTO request_actions (application_id, event, from_status, to_status, actor, institution) VALUES ($1, 'enviar', 'borrador', 'enviada', 'ciudadano', $2)", [id, institution]);
  return id;
}

/** The institution moves the request (tomar, solicitar_accion, aprobar, ...); returns the new action's id. */
const institution = async (id: number, event: 'tomar' | 'solicitar_accion' | 'aprobar' | 'rechazar', requiresDocument = false) =>
  (await t.app.db.transaction((tx) => applyRequestEvent(tx, { applicationId: id, event, actor: officer, message: event === 'solicitar_accion' ? 'Envíe la copia de su cédula.' : null, requiresDocument }))).actionId;

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const attach = (token: string, parts: Part[]) => {
  const form = multipart(parts);
  return t.app.inject({ method: 'POST', url: '/v1/portals/citizen-profile/documents/requests/attach', payload: form.payload, headers: { ...form.headers, ...bearer(token) } });
};
const pdf = (filename = 'cedula.pdf'): Part => ({ name: 'file', value: SAMPLE_FILES.pdf, filename, contentType: 'application/pdf' });
const detail = async (id: number, token = tokenA) => {
  const res = await call('GET', `/v1/portals/requests/${id}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

const count = async (table: string) => (await t.app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n;
/** Everything a citizen's action could change. */
const snapshot = async () => ({
  statuses: (await t.app.db.query('SELECT id, status FROM applications ORDER BY id')).rows,
  actions: (await t.app.db.query('SELECT id, answered_at FROM request_actions ORDER BY id')).rows,
  comments: (await t.app.db.query('SELECT id, read_at FROM request_comments ORDER BY id')).rows,
  attachments: await count('request_attachments'),
  ratings: await count('request_ratings'),
  documents: await count('documents'),
  files: (await readdir(t.config.uploadDir)).length,
});

beforeAll(async () => {
  t = await buildTestApp();
  citizenA = (await t.app.db.query<{ id: number }>('SELECT id FROM citizens WHERE cedula = $1', [DEMO.cedula])).rows[0].id;
  tokenA = await login(t.app, DEMO.cedula, DEMO.password);
  await register(t.app, SANDBOX_JCE_CITIZENS[9].cedula, 'Clave-de-Beto-1');
  tokenB = await login(t.app, SANDBOX_JCE_CITIZENS[9].cedula, 'Clave-de-Beto-1');
  staffId = (await t.app.db.query<{ id: number }>("INSERT INTO staff (email, name, role, institution, password_hash) VALUES ('ana.oficial@pgr.gob.do', 'Ana Oficial', 'oficial', 'PGR', 'x') RETURNING id")).rows[0].id;
  officer = { kind: 'institucion', staffId, institution: 'PGR' };
});
afterAll(() => t.close());

describe('list and detail', () => {
  it('the list shows the institution, payments, unread comments and the action marker, and filters by status', async () => {
    const id = await submittedRequest(citizenA);
    await t.app.db.query("INSERT INTO request_items (application_id, agency, concept, amount, currency, status) VALUES ($1, 'PGR', 'Certificado', 500, 'DOP', 'pendiente'), ($1, 'PGR', 'Sello', 100, 'DOP', 'pagado')", [id]);
    await institution(id, 'tomar');
    await institution(id, 'solicitar_accion');
    await t.app.db.query("INSERT INTO request_comments (application_id, author, staff_id, content) VALUES ($1, 'institucion', $2, 'Hola')", [id, staffId]);
    const list = (await call('GET', '/v1/portals/requests/citizen-profile/getRequestsByCitizenProfile', tokenA)).json().data;
    const row = list.find((r: { id: number }) => r.id === id);
    expect(row).toMatchObject({ status: 'accion_requerida', action_required: true, unread_comments: 1, pending_payments: 1, total_pending: 500 });
    expect(row.institution).not.toBe('PGR');
    expect(row.institution.length).toBeGreaterThan(3);
    expect(typeof row.updated_at).toBe('string');
    const filtered = (await call('GET', '/v1/portals/requests/citizen-profile/getRequestsByCitizenProfile?status=enviada', tokenA)).json().data;
    expect(filtered.every((r: { status: string }) => r.status === 'enviada')).toBe(true);
    expect(filtered.some((r: { id: number }) => r.id === id)).toBe(false);
    const bad = await call('GET', '/v1/portals/requests/citizen-profile/getRequestsByCitizenProfile?status=inventado', tokenA);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Datos inválidos');
    const other = (await call('GET', '/v1/portals/requests/citizen-profile/getRequestsByCitizenProfile', tokenB)).json().data;
    expect(other).toEqual([]);
  });

  it('a formalization request is attended by the Ventanilla Única de Formalización', async () => {
    const id = await submittedRequest(citizenA, 'VUF');
    expect((await detail(id)).institution).toBe('Ventanilla Única de Formalización');
  });

  it('the detail has the timeline with the institution, never the officer, the pending action and what the citizen may do', async () => {
    const id = await submittedRequest(citizenA);
    await institution(id, 'tomar');
    const actionId = await institution(id, 'solicitar_accion', true);
    const res = await call('GET', `/v1/portals/requests/${id}`, tokenA);
    expect(res.body).not.toMatch(/Ana Oficial|ana\.oficial|staff/);
    const d = res.json().data;
    expect(d.timeline.map((e: { event: string }) => e.event)).toEqual(['enviar', 'tomar', 'solicitar_accion']);
    expect(d.timeline[0]).toMatchObject({ actor: 'ciudadano', label: 'Solicitud recibida', institution: null });
    expect(d.timeline[1]).toMatchObject({ actor: 'institucion', label: 'En revisión por la institución' });
    expect(d.timeline[1].institution).toBe(d.institution);
    expect(d.pending_action).toEqual({ id: actionId, message: 'Envíe la copia de su cédula.', requires_document: true });
    expect(d.allowed.sort()).toEqual(['adjuntar', 'comentar', 'desistir', 'responder_accion']);
    expect(d).toMatchObject({ data: {}, documents: [], comments: [], rating: null });
    expect((await call('GET', `/v1/portals/requests/${id}`, tokenB)).statusCode).toBe(404);
  });
});

describe('comments', () => {
  it('the citizen comments their request (optionally on an action) and marks the institution’s comments read', async () => {
    const id = await submittedRequest(citizenA);
    const actionId = await institution(id, 'tomar');
    const res = await call('POST', '/v1/portals/request-comment', tokenA, { request_id: id, request_action_id: actionId, content: '  ¿Cuánto tarda?  ' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ author: 'ciudadano', content: '¿Cuánto tarda?', request_action_id: actionId, read: false });
    const { rows } = await t.app.db.query<{ id: number }>("INSERT INTO request_comments (application_id, author, staff_id, content) VALUES ($1, 'institucion', $2, 'Unos días') RETURNING id", [id, staffId]);
    const theirs = rows[0].id;
    expect((await detail(id)).unread_comments).toBe(1);

    const before = await snapshot();
    expect((await call('GET', `/v1/portals/request-comment/${theirs}/read`, tokenB)).statusCode).toBe(404);
    expect((await call('POST', '/v1/portals/request-comment', tokenB, { request_id: id, content: 'Intruso' })).statusCode).toBe(404);
    // The citizen's own comment is not "read" by them: only the institution's are.
    expect((await call('GET', `/v1/portals/request-comment/${res.json().data.id}/read`, tokenA)).statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);

    const read = await call('GET', `/v1/portals/request-comment/${theirs}/read`, tokenA);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toMatchObject({ id: theirs, author: 'institucion', read: true });
    const d = await detail(id);
    expect(d.unread_comments).toBe(0);
    expect(d.comments.map((c: { content: string }) => c.content)).toEqual(['¿Cuánto tarda?', 'Unos días']);
    expect(JSON.stringify(d.comments)).not.toMatch(/staff/);
  });

  it('bad input is a Spanish 400 and an action of another request a 404; nothing is written', async () => {
    const id = await submittedRequest(citizenA);
    const elsewhere = await institution(await submittedRequest(citizenA), 'tomar');
    const before = await snapshot();
    for (const body of [{ request_id: id, content: '' }, { request_id: id, content: '   ' }, { request_id: id, content: 'x'.repeat(2001) }, { request_id: 'uno', content: 'Hola' }, { content: 'Hola' }]) {
      const res = await call('POST', '/v1/portals/request-comment', tokenA, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(/Datos inválidos|Escriba un texto/);
    }
    const wrong = await call('POST', '/v1/portals/request-comment', tokenA, { request_id: id, request_action_id: elsewhere, content: 'Hola' });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().message).toBe('Acción no encontrada en esta solicitud');
    expect(await snapshot()).toEqual(before);
  });

  it('a withdrawn request takes no comments (409)', async () => {
    const id = await submittedRequest(citizenA);
    expect((await call('POST', `/v1/portals/requests/${id}/disable`, tokenA)).statusCode).toBe(200);
    const res = await call('POST', '/v1/portals/request-comment', tokenA, { request_id: id, content: 'Hola' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('No se puede comentar una solicitud desistida');
  });
});

describe('attachments', () => {
  it('attaches a document under the upload rules; another citizen, a bad name and a finished request change nothing', async () => {
    const id = await submittedRequest(citizenA);
    const ok = await attach(tokenA, [{ name: 'request_id', value: String(id) }, pdf()]);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data).toMatchObject({ name: 'cedula', extension: 'pdf', request_action_id: null });
    expect((await detail(id)).documents).toHaveLength(1);

    const before = await snapshot();
    const theirs = await attach(tokenB, [{ name: 'request_id', value: String(id) }, pdf()]);
    expect(theirs.statusCode).toBe(404);
    const badName = await attach(tokenA, [{ name: 'request_id', value: String(id) }, pdf('acta_notarial.pdf')]);
    expect(badName.statusCode).toBe(400);
    expect(badName.json().message).toBe('Nombre de archivo inválido');
    const noId = await attach(tokenA, [pdf()]);
    expect(noId.statusCode).toBe(400);
    const badId = await attach(tokenA, [{ name: 'request_id', value: 'uno' }, pdf()]);
    expect(badId.statusCode).toBe(400);
    const otherAction = await institution(await submittedRequest(citizenA), 'tomar');
    expect((await attach(tokenA, [{ name: 'request_id', value: String(id) }, { name: 'request_action_id', value: String(otherAction) }, pdf()])).statusCode).toBe(404);
    const after = await snapshot();
    expect({ ...after, statuses: undefined, actions: undefined }).toEqual({ ...before, statuses: undefined, actions: undefined });

    await institution(id, 'tomar');
    await institution(id, 'aprobar');
    const finished = await snapshot();
    const late = await attach(tokenA, [{ name: 'request_id', value: String(id) }, pdf()]);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('No se pueden adjuntar documentos a una solicitud finalizada');
    expect(await snapshot()).toEqual(finished);
  });
});

describe('answering the institution’s action', () => {
  it('an action that asks for a document needs an attachment for it; then the answer moves the request back to review', async () => {
    const id = await submittedRequest(citizenA);
    const took = await institution(id, 'tomar');
    const actionId = await institution(id, 'solicitar_accion', true);
    const answer = (token: string, body: object = {}) => call('POST', '/v1/portals/request-dynamic-confirmation', token, { request_id: id, request_action_id: actionId, content: 'Adjunto la copia.', ...body });

    const before = await snapshot();
    expect((await answer(tokenB)).statusCode).toBe(404);
    const noDoc = await answer(tokenA);
    expect(noDoc.statusCode).toBe(422);
    expect(noDoc.json().message).toBe('Debe adjuntar el documento solicitado');
    const notOpen = await answer(tokenA, { request_action_id: took });
    expect(notOpen.statusCode).toBe(409);
    expect(notOpen.json().message).toBe('Esta acción ya fue respondida o no está pendiente');
    expect((await answer(tokenA, { content: '' })).statusCode).toBe(400);
    expect((await answer(tokenA, { request_comment_id: 999999 })).statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);

    // A document attached without the action does not count.
    expect((await attach(tokenA, [{ name: 'request_id', value: String(id) }, pdf('otro.pdf')])).statusCode).toBe(201);
    expect((await answer(tokenA)).statusCode).toBe(422);
    expect((await attach(tokenA, [{ name: 'request_id', value: String(id) }, { name: 'request_action_id', value: String(actionId) }, pdf()])).statusCode).toBe(201);
    const done = await answer(tokenA);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toEqual({ id, status: 'en_revision' });
    const d = await detail(id);
    expect(d.pending_action).toBeNull();
    expect(d.timeline.at(-1)).toMatchObject({ event: 'responder_accion', actor: 'ciudadano', message: 'Adjunto la copia.' });
    expect(d.timeline.find((e: { id: number }) => e.id === actionId).answered_at).not.toBeNull();
    expect(d.comments.at(-1)).toMatchObject({ content: 'Adjunto la copia.', request_action_id: actionId });
    expect(d.allowed).not.toContain('responder_accion');
    const again = await answer(tokenA);
    expect(again.statusCode).toBe(409);
  });

  it('an action without a document is answered with text alone', async () => {
    const id = await submittedRequest(citizenA);
    await institution(id, 'tomar');
    const actionId = await institution(id, 'solicitar_accion', false);
    const res = await call('POST', '/v1/portals/request-dynamic-confirmation', tokenA, { request_id: id, request_action_id: actionId, content: 'Listo.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('en_revision');
  });
});

describe('withdrawal and rating', () => {
  it('withdraws once (409 after), only the owner; rates a finished request once', async () => {
    const id = await submittedRequest(citizenA);
    const rate = (token: string, body: object = {}) => call('POST', '/v1/portals/ratings', token, { request_id: id, score: 4, comment: 'Rápido y claro', ...body });

    const early = await rate(tokenA);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/^Solo se puede calificar una solicitud finalizada/);

    const before = await snapshot();
    expect((await call('POST', `/v1/portals/requests/${id}/disable`, tokenB)).statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
    const off = await call('POST', `/v1/portals/requests/${id}/disable`, tokenA);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toEqual({ id, status: 'desistida' });
    const twice = await call('POST', `/v1/portals/requests/${id}/disable`, tokenA);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toMatch(/^No se puede realizar esta acción/);
    expect((await detail(id)).allowed).toEqual(['calificar']);

    const afterWithdraw = await snapshot();
    for (const body of [{ score: 0 }, { score: 6 }, { score: 'cinco' }, { comment: 'x'.repeat(1001) }]) expect((await rate(tokenA, body)).statusCode, JSON.stringify(body)).toBe(400);
    expect((await rate(tokenB)).statusCode).toBe(404);
    expect(await snapshot()).toEqual(afterWithdraw);

    const rated = await rate(tokenA);
    expect(rated.statusCode, rated.body).toBe(201);
    expect(rated.json().data).toMatchObject({ score: 4, comment: 'Rápido y claro' });
    const second = await rate(tokenA, { score: 1 });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('Esta solicitud ya fue calificada');
    const d = await detail(id);
    expect(d.rating).toMatchObject({ score: 4, comment: 'Rápido y claro' });
    expect(d.allowed).toEqual([]);
  });

  it('a request that is not the citizen’s, or a draft, is a 404 on every route', async () => {
    const { rows } = await t.app.db.query<{ id: number }>("INSERT INTO applications (citizen_id, form, data) VALUES ($1, 'certificado-no-antecedentes', '{}') RETURNING id", [citizenA]);
    const draft = rows[0].id;
    const before = await snapshot();
    for (const [method, url, body] of [
      ['GET', `/v1/portals/requests/${draft}`, undefined],
      ['POST', `/v1/portals/requests/${draft}/disable`, undefined],
      ['POST', '/v1/portals/request-comment', { request_id: draft, content: 'Hola' }],
      ['POST', '/v1/portals/ratings', { request_id: draft, score: 5 }],
      ['POST', '/v1/portals/request-dynamic-confirmation', { request_id: draft, request_action_id: 1, content: 'Hola' }],
    ] as const) {
      const res = await call(method, url, tokenA, body);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toBe('Solicitud no encontrada');
    }
    expect((await attach(tokenA, [{ name: 'request_id', value: String(draft) }, pdf()])).statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });
});

describe('the ratings feed the dashboard statistics', () => {
  it('average_rating and ratings count the citizens’ ratings', async () => {
    const stats = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/v2/portal/dashboard/statistics' });
      expect(res.statusCode).toBe(200);
      return res.json().data as { average_rating: number | null; ratings: number };
    };
    await t.app.db.query('DELETE FROM request_ratings');
    expect(await stats()).toMatchObject({ average_rating: null, ratings: 0 });
    for (const score of [5, 4, 4]) {
      const id = await submittedRequest(citizenA);
      expect((await call('POST', `/v1/portals/requests/${id}/disable`, tokenA)).statusCode).toBe(200);
      expect((await call('POST', '/v1/portals/ratings', tokenA, { request_id: id, score })).statusCode).toBe(201);
    }
    expect(await stats()).toMatchObject({ average_rating: 4.33, ratings: 3 });
  });
});
