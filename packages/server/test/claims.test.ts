/** Claims (issue 12 §2): filed by citizens, answered by the institution; ownership and role matrix over every route. */
import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowedClaimTransitions, CLAIM_STATUSES } from '@portal/api-contract';
import { SANDBOX_STAFF } from '../src/agencies/sandbox/sandboxData';
import { buildTestApp, mailboxOf, type TestApp } from './buildTestApp';
import { bearer, DEMO, login, multipart, register, SAMPLE_FILES, staffLogin as signStaffIn, type Part } from './helpers';

let t: TestApp;
let citizenA: number;
let tokenA: string;
let tokenB: string;
let requestA: number;
const staffTokens: Record<'pgr' | 'intrant' | 'admin', string> = { pgr: '', intrant: '', admin: '' };

const staffLogin = (email: string, password: string): Promise<string> => signStaffIn(t.app, { email, password });

async function submittedRequest(citizenId: number, institution = 'PGR'): Promise<number> {
  const { rows } = await t.app.db.query<{ id: number }>("INSERT INTO applications (citizen_id, form, data) VALUES ($1, 'certificado-no-antecedentes', '{}') RETURNING id", [citizenId]);
  const id = rows[0].id;
  await t.app.db.query("UPDATE applications SET status = 'enviada', request_code = $2, institution = $3, submitted_at = now() WHERE id = $1", [id, `SOL-2026-${String(800000 + id)}`, institution]);
  return id;
}

const fileClaim = (token: string, parts: Part[]) => {
  const form = multipart(parts);
  return t.app.inject({ method: 'POST', url: '/v1/portals/claim', payload: form.payload, headers: { ...form.headers, ...bearer(token) } });
};
const fields = (values: Record<string, string>): Part[] => Object.entries(values).map(([name, value]) => ({ name, value }));
const DESCRIPTION = 'Mi solicitud lleva dos semanas sin respuesta.';

const count = async (sql: string, params: unknown[] = []) => (await t.app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params)).rows[0].n;
const snapshot = async () => ({
  claims: await count('claims'),
  comments: await count('claim_comments'),
  documents: await count('documents'),
  audit: await count('audit_log WHERE claim_id IS NOT NULL'),
  statuses: (await t.app.db.query<{ id: number; status: string }>('SELECT id, status FROM claims ORDER BY id')).rows,
  files: (await readdir(t.config.uploadDir)).length,
});

beforeAll(async () => {
  t = await buildTestApp();
  citizenA = (await t.app.db.query<{ id: number }>('SELECT id FROM citizens WHERE cedula = $1', [DEMO.cedula])).rows[0].id;
  tokenA = await login(t.app, DEMO.cedula, DEMO.password);
  await register(t.app, '00104578232', 'Otra-Clave-2026');
  tokenB = await login(t.app, '00104578232', 'Otra-Clave-2026');
  requestA = await submittedRequest(citizenA, 'PGR');
  const by = (institution: string | null) => SANDBOX_STAFF.find((s) => s.institution === institution)!;
  staffTokens.pgr = await staffLogin(by('PGR').email, by('PGR').password);
  staffTokens.intrant = await staffLogin(by('INTRANT').email, by('INTRANT').password);
  staffTokens.admin = await staffLogin(by(null).email, by(null).password);
});
afterAll(() => t.close());

describe('the definition of claim statuses', () => {
  it('the database allows exactly the statuses and the changes of claimSchema.ts', async () => {
    const { rows } = await t.app.db.query<{ def: string }>(
      "SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conrelid = 'claims'::regclass AND contype = 'c' AND pg_get_constraintdef(oid) LIKE '%status%'");
    const inCheck = [...rows[0].def.matchAll(/'([a-z_]+)'/g)].map((m) => m[1]).sort();
    expect(inCheck).toEqual([...CLAIM_STATUSES].sort());
    // Every (from, to) pair: the trigger accepts it exactly when the definition does.
    const claimId = (await t.app.db.query<{ id: number }>(
      "INSERT INTO claims (citizen_id, service_slug, institution, issue_id, description) VALUES ($1, 'acta-de-nacimiento', 'JCE', 1, 'Prueba de la definición') RETURNING id", [citizenA])).rows[0].id;
    const allowed = new Set(allowedClaimTransitions().map((p) => `${p.from}>${p.to}`));
    for (const from of CLAIM_STATUSES) {
      for (const to of CLAIM_STATUSES) {
        if (from === to) continue;
        await t.app.db.query("ALTER TABLE claims DISABLE TRIGGER claims_transition");
        await t.app.db.query('UPDATE claims SET status = $2 WHERE id = $1', [claimId, from]);
        await t.app.db.query("ALTER TABLE claims ENABLE TRIGGER claims_transition");
        const result = await t.app.db.query('UPDATE claims SET status = $2 WHERE id = $1', [claimId, to]).then(() => true, () => false);
        expect(result, `${from} -> ${to}`).toBe(allowed.has(`${from}>${to}`));
      }
    }
    await t.app.db.query('DELETE FROM claims WHERE id = $1', [claimId]);
  });
});

