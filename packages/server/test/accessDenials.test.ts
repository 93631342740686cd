/**
 * Issue 25 §1.8 (ASVS V16): a refused attempt leaves a trace of who tried.
 * The INTRANT officer's 404 on a PGR request is an audit row
 * («Acceso denegado») with the officer, and its log lines carry the staff
 * id; a citizen reading another citizen's request is logged with the
 * citizen's id (no audit row: the audit log is of staff); a session of the
 * wrong kind (401) is traced to its holder; a staff member's flood of
 * refusals is audited up to DENIAL_AUDIT_LIMIT a minute and logged whole.
 */
import { AUDIT_ACTION_LABELS } from '@portal/api-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_STAFF } from '../src/agencies/sandbox/sandboxData';
import { DENIAL_AUDIT_LIMIT } from '../src/plugins/app/registerAccessDenials';
import { buildTestApp, type TestApp } from './buildTestApp';
import { bearer, DEMO, login, register, staffLogin } from './helpers';

interface LogLine {
  msg: string;
  reqId?: string;
  staffId?: number;
  citizenId?: number;
  institution?: string | null;
  status?: number;
  route?: string;
  params?: Record<string, unknown>;
  auditado?: boolean;
  res?: { statusCode: number };
}

let t: TestApp;
const lines: string[] = [];
const logged = (): LogLine[] => lines.map((line) => JSON.parse(line) as LogLine);
const tokens = { citizenA: '', citizenB: '', intrant: '', pgr: '', inapa: '', admin: '' };
const staffIds = { intrant: 0, pgr: 0, inapa: 0 };
let citizenB = 0;
let request = 0;

const staffAccount = (institution: string | null) => SANDBOX_STAFF.find((s) => s.institution === institution)!;
const staffId = async (institution: string) =>
  (await t.app.db.query<{ id: number }>('SELECT id FROM staff WHERE email = $1', [staffAccount(institution).email])).rows[0].id;
const denials = async (id: number) =>
  (await t.app.db.query<{ staff_id: number; application_id: number | null; detail: Record<string, unknown> }>(
    "SELECT staff_id, application_id, detail FROM audit_log WHERE action = 'acceso_denegado' AND staff_id = $1 ORDER BY id",
    [id],
  )).rows;

beforeAll(async () => {
  t = await buildTestApp({ logLevel: 'info', rateLimitAllowList: ['127.0.0.1'] }, { logStream: { write: (line) => lines.push(line) } });
  tokens.citizenA = await login(t.app, DEMO.cedula, DEMO.password);
  citizenB = await register(t.app, '00104578232', 'Otra-Clave-2026');
  tokens.citizenB = await login(t.app, '00104578232', 'Otra-Clave-2026');
  tokens.intrant = await staffLogin(t.app, staffAccount('INTRANT'));
  tokens.pgr = await staffLogin(t.app, staffAccount('PGR'));
  tokens.inapa = await staffLogin(t.app, staffAccount('INAPA'));
  tokens.admin = await staffLogin(t.app, staffAccount(null));
  staffIds.intrant = await staffId('INTRANT');
  staffIds.pgr = await staffId('PGR');
  staffIds.inapa = await staffId('INAPA');
  // Citizen A's submitted request of a PGR service.
  const citizenA = (await t.app.db.query<{ id: number }>('SELECT id FROM citizens WHERE cedula = $1', [DEMO.cedula])).rows[0].id;
  request = (await t.app.db.query<{ id: number }>("INSERT INTO applications (citizen_id, form, data) VALUES ($1, 'certificado-no-antecedentes', '{}') RETURNING id", [citizenA])).rows[0].id;
  await t.app.db.query("UPDATE applications SET status = 'enviada', request_code = 'SOL-2026-800001', institution = 'PGR', submitted_at = now() WHERE id = $1", [request]);
});
afterAll(() => t.close());

