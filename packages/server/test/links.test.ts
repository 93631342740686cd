/** Links of interest (issue 10 §4): public, from the reference table, replaced by the reference import. */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteDb } from '../src/db/createPgliteDb';
import { parseReferenceCsv } from '../src/db/reference/parseReferenceCsv';
import { replaceReferenceTable } from '../src/db/replaceReferenceTable';
import { toReferenceTable } from '../src/db/referenceTables';
import { buildTestApp, type TestApp } from './buildTestApp';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const URL_ = '/v1/portals/links/interests';

describe('GET /v1/portals/links/interests', () => {
  it('serves the official links without a session, in order, cacheable', async () => {
    const res = await t.app.inject({ method: 'GET', url: URL_ });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=600');
    const { data } = res.json<{ data: { id: number; titulo: string; institucion: string; descripcion: string; url: string }[] }>();
    expect(data.length).toBeGreaterThanOrEqual(10);
    expect(data.map((l) => l.id)).toEqual([...data.map((l) => l.id)].sort((a, b) => a - b));
    for (const link of data) {
      expect(new URL(link.url).protocol, link.titulo).toBe('https:');
      expect(link.titulo.length).toBeGreaterThan(3);
      expect(link.descripcion.length).toBeGreaterThan(10);
    }
    const hosts = data.map((l) => new URL(l.url).hostname);
    for (const host of ['www.gob.do', 'jce.gob.do', 'dgii.gov.do', 'www.onapi.gob.do', 'www.camarasantodomingo.do', 'micm.gob.do', 'www.tss.gob.do', 'pgr.gob.do', 'pasaportes.gob.do', 'intrant.gob.do']) {
      expect(hosts).toContain(host);
    }
  });

  it('reflects an import of the enlaces-interes table (CSV as the import command reads it), and a bad one changes nothing', async () => {
    const table = toReferenceTable('enlaces-interes');
    expect(table).toBe('enlaces_interes');
    const csv = 'id;título;institución;descripción;url\n2;Portal Ciudadano;Gobierno;"Trámites en línea; sin filas";https://www.gob.do/\n1;JCE;Junta Central Electoral;Cédula y actas del estado civil;https://jce.gob.do/\n';
    expect(await replaceReferenceTable(t.app.db, table!, parseReferenceCsv('enlaces-interes', csv))).toBe(2);
    const res = await t.app.inject({ method: 'GET', url: URL_ });
    expect(res.json().data).toEqual([
      { id: 1, titulo: 'JCE', institucion: 'Junta Central Electoral', descripcion: 'Cédula y actas del estado civil', url: 'https://jce.gob.do/' },
      { id: 2, titulo: 'Portal Ciudadano', institucion: 'Gobierno', descripcion: 'Trámites en línea; sin filas', url: 'https://www.gob.do/' },
    ]);

    // A link that is not https is refused by the table: the import rolls back whole.
    const bad = 'id,titulo,institucion,descripcion,url\n1,Uno,Inst,Descripción,https://uno.gob.do/\n2,Dos,Inst,Descripción,http://dos.gob.do/\n';
    await expect(replaceReferenceTable(t.app.db, table!, parseReferenceCsv('enlaces-interes', bad))).rejects.toThrow();
    const missing = 'id,titulo,url\n1,Uno,https://uno.gob.do/\n';
    expect(() => parseReferenceCsv('enlaces-interes', missing)).toThrow(/faltan columnas obligatorias.*institucion, descripcion/);
    expect((await t.app.inject({ method: 'GET', url: URL_ })).json().data).toHaveLength(2);
  });
});

describe('importReference enlaces-interes (the command an operator runs)', () => {
  it('replaces the links a server on that data folder then serves', async () => {
    const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
    const dir = await mkdtemp(path.join(tmpdir(), 'portal-links-'));
    try {
      const csv = path.join(dir, 'enlaces.csv');
      await writeFile(csv, 'id,titulo,institucion,descripcion,url\n1,Oficina Virtual DGII,Dirección General de Impuestos Internos,Declaraciones y pagos,https://dgii.gov.do/\n');
      const { stdout } = await promisify(execFile)(path.join(repoRoot, 'node_modules/.bin/tsx'), [path.join(repoRoot, 'packages/server/src/cli/importReference.ts'), 'enlaces-interes', csv], {
        env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '' },
        cwd: repoRoot,
      });
      expect(stdout).toContain('Tabla enlaces_interes reemplazada: 1 filas.');
      const db = await createPgliteDb(path.join(dir, 'pglite'));
      const served = await buildTestApp({}, { db });
      try {
        const res = await served.app.inject({ method: 'GET', url: URL_ });
        expect(res.json().data).toEqual([
          { id: 1, titulo: 'Oficina Virtual DGII', institucion: 'Dirección General de Impuestos Internos', descripcion: 'Declaraciones y pagos', url: 'https://dgii.gov.do/' },
        ]);
      } finally {
        await served.close();
        await db.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
