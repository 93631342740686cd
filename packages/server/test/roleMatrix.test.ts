/**
 * The ownership and role matrix of issue 12 §6 over EVERY route of requests,
 * claims and the back office (read from the app: a new route fails the
 * coverage check until it has its row here). For each route, each caller who
 * must not reach citizen A's request or claim — citizen B, the officer of
 * another institution, a citizen on a staff route, staff on a citizen route —
 * is refused (401, 403 or 404) and nothing in the database changes. The
 * resource-by-resource behaviour is tested in citizenRequests, claims and
 * backoffice tests; this file proves nobody was forgotten.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_STAFF } from '../src/agencies/sandbox/sandboxData';
import { buildTestApp, type TestApp } from './buildTestApp';
import { routeList } from './fuzz/routeCatalog';
import { bearer, DEMO, login, multipart, register, SAMPLE_FILES, staffLogin, type Part } from './helpers';

let t: TestApp;
const tokens = { citizenA: '', citizenB: '', officerX: '', officerY: '', officerDgii: '', officerVuf: '', admin: '', analyst: '' };
/**
 * Citizen A's resources, all of institution PGR (officer X); officer Y is INTRANT's. The DGII's officer collects
 * a charge of citizen A's formalization (ids.vuf), which they may read but not act on, and none of ids.request.
 */
const ids = { staffX: 0, request: 0, action: 0, institutionComment: 0, document: 0, claim: 0, vuf: 0, vufCode: '', onapiItem: 0, dgiiItem: 0, camaraItem: 0, pgrItem: 0 };
/** Citizen A's current authorization number of the PGR charge (transfers and deposits). */
let pgrPaymentCode = '';

type Caller = keyof typeof tokens;
interface Call {
  method: 'GET' | 'POST';
  url: string;
  json?: object;
  parts?: Part[];
}

const pdf: Part = { name: 'file', value: SAMPLE_FILES.pdf, filename: 'prueba.pdf', contentType: 'application/pdf' };

