import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteDb } from '../src/db/createPgliteDb';

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const cli = path.join(repoRoot, 'packages/server/src/cli/importReference.ts');
const tsx = path.join(repoRoot, 'node_modules/.bin/tsx');
/** ONE's División Territorial 2020 beside the repo (the test that imports it is skipped without it). */
const ONE_FOLDER = path.resolve(repoRoot, '../shared/data/division-territorial-2020');

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'portal-import-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Runs the CLI on a throwaway PGlite folder (the PostgreSQL path is the same code via createDb). */
async function importCsv(args: string[]) {
  try {
    const { stdout, stderr } = await run(tsx, [cli, ...args], { env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '' }, cwd: repoRoot });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('cli/importReference', () => {
  it('replaces a table from a CSV in one transaction', async () => {
    const csv = path.join(dir, 'bancos.csv');
    await writeFile(csv, 'id;nombre;tipo\n1;Banco Uno;banco_multiple\n2;"Cooperativa ""Dos""";cooperativa\n');
    const result = await importCsv(['bancos', csv]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Tabla bancos reemplazada: 2 filas.');
    const db = await createPgliteDb(path.join(dir, 'pglite'));
    try {
      const { rows } = await db.query('SELECT id, nombre, tipo FROM bancos ORDER BY id');
      expect(rows).toEqual([
        { id: 1, nombre: 'Banco Uno', tipo: 'banco_multiple' },
        { id: 2, nombre: 'Cooperativa "Dos"', tipo: 'cooperativa' },
      ]);
    } finally {
      await db.close();
    }
  });

  it('refuses a territorial division folder with a garbled file, changing nothing', async () => {
    const folder = path.join(dir, 'division-rota');
    await mkdir(folder, { recursive: true });
    const head = 'id,geo_code,macro_region,region,province,municipality,municipal_district,section,neighborhood,sub_neighborhood,name';
    for (const file of ['provinces', 'municipalities', 'municipal_districts', 'sections']) await writeFile(path.join(folder, `${file}.csv`), `${head}\n`);
    await writeFile(path.join(folder, 'provinces.csv'), `${head}\n1,01010100000000000,01,01,01,00,00,00,000,00,Distrito Nacional\n`);
    const result = await importCsv(['division-territorial', folder]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Falta el archivo');
    expect(result.stderr).toContain('No se cambió nada.');
    await writeFile(path.join(folder, 'neighborhoods.csv'), `${head}\n`);
    const empty = await importCsv(['division-territorial', folder]);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('municipalities.csv: el archivo no tiene filas.');
  });

  it.runIf(existsSync(path.join(ONE_FOLDER, 'neighborhoods.csv')))(
    'imports ONE\'s territorial division into provincias, municipios and sectores, the same rows as the seed files',
    async () => {
      const result = await importCsv(['division-territorial', ONE_FOLDER]);
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('División territorial importada: 32 provincias, 158 municipios, 12779 sectores.');
      // The tables were empty: the import starts from the seed files' ids, written from this very copy, so nothing is new.
      expect(result.stdout).toContain('Municipios nuevos: ninguno.');
      expect(result.stdout).toContain('Sectores anteriores con código de la ONE: 141; conservados sin código: 104; barrios y parajes nuevos: 0.');
      const seed = (file: string) => JSON.parse(readFileSync(path.join(repoRoot, 'packages/server/src/db/reference', file), 'utf8')) as Record<string, unknown>[];
      const db = await createPgliteDb(path.join(dir, 'pglite'));
      try {
        const { rows } = await db.query('SELECT id, municipio_id AS "municipioId", nombre_sector AS "nombreSector", geo_code AS "geoCode" FROM sectores ORDER BY id');
        expect(rows.map((r) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== null)))).toEqual(seed('sectores.json'));
        const recorded = await db.query('SELECT table_name, source FROM reference_seeds ORDER BY table_name');
        expect(recorded.rows).toEqual(expect.arrayContaining([{ table_name: 'sectores', source: 'import' }, { table_name: 'municipios', source: 'import' }]));
      } finally {
        await db.close();
      }
    },
    60_000,
  );

  it('explains its usage and refuses unknown tables', async () => {
    const result = await importCsv(['citizens', 'x.csv']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Uso: importReference <tabla> <archivo.csv>');
  });
});