describe('refusals leave a trace of who tried', () => {
  it('the INTRANT officer’s 404 on a PGR request is an audit row with the officer, and every log line of it carries the staff id', async () => {
    lines.length = 0;
    const res = await t.app.inject({ method: 'GET', url: `/v1/backoffice/requests/${request}`, headers: bearer(tokens.intrant) });
    expect(res.statusCode).toBe(404);
    const rows = await denials(staffIds.intrant);
    expect(rows).toHaveLength(1);
    expect(rows[0].detail).toMatchObject({ status: 404, request: `GET /v1/backoffice/requests/${request}`, route: '/v1/backoffice/requests/:id', params: { id: request } });
    const denial = logged().find((l) => l.msg === 'acceso denegado')!;
    expect(denial).toMatchObject({ staffId: staffIds.intrant, institution: 'INTRANT', status: 404, route: '/v1/backoffice/requests/:id', params: { id: request }, auditado: true });
    const completed = logged().find((l) => l.msg === 'request completed' && l.reqId === denial.reqId)!;
    expect(completed).toMatchObject({ staffId: staffIds.intrant, res: { statusCode: 404 } });
    // The administrator's audit page shows it with its Spanish words.
    const page = await t.app.inject({ method: 'GET', url: '/v1/backoffice/audit?action=acceso_denegado', headers: bearer(tokens.admin) });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json<{ data: { staff_id: number; action: string }[] }>().data).toContainEqual(expect.objectContaining({ staff_id: staffIds.intrant, action: 'acceso_denegado' }));
    expect(AUDIT_ACTION_LABELS.acceso_denegado).toBe('Acceso denegado');
  });

  it('the officer’s own institution’s request is no refusal: no row, and the log lines still carry the staff id', async () => {
    lines.length = 0;
    const res = await t.app.inject({ method: 'GET', url: `/v1/backoffice/requests/${request}`, headers: bearer(tokens.pgr) });
    expect(res.statusCode, res.body).toBe(200);
    expect(await denials(staffIds.pgr)).toEqual([]);
    expect(logged().find((l) => l.msg === 'request completed')).toMatchObject({ staffId: staffIds.pgr, institution: 'PGR' });
  });

  it('a citizen reading another citizen’s request is logged with the citizen’s id, and no audit row is written', async () => {
    lines.length = 0;
    const auditBefore = (await t.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log')).rows[0].n;
    const res = await t.app.inject({ method: 'GET', url: `/v1/portals/requests/${request}`, headers: bearer(tokens.citizenB) });
    expect(res.statusCode).toBe(404);
    const denial = logged().find((l) => l.msg === 'acceso denegado')!;
    expect(denial).toMatchObject({ citizenId: citizenB, status: 404, route: '/v1/portals/requests/:id', params: { id: request } });
    expect(logged().find((l) => l.msg === 'request completed' && l.reqId === denial.reqId)).toMatchObject({ citizenId: citizenB });
    expect((await t.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log')).rows[0].n).toBe(auditBefore);
  });

  it('a 403 is audited, and a session of the wrong kind (401) is traced to its holder', async () => {
    const forbidden = await t.app.inject({ method: 'GET', url: '/v1/backoffice/audit', headers: bearer(tokens.intrant) });
    expect(forbidden.statusCode).toBe(403);
    expect((await denials(staffIds.intrant)).at(-1)!.detail).toMatchObject({ status: 403, route: '/v1/backoffice/audit' });

    const staffOnCitizenRoute = await t.app.inject({ method: 'GET', url: `/v1/portals/requests/${request}`, headers: bearer(tokens.intrant) });
    expect(staffOnCitizenRoute.statusCode).toBe(401);
    expect((await denials(staffIds.intrant)).at(-1)!.detail).toMatchObject({ status: 401, route: '/v1/portals/requests/:id', params: { id: String(request) } });

    lines.length = 0;
    const citizenOnStaffRoute = await t.app.inject({ method: 'GET', url: `/v1/backoffice/requests/${request}`, headers: bearer(tokens.citizenB) });
    expect(citizenOnStaffRoute.statusCode).toBe(401);
    expect(logged().find((l) => l.msg === 'acceso denegado')).toMatchObject({ citizenId: citizenB, status: 401, route: '/v1/backoffice/requests/:id' });
  });

  it(`a flood of refusals: at most ${DENIAL_AUDIT_LIMIT} audit rows a minute per staff member, every one in the log`, async () => {
    lines.length = 0;
    const tries = DENIAL_AUDIT_LIMIT + 5;
    for (let i = 0; i < tries; i++) {
      const res = await t.app.inject({ method: 'GET', url: `/v1/backoffice/requests/${request}`, headers: bearer(tokens.inapa) });
      expect(res.statusCode).toBe(404);
    }
    expect(await denials(staffIds.inapa)).toHaveLength(DENIAL_AUDIT_LIMIT);
    const denied = logged().filter((l) => l.msg === 'acceso denegado' && l.staffId === staffIds.inapa);
    expect(denied).toHaveLength(tries);
    expect(denied.filter((l) => l.auditado === false)).toHaveLength(5);
  });
});