/** For each route: the call that would touch citizen A's resource, made by whoever the matrix names. */
function callsFor(): Record<string, Call> {
  const r = ids.request;
  return {
    'GET /v1/portals/requests/:id': { method: 'GET', url: `/v1/portals/requests/${r}` },
    'POST /v1/portals/requests/:id/disable': { method: 'POST', url: `/v1/portals/requests/${r}/disable`, json: {} },
    'POST /v1/portals/request-comment': { method: 'POST', url: '/v1/portals/request-comment', json: { request_id: r, content: 'Intruso' } },
    'GET /v1/portals/request-comment/:id/read': { method: 'GET', url: `/v1/portals/request-comment/${ids.institutionComment}/read` },
    'POST /v1/portals/request-dynamic-confirmation': {
      method: 'POST', url: '/v1/portals/request-dynamic-confirmation', json: { request_id: r, request_action_id: ids.action, content: 'Respuesta ajena' },
    },
    'POST /v1/portals/ratings': { method: 'POST', url: '/v1/portals/ratings', json: { request_id: r, score: 1, comment: 'Ajena' } },
    'POST /v1/portals/citizen-profile/documents/requests/attach': {
      method: 'POST', url: '/v1/portals/citizen-profile/documents/requests/attach', parts: [{ name: 'request_id', value: String(r) }, pdf],
    },
    'POST /v1/portals/claim': {
      method: 'POST', url: '/v1/portals/claim', parts: [{ name: 'request_id', value: String(r) }, { name: 'issue_id', value: '1' }, { name: 'description', value: 'Reclamo sobre una solicitud ajena' }, pdf],
    },
    'GET /v1/portals/claim-comment': { method: 'GET', url: `/v1/portals/claim-comment?claim_id=${ids.claim}` },
    'POST /v1/portals/claim-comment': { method: 'POST', url: '/v1/portals/claim-comment', json: { claim_id: ids.claim, content: 'Intruso' } },
    'GET /v1/backoffice/requests/:id': { method: 'GET', url: `/v1/backoffice/requests/${r}` },
    'GET /v1/backoffice/requests/:id/documents/:documentId': { method: 'GET', url: `/v1/backoffice/requests/${r}/documents/${ids.document}` },
    'POST /v1/backoffice/requests/:id/events': { method: 'POST', url: `/v1/backoffice/requests/${r}/events`, json: { event: 'rechazar', message: 'Motivo ajeno' } },
    'POST /v1/backoffice/requests/:id/comments': { method: 'POST', url: `/v1/backoffice/requests/${r}/comments`, json: { content: 'Comentario ajeno' } },
    'GET /v1/backoffice/claims/:id': { method: 'GET', url: `/v1/backoffice/claims/${ids.claim}` },
    'GET /v1/backoffice/claims/:id/document': { method: 'GET', url: `/v1/backoffice/claims/${ids.claim}/document` },
    'POST /v1/backoffice/claims/:id/comments': { method: 'POST', url: `/v1/backoffice/claims/${ids.claim}/comments`, json: { content: 'Respuesta ajena' } },
    'POST /v1/backoffice/claims/:id/status': { method: 'POST', url: `/v1/backoffice/claims/${ids.claim}/status`, json: { status: 'cerrado' } },
    'GET /v1/backoffice/audit': { method: 'GET', url: '/v1/backoffice/audit' },
    // Staff members and their second factor (issue 25 §2): administrators only.
    'GET /v1/backoffice/staff': { method: 'GET', url: '/v1/backoffice/staff' },
    'POST /v1/backoffice/staff/:id/second-factor/reset': { method: 'POST', url: `/v1/backoffice/staff/${ids.staffX}/second-factor/reset` },
    // Published forms (issue 26 §2): administrators only; a refused publication writes no version.
    'GET /v1/backoffice/forms': { method: 'GET', url: '/v1/backoffice/forms' },
    'GET /v1/backoffice/forms/:form/versions': { method: 'GET', url: '/v1/backoffice/forms/formalizacion/versions' },
    'POST /v1/backoffice/forms/:form/versions': {
      method: 'POST', url: '/v1/backoffice/forms/formalizacion/versions', json: { schema: { type: 'object', title: 'Intruso', properties: {} }, note: 'Intruso', base_version: 1 },
    },
    // Payments (issue 13): citizen A's formalization (ids.vuf, charges of ONAPI, DGII and CCPSD) and the PGR charge of ids.request.
    'GET /v1/portals/requests/:id/payment': { method: 'GET', url: `/v1/portals/requests/${ids.vuf}/payment` },
    // Transfer or deposit: the PGR charge's authorization number (pgrPaymentCode, citizen A's current one).
    'GET /v1/portals/requests/:id/payment-code': { method: 'GET', url: `/v1/portals/requests/${r}/payment-code?item_id=${ids.pgrItem}` },
    'POST /v1/portals/requests/:id/payment-code': { method: 'POST', url: `/v1/portals/requests/${r}/payment-code`, json: { item_id: ids.pgrItem } },
    'GET /v1/portals/requests/:id/payment-code/pdf': { method: 'GET', url: `/v1/portals/requests/${r}/payment-code/pdf?item_id=${ids.pgrItem}` },
    'POST /v1/portals/sirite/response': { method: 'POST', url: `/v1/portals/sirite/response?code=${pgrPaymentCode}`, json: { approval_number: '123456' } },
    'POST /v1/portals/payment/updatepaycardnet': { method: 'POST', url: '/v1/portals/payment/updatepaycardnet', json: { code: pgrPaymentCode, approval_number: '123456' } },
    'POST /v1/institution-dgii/upload/document': {
      method: 'POST', url: '/v1/institution-dgii/upload/document',
      json: { documentUrl: `/v1/portals/documents/${ids.document}/download`, authorizationNumber: 'AJENO-1', requestId: ids.vuf, requestCode: ids.vufCode },
    },
    'POST /v1/portals/payment/deposit-receipt': {
      method: 'POST', url: '/v1/portals/payment/deposit-receipt',
      json: { documentUrl: `/v1/portals/documents/${ids.document}/download`, approvalNumber: 'AJENO-1', requestId: r, itemId: ids.pgrItem },
    },
    'GET /v1/backoffice/payments/:id/document': { method: 'GET', url: `/v1/backoffice/payments/${ids.pgrItem}/document` },
    'POST /v1/backoffice/payments/:id/accept': { method: 'POST', url: `/v1/backoffice/payments/${ids.pgrItem}/accept` },
    'POST /v1/backoffice/payments/:id/refuse': { method: 'POST', url: `/v1/backoffice/payments/${ids.pgrItem}/refuse`, json: { reason: 'Motivo ajeno' } },
    'POST /v1/institution-camara/hash/:code': {
      method: 'POST',
      url: `/v1/institution-camara/hash/${ids.vufCode}`,
      json: { TrxType: 'Sale', OrderNumber: ids.vufCode.replace(/-/g, ''), Amount: '500000', ITBIS: '000', ApprovedUrl: 'http://localhost:80/my-requests/vuf/azul_callback', DeclinedUrl: `http://localhost:80/my-requests/vuf?solicitud_id=${ids.vufCode}&decline=1`, CancelUrl: `http://localhost:80/my-requests/vuf?solicitud_id=${ids.vufCode}&canceled=1` },
    },
    'POST /v1/institution-onapi/payment': { method: 'POST', url: '/v1/institution-onapi/payment', json: { codigoSolicitud: ids.vufCode, cardNumber: '4242424242424242', expDate: '12/30', cvv: '123' } },
    'POST /v1/portals/request-variation-select': { method: 'POST', url: '/v1/portals/request-variation-select', json: { quantity: 1, payment_amount: 5000, request_id: [ids.vuf], variation_id: [], item_id: ids.camaraItem } },
  };
}

