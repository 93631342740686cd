/**
 * POST /v1/portals/error-reports (the ERROR_REPORT modal): anonymous or signed-in
 * reports, Spanish 400s, the per-address limit, paths stored without personal
 * data, and the operators' CLI that reads them.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteDb } from '../src/db/createPgliteDb';
import { migrate } from '../src/db/migrate';
import { ERROR_REPORTS_PER_HOUR } from '../src/routes/reports/errorReportRoutes';
import { insertErrorReport } from '../src/services/reports/errorReportStore';
import { buildTestApp, type TestApp } from './buildTestApp';
import { bearer, DEMO, login } from './helpers';

const URL_ = '/v1/portals/error-reports';
const DESCRIPTION = 'El botón "Siguiente" no responde en el paso de socios.';

let t: TestApp;
let nextAddress = 1;
/** Each test reports from an address of its own, so the per-address limit is only met where a test means to. */
const freshAddress = () => `10.77.0.${nextAddress++}`;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

function report(payload: unknown, headers: Record<string, string> = {}, remoteAddress = freshAddress()) {
  return t.app.inject({ method: 'POST', url: URL_, payload: payload as object, headers, remoteAddress });
}

async function storedRow(reference: string) {
  const { rows } = await t.app.db.query<Record<string, unknown>>('SELECT * FROM error_reports WHERE reference = $1', [reference]);
  return rows[0];
}

describe('POST /v1/portals/error-reports', () => {
  it('stores an anonymous report and answers 201 with a Spanish confirmation and a reference number', async () => {
    const res = await report({ description: DESCRIPTION, path: '/solicitudes/12/socios?dni=40229183641#paso', email: 'maria@example.com' });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<{ message: string; data: { reference: string } }>();
    expect(body.data.reference).toMatch(/^REP-\d{4}-\d{6}$/);
    expect(body.message).toBe(`Gracias por avisarnos. Recibimos su reporte con el número ${body.data.reference}; el equipo del portal lo revisará.`);
    expect(await storedRow(body.data.reference)).toMatchObject({
      description: DESCRIPTION,
      page_path: '/solicitudes/12/socios',
      contact_email: 'maria@example.com',
      citizen_id: null,
    });
  });

  it('gives every report its own reference', async () => {
    const a = (await report({ description: DESCRIPTION })).json().data.reference as string;
    const b = (await report({ description: DESCRIPTION })).json().data.reference as string;
    expect(Number(b.slice(-6))).toBe(Number(a.slice(-6)) + 1);
  });

  it('ties the report to the citizen when a session comes with it (bearer or cookie), never requires one', async () => {
    const token = await login(t.app, DEMO.cedula, DEMO.password);
    const me = (await t.app.inject({ method: 'GET', url: '/v1/portals/auth/citizens/me', headers: bearer(token) })).json().data.id as number;
    for (const headers of [bearer(token), { cookie: `token=${token}` }]) {
      const res = await report({ description: DESCRIPTION }, headers);
      expect(res.statusCode, res.body).toBe(201);
      expect((await storedRow(res.json().data.reference)).citizen_id).toBe(me);
    }
    // An unknown or expired session is not a 401: the report is stored as anonymous.
    const res = await report({ description: DESCRIPTION }, bearer('x'.repeat(43)));
    expect(res.statusCode, res.body).toBe(201);
    expect((await storedRow(res.json().data.reference)).citizen_id).toBeNull();
  });

  it('stores the page path without query, fragment or segments that identify a person', async () => {
    const cases: [string, string][] = [
      ['/perfil/402-2918364-1/editar', '/perfil/:oculto/editar'],
      ['/buscar/maria%40example.com', '/buscar/:oculto'],
      ['/servicios/registro-mercantil?correo=maria@example.com', '/servicios/registro-mercantil'],
    ];
    for (const [sent, stored] of cases) {
      const res = await report({ description: DESCRIPTION, path: sent });
      expect(res.statusCode, res.body).toBe(201);
      expect((await storedRow(res.json().data.reference)).page_path).toBe(stored);
    }
  });

  it('takes empty or null path and e-mail as not given', async () => {
    const res = await report({ description: DESCRIPTION, path: '', email: null });
    expect(res.statusCode, res.body).toBe(201);
    expect(await storedRow(res.json().data.reference)).toMatchObject({ page_path: null, contact_email: null });
  });

  it.each([
    [{}, 'description', 'Requerido'],
    [{ description: 'Muy corto' }, 'description', 'Debe tener al menos 10 caracteres'],
    [{ description: `   corto${' '.repeat(20)}` }, 'description', 'Debe tener al menos 10 caracteres'],
    [{ description: 'x'.repeat(2001) }, 'description', 'Debe tener como máximo 2000 caracteres'],
    [{ description: { texto: DESCRIPTION } }, 'description', 'Tipo de dato inválido'],
    [{ description: DESCRIPTION, path: `/${'a'.repeat(300)}` }, 'path', 'Debe tener como máximo 300 caracteres'],
    [{ description: DESCRIPTION, path: 'https://otro.example/pagina' }, 'path', 'La ruta debe empezar por "/" y no puede contener espacios ni caracteres de control'],
    [{ description: DESCRIPTION, path: '/a%ZZ' }, 'path', 'La ruta debe empezar por "/" y no puede contener espacios ni caracteres de control'],
    [{ description: DESCRIPTION, email: 'maria.example.com' }, 'email', 'Insertar un correo electrónico válido'],
    [{ description: DESCRIPTION, email: 'x'.repeat(250) + '@a.do' }, 'email', 'Debe tener como máximo 254 caracteres'],
  ])('refuses %j with a Spanish 400 on %s', async (payload, field, message) => {
    const before = (await t.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM error_reports')).rows[0].n;
    const res = await report(payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ message: 'Datos inválidos', errors: [{ path: field, message }] });
    expect((await t.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM error_reports')).rows[0].n).toBe(before);
  });

  it(`accepts ${ERROR_REPORTS_PER_HOUR} reports an hour from one address, then answers the Spanish 429`, async () => {
    const address = freshAddress();
    for (let i = 0; i < ERROR_REPORTS_PER_HOUR; i++) expect((await report({ description: DESCRIPTION }, {}, address)).statusCode).toBe(201);
    const refused = await report({ description: DESCRIPTION }, {}, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: 'Demasiados intentos, intente más tarde' });
    expect((await report({ description: DESCRIPTION }, {}, freshAddress())).statusCode).toBe(201);
  });

  it('has no HTTP route that reads reports back, and is described in the OpenAPI document', async () => {
    expect((await t.app.inject({ method: 'GET', url: URL_ })).statusCode).toBe(404);
    const doc = t.app.swagger() as unknown as { paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>> };
    const op = doc.paths['/v1/portals/error-reports'].post;
    expect(JSON.stringify(op.requestBody)).toContain('"maxLength":2000');
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['201', '400', '429']));
  });
});