describe('claims, the citizen side', () => {
  it('GET /v1/issues lists the claim types without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/issues' });
    expect(res.statusCode).toBe(200);
    const { data } = res.json<{ data: Array<{ id: number; name: string; description: string }> }>();
    expect(data.map((i) => i.name)).toEqual(['Demora en la respuesta', 'Mala atención', 'Cobro incorrecto', 'Información incorrecta', 'Problema técnico del portal', 'Otro']);
  });

  it('files a claim about their own request with a file, and one about a service without a file; both are listed', async () => {
    const before = await snapshot();
    const res = await fileClaim(tokenA, [
      ...fields({ request_id: String(requestA), issue_id: '1', description: DESCRIPTION }),
      { name: 'file', value: SAMPLE_FILES.pdf, filename: 'comprobante de pago.pdf', contentType: 'application/pdf' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const claim = res.json<{ data: Record<string, unknown> }>().data;
    expect(claim).toMatchObject({
      issue: { id: 1, name: 'Demora en la respuesta' },
      subject: { kind: 'solicitud', request_id: requestA, request_code: `SOL-2026-${800000 + requestA}`, service_slug: null },
      institution: 'PGR', institution_name: 'Procuraduría General de la República',
      description: DESCRIPTION, status: 'abierto', unread_comments: 0,
      document: { name: 'comprobante de pago', extension: 'pdf', route: expect.stringMatching(/^\/v1\/portals\/documents\/\d+\/download$/) },
    });
    // The file is one of the citizen's documents: they can download it.
    const download = await t.app.inject({ method: 'GET', url: (claim.document as { route: string }).route, headers: bearer(tokenA) });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(SAMPLE_FILES.pdf)).toBe(true);

    const service = await fileClaim(tokenA, fields({ service_slug: 'renovacion-licencia-de-conducir', issue_id: '2', description: 'Me atendieron de mala manera en la ventanilla.' }));
    expect(service.statusCode, service.body).toBe(201);
    expect(service.json()).toMatchObject({ data: { subject: { kind: 'servicio', request_id: null, service_slug: 'renovacion-licencia-de-conducir', label: 'Renovación de licencia de conducir' }, institution: 'INTRANT', document: null } });
    const formalization = await fileClaim(tokenA, fields({ service_slug: 'formalizacion-de-empresas', issue_id: '6', description: 'No encuentro cómo seguir mi formalización.' }));
    expect(formalization.json()).toMatchObject({ data: { institution: 'VUF', institution_name: 'Ventanilla Única de Formalización' } });

    const after = await snapshot();
    expect([after.claims - before.claims, after.documents - before.documents, after.files - before.files]).toEqual([3, 1, 1]);
    const mine = await t.app.inject({ method: 'GET', url: '/v1/portals/myclaims', headers: bearer(tokenA) });
    expect(mine.statusCode).toBe(200);
    const ids = mine.json<{ data: Array<{ id: number }> }>().data.map((c) => c.id);
    expect(ids.slice(0, 3)).toEqual([formalization.json<{ data: { id: number } }>().data.id, service.json<{ data: { id: number } }>().data.id, claim.id]);
    // Citizen B sees none of them.
    const theirs = await t.app.inject({ method: 'GET', url: '/v1/portals/myclaims', headers: bearer(tokenB) });
    expect(theirs.json()).toEqual({ data: [] });
  });

  it('refuses bad input with a Spanish 400 and stores nothing', async () => {
    const before = await snapshot();
    const cases: Array<[Part[], string, string]> = [
      [fields({ request_id: String(requestA), issue_id: '1', description: 'corta' }), 'description', 'La descripción debe tener entre 10 y 2000 caracteres'],
      [fields({ request_id: String(requestA), issue_id: '1', description: 'x'.repeat(2001) }), 'description', 'La descripción debe tener entre 10 y 2000 caracteres'],
      [fields({ issue_id: '1', description: DESCRIPTION }), 'request_id', 'Indique la solicitud o el servicio del reclamo'],
      [fields({ request_id: String(requestA), service_slug: 'acta-de-nacimiento', issue_id: '1', description: DESCRIPTION }), 'request_id', 'Indique la solicitud o el servicio, no ambos'],
      [fields({ request_id: 'abc', issue_id: '1', description: DESCRIPTION }), 'request_id', 'Solicitud inválida'],
      [fields({ request_id: String(requestA), description: DESCRIPTION }), 'issue_id', 'Seleccione el tipo de reclamo'],
      [fields({ request_id: String(requestA), issue_id: '99', description: DESCRIPTION }), 'issue_id', 'Tipo de reclamo inválido'],
      [fields({ request_id: String(requestA), issue_id: '1', description: DESCRIPTION, citizen_id: '1' }), 'citizen_id', 'Campo no permitido'],
    ];
    for (const [parts, path, message] of cases) {
      // With a valid file too: nothing of it stays.
      const res = await fileClaim(tokenA, [...parts, { name: 'file', value: SAMPLE_FILES.png, filename: 'foto.png', contentType: 'image/png' }]);
      expect(res.statusCode, `${path}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ message: 'Datos inválidos', errors: [{ path, message }] });
    }
    const json = await t.app.inject({ method: 'POST', url: '/v1/portals/claim', payload: { request_id: requestA, issue_id: 1, description: DESCRIPTION }, headers: bearer(tokenA) });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toEqual({ message: 'Se esperaba un formulario multipart' });
    expect(await snapshot()).toEqual(before);
  });

  it('applies the upload rules to the claim\'s file, and stores nothing when it is refused', async () => {
    const before = await snapshot();
    const base = fields({ request_id: String(requestA), issue_id: '3', description: DESCRIPTION });
    const refused: Array<[Part, number, string]> = [
      [{ name: 'file', value: SAMPLE_FILES.pdf, filename: 'acta_notarial.pdf' }, 400, 'Nombre de archivo inválido'],
      [{ name: 'file', value: Buffer.from('MZ\x90\x00'), filename: 'programa.exe' }, 415, 'Tipo de archivo no permitido'],
      [{ name: 'file', value: SAMPLE_FILES.png, filename: 'foto.pdf' }, 415, 'Tipo de archivo no permitido'],
      [{ name: 'file', value: Buffer.alloc(0), filename: 'vacio.pdf' }, 400, 'El archivo está vacío'],
    ];
    for (const [file, status, message] of refused) {
      const res = await fileClaim(tokenA, [...base, file]);
      expect([res.statusCode, res.json<{ message: string }>().message], file.filename).toEqual([status, message]);
    }
    const two = await fileClaim(tokenA, [...base, { name: 'file', value: SAMPLE_FILES.pdf, filename: 'uno.pdf' }, { name: 'file', value: SAMPLE_FILES.pdf, filename: 'dos.pdf' }]);
    expect(two.statusCode).toBe(413);
    expect(await snapshot()).toEqual(before);
  });

  it('a citizen at their storage limit files a claim without a file; with one they get the quota\'s 413 and nothing is stored', async () => {
    // A second app on the same database whose quota citizen A has already reached (one document).
    const full = await buildTestApp({ uploadQuotaFiles: 1 }, { db: t.app.db });
    try {
      const token = await login(full.app, DEMO.cedula, DEMO.password);
      const send = (parts: Part[]) => {
        const form = multipart(parts);
        return full.app.inject({ method: 'POST', url: '/v1/portals/claim', payload: form.payload, headers: { ...form.headers, ...bearer(token) } });
      };
      const base = fields({ request_id: String(requestA), issue_id: '6', description: 'Reclamo sin archivo al límite de la cuota.' });
      const before = await snapshot();
      const withFile = await send([...base, { name: 'file', value: SAMPLE_FILES.pdf, filename: 'otro.pdf' }]);
      expect([withFile.statusCode, withFile.json()]).toEqual([413, { message: 'Ha alcanzado el número máximo de documentos (1); elimine documentos que ya no necesite' }]);
      expect(await snapshot()).toEqual(before);
      expect(await readdir(full.config.uploadDir)).toEqual([]);
      const without = await send(base);
      expect(without.statusCode, without.body).toBe(201);
      expect(without.json()).toMatchObject({ data: { document: null, status: 'abierto' } });
    } finally {
      await full.close();
    }
  });

  it('a request of another citizen, a draft or an unknown service is a 404, and nothing is stored', async () => {
    const before = await snapshot();
    const withFile = (values: Record<string, string>) => fileClaim(tokenB, [...fields(values), { name: 'file', value: SAMPLE_FILES.pdf, filename: 'prueba.pdf' }]);
    const other = await withFile({ request_id: String(requestA), issue_id: '1', description: DESCRIPTION });
    expect([other.statusCode, other.json()]).toEqual([404, { message: 'Solicitud no encontrada' }]);
    const draft = (await t.app.db.query<{ id: number }>("INSERT INTO applications (citizen_id, form, data) VALUES ($1, 'certificado-no-antecedentes', '{}') RETURNING id", [citizenA])).rows[0].id;
    const ownDraft = await fileClaim(tokenA, fields({ request_id: String(draft), issue_id: '1', description: DESCRIPTION }));
    expect(ownDraft.statusCode).toBe(404);
    const unknown = await withFile({ service_slug: 'no-existe', issue_id: '1', description: DESCRIPTION });
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { message: 'Servicio no encontrado' }]);
    expect(await snapshot()).toEqual(before);
  });

  it('the thread: only its citizen reads and writes it; a comment on a closed claim is a 409', async () => {
    const id = (await fileClaim(tokenA, fields({ request_id: String(requestA), issue_id: '4', description: DESCRIPTION }))).json<{ data: { id: number } }>().data.id;
    const before = await snapshot();
    const asB = await t.app.inject({ method: 'GET', url: `/v1/portals/claim-comment?claim_id=${id}`, headers: bearer(tokenB) });
    expect([asB.statusCode, asB.json()]).toEqual([404, { message: 'Reclamo no encontrado' }]);
    const postB = await t.app.inject({ method: 'POST', url: '/v1/portals/claim-comment', payload: { claim_id: id, content: 'Intruso' }, headers: bearer(tokenB) });
    expect(postB.statusCode).toBe(404);
    for (const payload of [{ claim_id: id, content: '   ' }, { claim_id: id, content: 'x'.repeat(2001) }, { claim_id: 'uno', content: 'Hola' }, { claim_id: id }]) {
      const bad = await t.app.inject({ method: 'POST', url: '/v1/portals/claim-comment', payload, headers: bearer(tokenA) });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      expect(bad.json<{ message: string }>().message).toBe('Datos inválidos');
    }
    const badQuery = await t.app.inject({ method: 'GET', url: '/v1/portals/claim-comment?claim_id=x', headers: bearer(tokenA) });
    expect([badQuery.statusCode, badQuery.json<{ message: string }>().message]).toEqual([400, 'Datos inválidos']);
    expect(await snapshot()).toEqual(before);

    const mine = await t.app.inject({ method: 'POST', url: '/v1/portals/claim-comment', payload: { claim_id: id, content: '  Agrego que pagué el 3 de noviembre.  ' }, headers: bearer(tokenA) });
    expect(mine.statusCode, mine.body).toBe(201);
    expect(mine.json()).toMatchObject({ data: { author: 'ciudadano', content: 'Agrego que pagué el 3 de noviembre.', read: false } });
    const thread = await t.app.inject({ method: 'GET', url: `/v1/portals/claim-comment?claim_id=${id}`, headers: bearer(tokenA) });
    expect(thread.json()).toMatchObject({ data: { claim: { id, status: 'abierto' }, comments: [{ author: 'ciudadano' }] } });

    await t.app.inject({ method: 'POST', url: `/v1/backoffice/claims/${id}/status`, payload: { status: 'cerrado' }, headers: bearer(staffTokens.pgr) });
    const closed = await t.app.inject({ method: 'POST', url: '/v1/portals/claim-comment', payload: { claim_id: id, content: 'Una más' }, headers: bearer(tokenA) });
    expect([closed.statusCode, closed.json()]).toEqual([409, { message: 'Este reclamo está cerrado: ya no admite comentarios' }]);
  });
});

describe('claims, the institution side', () => {
  let claimId: number;
  beforeAll(async () => {
    const res = await fileClaim(tokenA, fields({ request_id: String(requestA), issue_id: '1', description: 'Necesito una respuesta sobre mi certificado.' }));
    claimId = res.json<{ data: { id: number } }>().data.id;
  });

  it('the officer lists their institution\'s claims (open ones first, oldest first), the administrator all, another institution none of them', async () => {
    const list = async (token: string, query = '') => {
      const res = await t.app.inject({ method: 'GET', url: `/v1/backoffice/claims${query}`, headers: bearer(token) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: Array<{ id: number; institution: string; status: string; citizen_name: string; created_at: string }>; counts: Record<string, number> }>();
    };
    const pgr = await list(staffTokens.pgr);
    expect(pgr.data.map((c) => c.institution)).toEqual(pgr.data.map(() => 'PGR'));
    expect(pgr.data.map((c) => c.id)).toContain(claimId);
    const open = pgr.data.filter((c) => c.status !== 'cerrado');
    expect(pgr.data.slice(0, open.length)).toEqual(open);
    expect(open.map((c) => c.created_at)).toEqual([...open.map((c) => c.created_at)].sort());
    const row = pgr.data.find((c) => c.id === claimId)!;
    expect(row.citizen_name).toMatch(/\S/);
    expect(JSON.stringify(pgr)).not.toContain(DEMO.cedula);
    expect(pgr.counts.abierto).toBeGreaterThanOrEqual(1);
    const onlyOpen = await list(staffTokens.pgr, '?status=abierto');
    expect(onlyOpen.data.every((c) => c.status === 'abierto')).toBe(true);
    const intrant = await list(staffTokens.intrant);
    expect(intrant.data.map((c) => c.id)).not.toContain(claimId);
    expect(intrant.data.map((c) => c.institution)).toEqual(intrant.data.map(() => 'INTRANT'));
    const admin = await list(staffTokens.admin);
    expect(new Set(admin.data.map((c) => c.institution))).toEqual(new Set(['PGR', 'INTRANT', 'VUF']));
    const bad = await t.app.inject({ method: 'GET', url: '/v1/backoffice/claims?status=perdido', headers: bearer(staffTokens.pgr) });
    expect([bad.statusCode, bad.json<{ message: string }>().message]).toEqual([400, 'Datos inválidos']);
  });

  it('another institution gets a 404 on every claim route and nothing changes; citizen tokens and anonymous callers get the back office\'s 401', async () => {
    const before = await snapshot();
    const calls = [
      { method: 'GET' as const, url: `/v1/backoffice/claims/${claimId}` },
      { method: 'POST' as const, url: `/v1/backoffice/claims/${claimId}/comments`, payload: { content: 'Respuesta ajena' } },
      { method: 'POST' as const, url: `/v1/backoffice/claims/${claimId}/status`, payload: { status: 'cerrado' } },
    ];
    for (const call of calls) {
      const res = await t.app.inject({ ...call, headers: bearer(staffTokens.intrant) });
      expect([res.statusCode, res.json()], call.url).toEqual([404, { message: 'Reclamo no encontrado' }]);
    }
    for (const call of [...calls, { method: 'GET' as const, url: '/v1/backoffice/claims' }]) {
      for (const headers of [bearer(tokenA), {}]) {
        const res = await t.app.inject({ ...call, headers });
        expect([res.statusCode, res.json()], call.url).toEqual([401, { message: 'Inicie sesión con su cuenta de la institución' }]);
      }
    }
    // A staff token opens no citizen claim route.
    const asCitizen = await t.app.inject({ method: 'GET', url: '/v1/portals/myclaims', headers: bearer(staffTokens.pgr) });
    expect(asCitizen.statusCode).toBe(401);
    expect(await snapshot()).toEqual(before);
  });

  it('the officer reads the claim (audited, no cédula), takes it, answers it (the citizen is notified) and the citizen reads the answer', async () => {
    await t.app.inject({ method: 'POST', url: '/v1/portals/claim-comment', payload: { claim_id: claimId, content: '¿Alguna novedad?' }, headers: bearer(tokenA) });
    const one = await t.app.inject({ method: 'GET', url: `/v1/backoffice/claims/${claimId}`, headers: bearer(staffTokens.pgr) });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({ data: { claim: { id: claimId, status: 'abierto', allowed_statuses: ['en_proceso', 'cerrado'], unread_comments: 0 }, comments: [{ author: 'ciudadano', content: '¿Alguna novedad?', read: true, staff_name: null }] } });
    expect(one.body).not.toContain(DEMO.cedula);
    const pgrId = (await t.app.db.query<{ id: number }>("SELECT id FROM staff WHERE institution = 'PGR'")).rows[0].id;

    const taken = await t.app.inject({ method: 'POST', url: `/v1/backoffice/claims/${claimId}/status`, payload: { status: 'en_proceso' }, headers: bearer(staffTokens.pgr) });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json()).toMatchObject({ data: { status: 'en_proceso', allowed_statuses: ['cerrado'] } });

    const mailbox = mailboxOf(t.app);
    const since = mailbox.received.length;
    const answer = await t.app.inject({ method: 'POST', url: `/v1/backoffice/claims/${claimId}/comments`, payload: { content: 'Su certificado fue emitido; puede descargarlo.' }, headers: bearer(staffTokens.pgr) });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json()).toMatchObject({ data: { author: 'institucion', staff_name: 'Oficial de la PGR', read: false } });
    const { rows: audit } = await t.app.db.query<{ action: string; staff_id: number }>('SELECT action, staff_id FROM audit_log WHERE claim_id = $1 ORDER BY id', [claimId]);
    expect(audit).toEqual([{ action: 'ver_reclamo', staff_id: pgrId }, { action: 'reclamo_tomar', staff_id: pgrId }, { action: 'responder_reclamo', staff_id: pgrId }]);
    const { rows: notes } = await t.app.db.query<{ kind: string; link: string; title: string }>('SELECT kind, link, title FROM notifications WHERE citizen_id = $1 ORDER BY id DESC LIMIT 1', [citizenA]);
    expect(notes[0]).toEqual({ kind: 'comentario', link: `/mis-reclamos?reclamo=${claimId}`, title: `Respuesta a su reclamo n.º ${claimId}` });
    // The e-mail, through the outbox (other claims' mails may arrive meanwhile).
    await expect.poll(() => mailbox.received.slice(since).some((m) => m.raw.includes(`PGR respondió su reclamo n.º ${claimId}.`)), { timeout: 10_000 }).toBe(true);

    // The citizen sees it unread in their list, then reads it (never who of the staff wrote it).
    const listed = (await t.app.inject({ method: 'GET', url: '/v1/portals/myclaims', headers: bearer(tokenA) })).json<{ data: Array<{ id: number; status: string; unread_comments: number }> }>().data.find((c) => c.id === claimId)!;
    expect(listed).toMatchObject({ status: 'respondido', unread_comments: 1 });
    const thread = await t.app.inject({ method: 'GET', url: `/v1/portals/claim-comment?claim_id=${claimId}`, headers: bearer(tokenA) });
    expect(thread.json()).toMatchObject({ data: { claim: { status: 'respondido', unread_comments: 0 }, comments: [{ author: 'ciudadano' }, { author: 'institucion', content: 'Su certificado fue emitido; puede descargarlo.' }] } });
    expect(thread.body).not.toContain('Oficial de la PGR');
    expect(thread.body).not.toContain('staff');
    // The institution sees the citizen read it.
    const again = await t.app.inject({ method: 'GET', url: `/v1/backoffice/claims/${claimId}`, headers: bearer(staffTokens.admin) });
    expect(again.json<{ data: { comments: Array<{ read: boolean }> } }>().data.comments[1].read).toBe(true);

    // The citizen replies: the claim is back in the institution's hands.
    await t.app.inject({ method: 'POST', url: '/v1/portals/claim-comment', payload: { claim_id: claimId, content: 'Gracias, ya lo descargué.' }, headers: bearer(tokenA) });
    expect((await t.app.db.query<{ status: string }>('SELECT status FROM claims WHERE id = $1', [claimId])).rows[0].status).toBe('en_proceso');
  });

  it('the claim\'s file: its institution and the administrator download it (audited), another institution and a claim without one get a 404', async () => {
    const filed = await fileClaim(tokenA, [
      ...fields({ request_id: String(requestA), issue_id: '3', description: 'Me cobraron dos veces; adjunto el recibo.' }),
      { name: 'file', value: SAMPLE_FILES.pdf, filename: 'recibo de pago.pdf', contentType: 'application/pdf' },
    ]);
    const id = filed.json<{ data: { id: number } }>().data.id;
    const url = `/v1/backoffice/claims/${id}/document`;
    const before = await count('audit_log WHERE claim_id = $1', [id]);
    const other = await t.app.inject({ method: 'GET', url, headers: bearer(staffTokens.intrant) });
    expect([other.statusCode, other.json()]).toEqual([404, { message: 'Documento no encontrado' }]);
    expect(await count('audit_log WHERE claim_id = $1', [id])).toBe(before);
    for (const token of [staffTokens.pgr, staffTokens.admin]) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(SAMPLE_FILES.pdf)).toBe(true);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="recibo de pago.pdf"; filename*=UTF-8''recibo%20de%20pago.pdf`);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    const { rows } = await t.app.db.query<{ action: string }>('SELECT action FROM audit_log WHERE claim_id = $1 ORDER BY id', [id]);
    expect(rows.map((r) => r.action)).toEqual(['descargar_documento_reclamo', 'descargar_documento_reclamo']);
    const none = await t.app.inject({ method: 'GET', url: `/v1/backoffice/claims/${claimId}/document`, headers: bearer(staffTokens.pgr) });
    expect(none.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url, headers: bearer(tokenA) })).statusCode).toBe(401);
  });

  it('a status the definition does not allow is a 409 in Spanish and nothing changes; closing notifies the citizen; a closed claim takes no answer', async () => {
    const before = await snapshot();
    for (const status of ['abierto', 'respondido', 'en_proceso']) {
      const res = await t.app.inject({ method: 'POST', url: `/v1/backoffice/claims/${claimId}/status`, payload: { status }, headers: bearer(staffTokens.pgr) });
      expect(res.statusCode, status).toBe(409);
      expect(res.json<{ message: string }>().message).toMatch(/^No se puede cambiar el reclamo de «En proceso» a «.+»\. Desde aquí solo puede pasar a «Cerrado»\.$/);
    }
    for (const payload of [{ status: 'perdido' }, {}, { content: '' }]) {
      const bad = await t.app.inject({ method: 'POST', url: `/v1/backoffice/claims/${claimId}/${'content' in payload ? 'comments' : 'status'}`, payload, headers: bearer(staffTokens.pgr) });
      expect([bad.statusCode, bad.json<{ message: string }>().message]).toEqual([400, 'Datos inválidos']);
    }
    expect(await snapshot()).toEqual(before);

    const closed = await t.app.inject({ method: 'POST', url: `/v1/backoffice/claims/${claimId}/status`, payload: { status: 'cerrado' }, headers: bearer(staffTokens.admin) });
    expect(closed.json()).toMatchObject({ data: { status: 'cerrado', allowed_statuses: [] } });
    const { rows } = await t.app.db.query<{ kind: string; title: string }>('SELECT kind, title FROM notifications WHERE citizen_id = $1 ORDER BY id DESC LIMIT 1', [citizenA]);
    expect(rows[0]).toEqual({ kind: 'cambio_estado', title: `Reclamo n.º ${claimId} cerrado` });
    const late = await t.app.inject({ method: 'POST', url: `/v1/backoffice/claims/${claimId}/comments`, payload: { content: 'Tarde' }, headers: bearer(staffTokens.pgr) });
    expect([late.statusCode, late.json()]).toEqual([409, { message: 'Este reclamo está cerrado: ya no admite comentarios' }]);
    const reopen = await t.app.inject({ method: 'POST', url: `/v1/backoffice/claims/${claimId}/status`, payload: { status: 'en_proceso' }, headers: bearer(staffTokens.pgr) });
    expect(reopen.json<{ message: string }>().message).toBe('No se puede cambiar el reclamo de «Cerrado» a «En proceso».');
  });
});