/**
 * Routes that name no one's resource: lists scoped to the caller (checked below
 * by content), the caller's own session, and public claim types.
 */
const SCOPED_TO_CALLER = new Set([
  'GET /v1/portals/requests/citizen-profile/getRequestsByCitizenProfile',
  'GET /v1/portals/myclaims',
  'GET /v1/issues',
  'POST /v1/backoffice/auth/login',
  // The sign-in's second step (issue 25 §2): the caller's own pending sign-in (staffAuth.test.ts).
  'POST /v1/backoffice/auth/second-factor',
  'POST /v1/backoffice/auth/enrolment',
  'POST /v1/backoffice/auth/second-factor/passkey-options',
  'POST /v1/backoffice/auth/enrolment/passkey-options',
  'POST /v1/backoffice/auth/logout',
  'GET /v1/backoffice/auth/me',
  'GET /v1/backoffice/requests',
  'GET /v1/backoffice/claims',
  'GET /v1/backoffice/suggestions',
  'GET /v1/backoffice/error-reports',
  // Proofs of payment to verify: the officer's institution's only (paymentProofs.test.ts checks the content).
  'GET /v1/backoffice/payments',
  // ONAPI's registry lookups (the form's trade-name checks): no one's resource.
  'GET /v1/institution-onapi/registro/:certificateNumber',
  'GET /v1/institution-onapi/verify/:name',
  // The card payment page's return: no session by design (it may have expired on the card page); its hash
  // authenticates it and a forged one changes nothing (camaraPayment.test.ts).
  'POST /v1/institution-camara/return',
]);