describe('cli/listErrorReports', () => {
  const run = promisify(execFile);
  const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
  const cli = path.join(repoRoot, 'packages/server/src/cli/listErrorReports.ts');
  const tsx = path.join(repoRoot, 'node_modules/.bin/tsx');
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'portal-reports-'));
    const db = await createPgliteDb(path.join(dir, 'pglite'));
    try {
      await migrate(db);
      for (const n of [1, 2, 3]) {
        await insertErrorReport(db, { description: `Problema número ${n}\nsegunda línea`, pagePath: n === 3 ? '/inicio' : null, contactEmail: n === 3 ? 'ana@example.com' : null, citizenId: null });
      }
    } finally {
      await db.close();
    }
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  async function list(args: string[]) {
    try {
      const { stdout, stderr } = await run(tsx, [cli, ...args], { env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '' }, cwd: repoRoot });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const e = error as { code: number; stdout: string; stderr: string };
      return { code: e.code, stdout: e.stdout, stderr: e.stderr };
    }
  }

  it('prints the latest N reports, newest first, and explains its usage', async () => {
    const result = await list(['2']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Últimos 2 reportes de problemas');
    expect(result.stdout).toMatch(/REP-\d{4}-000003 .*anónimo\n {2}Página: \/inicio\n {2}Contacto: ana@example.com\n {2}\| Problema número 3\n {2}\| segunda línea/);
    expect(result.stdout).toContain('Problema número 2');
    expect(result.stdout).not.toContain('Problema número 1');
    expect(result.stdout.indexOf('número 3')).toBeLessThan(result.stdout.indexOf('número 2'));

    const usage = await list(['muchos']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Uso: listErrorReports [cantidad]');
  }, 60_000);
});