/** The back office's routes for administrators only. */
const ADMIN_ONLY = new Set(['GET /v1/backoffice/audit', 'GET /v1/backoffice/staff', 'POST /v1/backoffice/staff/:id/second-factor/reset']);
/** The published forms (issue 26): administrators and analysts; an analyst reaches nothing else of the back office. */
const FORM_PUBLISHERS_ONLY = new Set(['GET /v1/backoffice/forms', 'GET /v1/backoffice/forms/:form/versions', 'POST /v1/backoffice/forms/:form/versions']);

/** Who must be refused on each kind of route. */
function refusedCallers(key: string): Caller[] {
  if (FORM_PUBLISHERS_ONLY.has(key)) return ['citizenA', 'officerX', 'officerY', 'officerDgii'];
  if (ADMIN_ONLY.has(key)) return ['citizenA', 'officerX', 'officerY', 'officerDgii', 'analyst'];
  if (key.includes(' /v1/backoffice/')) return ['citizenA', 'citizenB', 'officerY', 'officerDgii', 'analyst'];
  return ['citizenB', 'officerX', 'officerY', 'officerDgii', 'admin', 'analyst'];
}

const TABLES: Record<string, string> = {
  applications: '*', request_actions: '*', request_comments: '*', request_attachments: '*', request_ratings: '*',
  request_items: '*', payment_attempts: '*', card_page_orders: '*', payment_codes: '*', request_item_variations: '*',
  claims: '*', claim_comments: '*', documents: '*', notifications: '*', audit_log: '*', form_versions: 'form, version, hash',
  // Second factors (an administrator's reset clears one and ends the member's sessions).
  staff: 'id, totp_secret, totp_enrolled_at', staff_recovery_codes: '*', staff_passkeys: '*', staff_sessions: 'token_hash, revoked_at',
  // The mail queued, not its delivery (the mailer sends in the background and then erases the body).
  outbox: 'id, to_address, subject',
};

/** A fingerprint per table of every row a refused call could have touched. */
async function fingerprint(): Promise<Record<string, string>> {
  const prints: Record<string, string> = {};
  for (const [table, columns] of Object.entries(TABLES)) {
    // A refusal is itself recorded (audit_log 'acceso_denegado', registerAccessDenials.ts): everything else stays as it was.
    const where = table === 'audit_log' ? " WHERE action <> 'acceso_denegado'" : '';
    const { rows } = await t.app.db.query<{ row: string }>(`SELECT to_jsonb(x)::text AS row FROM (SELECT ${columns} FROM ${table}${where}) x ORDER BY 1`);
    prints[table] = createHash('sha256').update(rows.map((row) => row.row).join('\n')).digest('hex');
  }
  return prints;
}

async function send(call: Call, token: string) {
  if (call.parts) {
    const form = multipart(call.parts);
    return t.app.inject({ method: call.method, url: call.url, payload: form.payload, headers: { ...form.headers, ...bearer(token) } });
  }
  return t.app.inject({ method: call.method, url: call.url, headers: bearer(token), ...(call.json ? { payload: call.json } : {}) });
}

async function ok(res: { statusCode: number; body: string }, status = 200) {
  expect(res.statusCode, res.body).toBe(status);
  return JSON.parse(res.body);
}

/** A sandbox staff member's token (null: the administrator). */
const staffToken = (institution: string | null): Promise<string> => staffLogin(t.app, SANDBOX_STAFF.find((x) => x.institution === institution)!);

beforeAll(async () => {
  t = await buildTestApp({ rateLimitAllowList: ['127.0.0.1'] });
  tokens.citizenA = await login(t.app, DEMO.cedula, DEMO.password);
  await register(t.app, '00104578232', 'Otra-Clave-2026');
  tokens.citizenB = await login(t.app, '00104578232', 'Otra-Clave-2026');
  tokens.officerX = await staffToken('PGR');
  tokens.officerY = await staffToken('INTRANT');
  tokens.officerDgii = await staffToken('DGII');
  tokens.officerVuf = await staffToken('VUF');
  tokens.admin = await staffLogin(t.app, SANDBOX_STAFF.find((x) => x.role === 'administrador')!);
  tokens.analyst = await staffLogin(t.app, SANDBOX_STAFF.find((x) => x.role === 'analista')!);
  ids.staffX = (await t.app.db.query<{ id: number }>('SELECT id FROM staff WHERE email = $1', [SANDBOX_STAFF.find((x) => x.institution === 'PGR')!.email])).rows[0].id;

  // Citizen A's submitted request of a PGR service, taken into review with an action asked and an institution comment.
  const citizenA = (await t.app.db.query<{ id: number }>('SELECT id FROM citizens WHERE cedula = $1', [DEMO.cedula])).rows[0].id;
  const { rows } = await t.app.db.query<{ id: number }>("INSERT INTO applications (citizen_id, form, data) VALUES ($1, 'certificado-no-antecedentes', '{}') RETURNING id", [citizenA]);
  ids.request = rows[0].id;
  await t.app.db.query("UPDATE applications SET status = 'enviada', request_code = 'SOL-2026-700001', institution = 'PGR', submitted_at = now() WHERE id = $1", [ids.request]);
  const asX = (call: Call) => send(call, tokens.officerX);
  await ok(await asX({ method: 'POST', url: `/v1/backoffice/requests/${ids.request}/events`, json: { event: 'tomar' } }));
  await ok(await asX({ method: 'POST', url: `/v1/backoffice/requests/${ids.request}/events`, json: { event: 'solicitar_accion', message: 'Adjunte su cédula.', requires_document: false } }));
  const comment = await ok(await asX({ method: 'POST', url: `/v1/backoffice/requests/${ids.request}/comments`, json: { content: 'Quedamos atentos.' } }), 201);
  ids.institutionComment = comment.data.id;
  const detail = await ok(await send({ method: 'GET', url: `/v1/portals/requests/${ids.request}` }, tokens.citizenA));
  ids.action = detail.data.pending_action.id;
  const attached = await ok(await send(callsFor()['POST /v1/portals/citizen-profile/documents/requests/attach'], tokens.citizenA), 201);
  ids.document = attached.data.document_id;
  const claim = await ok(await send(callsFor()['POST /v1/portals/claim'], tokens.citizenA), 201);
  ids.claim = claim.data.id;

  // Payments: a PGR charge on that request, and citizen A's formalization with its three agencies' charges.
  ids.pgrItem = (await t.app.db.query<{ id: number }>("INSERT INTO request_items (application_id, agency, concept, amount) VALUES ($1, 'PGR', 'Certificado de no antecedentes penales', 500) RETURNING id", [ids.request])).rows[0].id;
  ids.vuf = (await t.app.db.query<{ id: number }>("INSERT INTO applications (citizen_id, form, data) VALUES ($1, 'formalizacion', '{}') RETURNING id", [citizenA])).rows[0].id;
  ids.vufCode = 'VUF-2026-700002';
  await t.app.db.query("UPDATE applications SET status = 'enviada', request_code = $2, institution = 'VUF', submitted_at = now() WHERE id = $1", [ids.vuf, ids.vufCode]);
  const charge = async (agency: string, amount: number, authorization: string | null = null) =>
    (await t.app.db.query<{ id: number }>('INSERT INTO request_items (application_id, agency, concept, amount, no_autorizacion) VALUES ($1, $2, $3, $4, $5) RETURNING id', [ids.vuf, agency, `Cargo ${agency}`, amount, authorization])).rows[0].id;
  ids.onapiItem = await charge('ONAPI', 7000);
  ids.dgiiItem = await charge('DGII', 1000, '70000000002');
  ids.camaraItem = await charge('CCPSD', 5000);
  pgrPaymentCode = (await ok(await send(callsFor()['GET /v1/portals/requests/:id/payment-code'], tokens.citizenA))).data.code;
  // Citizen A's proof of the DGII charge, waiting for verification (what POST /v1/institution-dgii/upload/document leaves).
  await t.app.db.query("UPDATE request_items SET status = 'en_verificacion', proof_document_id = $2, approval_number = 'AP-700002' WHERE id = $1", [ids.dgiiItem, ids.document]);
});
afterAll(() => t.close());

describe('ownership and role matrix (issue 12 §6)', () => {
  it('every route of requests, claims and the back office has its row in the matrix', () => {
    const routes = routeList(t.app)
      .filter((r) => r.method !== 'HEAD' && /^\/v1\/(backoffice\/|issues$|institution-|portals\/(requests|request-|ratings|claim|myclaims|citizen-profile\/documents\/requests|sirite|payment))/.test(r.url))
      .map((r) => `${r.method} ${r.url}`);
    expect(routes.length).toBeGreaterThan(20);
    const calls = callsFor();
    expect(routes.filter((key) => !(key in calls) && !SCOPED_TO_CALLER.has(key)), 'rutas sin fila en la matriz').toEqual([]);
  });

  it('citizen B, the other institution, citizens on staff routes and staff on citizen routes are refused, and nothing changes', async () => {
    const before = await fingerprint();
    const failures: string[] = [];
    for (const [key, call] of Object.entries(callsFor())) {
      for (const caller of refusedCallers(key)) {
        const res = await send(call, tokens[caller]);
        if (![401, 403, 404].includes(res.statusCode)) failures.push(`${key} como ${caller}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        else expect(JSON.parse(res.body).message, `${key} como ${caller}`).toMatch(/^[A-ZÁÉÍÓÚÑ¿]/);
      }
    }
    expect(failures).toEqual([]);
    expect(await fingerprint()).toEqual(before);
  });

  it('an institution with a charge on a request reads it read-only: no events, no comments (404), nothing changes; without a charge, 404', async () => {
    const vuf = ids.vuf;
    const read = await ok(await send({ method: 'GET', url: `/v1/backoffice/requests/${vuf}` }, tokens.officerDgii));
    expect(read.data).toMatchObject({ id: vuf, institution: 'VUF', read_only: true, allowed: [], can_comment: false });
    // Officer Y's institution collects nothing on it: 404.
    expect((await send({ method: 'GET', url: `/v1/backoffice/requests/${vuf}` }, tokens.officerY)).statusCode).toBe(404);
    const before = await fingerprint();
    const refused: Call[] = [
      { method: 'POST', url: `/v1/backoffice/requests/${vuf}/events`, json: { event: 'tomar' } },
      { method: 'POST', url: `/v1/backoffice/requests/${vuf}/events`, json: { event: 'rechazar', message: 'Motivo ajeno' } },
      { method: 'POST', url: `/v1/backoffice/requests/${vuf}/comments`, json: { content: 'Comentario ajeno' } },
    ];
    for (const call of refused) {
      const res = await send(call, tokens.officerDgii);
      expect([res.statusCode, JSON.parse(res.body).message], `${call.method} ${call.url}`).toEqual([404, 'Solicitud no encontrada']);
    }
    expect(await fingerprint()).toEqual(before);
    // The acting institution's officer and the administrator act on it.
    const vufOfficer = await staffToken('VUF');
    expect((await ok(await send({ method: 'GET', url: `/v1/backoffice/requests/${vuf}` }, vufOfficer))).data).toMatchObject({ read_only: false, allowed: ['tomar'] });
    expect((await ok(await send({ method: 'GET', url: `/v1/backoffice/requests/${vuf}` }, tokens.admin))).data).toMatchObject({ read_only: false, allowed: ['tomar'] });
  });

  /**
   * Who verifies a proof of payment (issue 25 §1 finding 7; paymentProofs.verifiesProof): the institution that collects the
   * charge and the administrator accept or refuse it; the institution that attends the request sees it, and gets a 403.
   */
  const PROOF_VERIFIERS: { caller: Caller; sees: boolean; verifies: boolean }[] = [
    { caller: 'officerDgii', sees: true, verifies: true },
    { caller: 'admin', sees: true, verifies: true },
    { caller: 'officerVuf', sees: true, verifies: false },
    { caller: 'officerX', sees: false, verifies: false },
  ];

  it('a DGII proof: the VUF sees it but may not accept or refuse it (403, Spanish, nothing changes); the DGII officer accepts it', async () => {
    const item = ids.dgiiItem;
    for (const { caller, sees, verifies } of PROOF_VERIFIERS) {
      const row = (await ok(await send({ method: 'GET', url: '/v1/backoffice/payments' }, tokens[caller]))).data.find((r: { id: number }) => r.id === item);
      expect(row === undefined ? null : row.can_verify, caller).toBe(sees ? verifies : null);
    }
    // The request page says the same per charge: the DGII verifies its own, the VUF none of the formalization's.
    const page = async (caller: Caller) => (await ok(await send({ method: 'GET', url: `/v1/backoffice/requests/${ids.vuf}` }, tokens[caller]))).data.verifiable_items;
    expect(await page('officerDgii')).toEqual([ids.dgiiItem]);
    expect(await page('officerVuf')).toEqual([]);
    expect((await page('admin')).sort()).toEqual([ids.onapiItem, ids.dgiiItem, ids.camaraItem].sort());

    const before = await fingerprint();
    for (const call of [
      { method: 'POST', url: `/v1/backoffice/payments/${item}/accept` },
      { method: 'POST', url: `/v1/backoffice/payments/${item}/refuse`, json: { reason: 'El comprobante no es legible.' } },
      // Whatever the body: the caller is refused before the reason is read.
      { method: 'POST', url: `/v1/backoffice/payments/${item}/refuse`, json: { reason: '' } },
    ] as Call[]) {
      const res = await send(call, tokens.officerVuf);
      expect([res.statusCode, JSON.parse(res.body).message], call.url).toEqual([403, 'Solo la institución que cobra este cargo (DGII) puede aceptar o no aceptar su comprobante']);
    }
    expect(await fingerprint()).toEqual(before);
    // The VUF may still download the proof it sees.
    expect((await send({ method: 'GET', url: `/v1/backoffice/payments/${item}/document` }, tokens.officerVuf)).statusCode).toBe(200);

    const accepted = await ok(await send({ method: 'POST', url: `/v1/backoffice/payments/${item}/accept` }, tokens.officerDgii));
    expect(accepted.data.item).toMatchObject({ id: item, status: 'pagado', method: 'comprobante' });
  });

  it('the lists show each caller only their own: B sees none of A’s, officer Y none of PGR’s, the administrator all', async () => {
    const codes = async (url: string, token: string) => (await ok(await send({ method: 'GET', url }, token))).data.map((x: { id: number }) => x.id) as number[];
    expect(await codes('/v1/portals/requests/citizen-profile/getRequestsByCitizenProfile', tokens.citizenB)).not.toContain(ids.request);
    expect(await codes('/v1/portals/requests/citizen-profile/getRequestsByCitizenProfile', tokens.citizenA)).toContain(ids.request);
    expect(await codes('/v1/portals/myclaims', tokens.citizenB)).not.toContain(ids.claim);
    expect(await codes('/v1/portals/myclaims', tokens.citizenA)).toContain(ids.claim);
    expect(await codes('/v1/backoffice/requests', tokens.officerY)).not.toContain(ids.request);
    expect(await codes('/v1/backoffice/requests', tokens.officerX)).toContain(ids.request);
    expect(await codes('/v1/backoffice/requests', tokens.admin)).toContain(ids.request);
    expect(await codes('/v1/backoffice/claims', tokens.officerY)).not.toContain(ids.claim);
    expect(await codes('/v1/backoffice/claims', tokens.officerX)).toContain(ids.claim);
    expect(await codes('/v1/backoffice/claims', tokens.admin)).toContain(ids.claim);
  });
});
