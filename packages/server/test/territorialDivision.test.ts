/**
 * ONE's División Territorial 2020 as provincias, municipios and sectores
 * (db/reference/territorialDivision.ts, the seed files it wrote, the seed
 * merge of db/seedReference.ts and the indexed lists of routes/region/):
 * every municipio has its sectors, each ONE row is there once, names do not
 * repeat in a municipio, and the ids stored before stay valid.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteDb, MEMORY_TEMPLATE_ENV } from '../src/db/createPgliteDb';
import type { Db } from '../src/db/Db';
import { migrate } from '../src/db/migrate';
import {
  ONE_SECTOR_ID_BASE,
  parseOneDivision,
  readOneDivision,
  TerritorialDivisionError,
  territorialRows,
  type CurrentTerritorialRows,
} from '../src/db/reference/territorialDivision';
import { replaceReferenceTable } from '../src/db/replaceReferenceTable';
import { seedReference } from '../src/db/seedReference';
import { readProfile } from '../src/services/profile/profileStore';
import { normalizeText } from '../src/text/normalizeText';
import { buildTestApp, type TestApp } from './buildTestApp';

type Row = Record<string, unknown>;
const referenceDir = new URL('../src/db/reference/', import.meta.url);
const seed = (file: string) => JSON.parse(readFileSync(new URL(file, referenceDir), 'utf8')) as Row[];
/** The copy of ONE's files beside the repo (not on every machine: the tests that read it are skipped without it). */
const ONE_FOLDER = path.resolve(new URL('../../../../shared/data/division-territorial-2020/', import.meta.url).pathname);
const hasOneFolder = existsSync(path.join(ONE_FOLDER, 'neighborhoods.csv'));

// A small division in ONE's format: one province, a municipio the portal has and one it lacks.
const HEAD = 'id,geo_code,macro_region,region,province,municipality,municipal_district,section,neighborhood,sub_neighborhood,name';
const line = (id: number, [p, m, d, s, n]: [string, string, string, string, string], name: string) =>
  `${id},0101${p}${m}${d}${s}${n}00,01,01,${p},${m},${d},${s},${n},00,"${name}"`;
const SMALL = {
  provinces: [HEAD, line(1, ['01', '00', '00', '00', '000'], 'Distrito Nacional')].join('\n'),
  municipalities: [HEAD, line(2, ['01', '01', '00', '00', '000'], 'Santo Domingo '), line(3, ['01', '02', '00', '00', '000'], 'Nuevo  Municipio')].join('\n'),
  districts: [
    HEAD,
    line(4, ['01', '01', '01', '00', '000'], 'Santo Domingo'),
    line(5, ['01', '01', '02', '00', '000'], 'La Victoria  (DM)'),
    line(6, ['01', '02', '01', '00', '000'], 'Nuevo Municipio'),
  ].join('\n'),
  sections: [
    HEAD,
    line(7, ['01', '01', '01', '01', '000'], 'Santo Domingo (Zona urbana)'),
    line(8, ['01', '01', '01', '02', '000'], 'El Higüero'),
    line(9, ['01', '01', '02', '01', '000'], 'La Victoria (Zona urbana) '),
    line(10, ['01', '02', '01', '01', '000'], 'Nuevo Municipio (Zona urbana)'),
  ].join('\n'),
  neighborhoods: [
    HEAD,
    line(20, ['01', '01', '01', '01', '001'], 'Ensanche Naco'),
    line(21, ['01', '01', '01', '01', '002'], 'Villa Progreso'),
    line(22, ['01', '01', '01', '02', '001'], 'Villa Progreso'),
    line(23, ['01', '01', '02', '01', '001'], 'Villa Progreso'),
    line(24, ['01', '01', '01', '01', '003'], ' Los  Mina '),
    line(25, ['01', '01', '02', '01', '002'], 'Los Mina'),
    line(26, ['01', '02', '01', '01', '001'], 'Centro'),
  ].join('\n'),
};
const LEGACY: CurrentTerritorialRows = {
  provinces: [{ id: 1, nombreProvincia: 'Distrito Nacional', codigoProvinciaDGII: '01', paisId: 1 }],
  municipalities: [{ id: 101, provinciaId: 1, nombre: 'Santo Domingo de Guzmán', municipioDGII: '0101' }],
  sectors: [
    { id: 1, municipioId: 101, nombreSector: 'Naco' },
    { id: 2, municipioId: 101, nombreSector: 'Gazcue' },
    { id: 3, municipioId: 101, nombreSector: 'Los Mina' },
    { id: 4, municipioId: 101, nombreSector: 'Villa Progreso' },
  ],
};

describe('territorialRows (the conversion)', () => {
  const division = parseOneDivision(SMALL);
  const rows = territorialRows(division, LEGACY);

  it('keeps the portal ids and names, adds what ONE has, records every geo code', () => {
    expect(rows.provinces).toEqual([{ id: 1, nombreProvincia: 'Distrito Nacional', codigoProvinciaDGII: '01', paisId: 1, geoCode: '01010100000000000' }]);
    expect(rows.municipalities).toEqual([
      { id: 101, provinciaId: 1, nombre: 'Santo Domingo de Guzmán', municipioDGII: '0101', geoCode: '01010101000000000' },
      { id: 102, provinciaId: 1, nombre: 'Nuevo Municipio', municipioDGII: '0102', geoCode: '01010102000000000' },
    ]);
    expect(rows.stats.newMunicipalities).toEqual(['Nuevo Municipio (0102)']);
  });

  it('matches a legacy sector by name (a documented prefix aside), never when the name is ambiguous, and keeps the others', () => {
    expect(rows.sectors).toEqual([
      // «Naco» is ONE's «Ensanche Naco»: same id and name, ONE's code.
      { id: 1, municipioId: 101, nombreSector: 'Naco', geoCode: '01010101010100100' },
      // No ONE row, or more than one: kept as they were, without a code.
      { id: 2, municipioId: 101, nombreSector: 'Gazcue', geoCode: null },
      { id: 3, municipioId: 101, nombreSector: 'Los Mina', geoCode: null },
      { id: 4, municipioId: 101, nombreSector: 'Villa Progreso', geoCode: null },
      // Repeated names carry their municipal district, and their section when the district repeats too.
      { id: ONE_SECTOR_ID_BASE + 21, municipioId: 101, nombreSector: 'Villa Progreso (Santo Domingo, sección Zona urbana)', geoCode: '01010101010100200' },
      { id: ONE_SECTOR_ID_BASE + 22, municipioId: 101, nombreSector: 'Villa Progreso (Santo Domingo, sección El Higüero)', geoCode: '01010101010200100' },
      { id: ONE_SECTOR_ID_BASE + 23, municipioId: 101, nombreSector: 'Villa Progreso (D. M. La Victoria)', geoCode: '01010101020100100' },
      { id: ONE_SECTOR_ID_BASE + 24, municipioId: 101, nombreSector: 'Los Mina (Santo Domingo)', geoCode: '01010101010100300' },
      { id: ONE_SECTOR_ID_BASE + 25, municipioId: 101, nombreSector: 'Los Mina (D. M. La Victoria)', geoCode: '01010101020100200' },
      { id: ONE_SECTOR_ID_BASE + 26, municipioId: 102, nombreSector: 'Centro', geoCode: '01010102010100100' },
    ]);
    expect(rows.stats).toMatchObject({ matchedSectors: 1, newSectors: 6, minSectorsPerMunicipality: { municipioId: 102, count: 1 }, maxSectorsPerMunicipality: { municipioId: 101, count: 9 } });
    expect(rows.stats.unmatchedSectors.map((s) => s.name)).toEqual(['Gazcue', 'Los Mina', 'Villa Progreso']);
  });

  it('gives the same rows when run again on its own result (re-imports keep every id)', () => {
    const again = territorialRows(division, { provinces: rows.provinces, municipalities: rows.municipalities, sectors: rows.sectors });
    expect(again.provinces).toEqual(rows.provinces);
    expect(again.municipalities).toEqual(rows.municipalities);
    expect(again.sectors).toEqual(rows.sectors);
  });

  it('refuses garbled files, naming the file and the line', () => {
    const wrong = (key: keyof typeof SMALL, text: string) => () => parseOneDivision({ ...SMALL, [key]: text });
    expect(wrong('neighborhoods', SMALL.neighborhoods.replace('"Centro"', '')), 'sin nombre').toThrow(/neighborhoods\.csv, línea 8: falta el nombre/);
    expect(wrong('neighborhoods', `${SMALL.neighborhoods}\n${line(27, ['01', '03', '01', '01', '001'], 'Huérfano')}`)).toThrow(/no tiene sección/);
    expect(wrong('sections', SMALL.sections.replace('01010101020100000,01,01,01,01,02,01', '01010101020100000,01,01,01,01,02,02'))).toThrow(/sections\.csv, línea 4: la columna section/);
    expect(wrong('provinces', 'id;nombre\n1;Distrito Nacional')).toThrow(/provinces\.csv, línea 1: faltan las columnas/);
    expect(wrong('municipalities', HEAD)).toThrow(/municipalities\.csv: el archivo no tiene filas/);
    expect(wrong('districts', SMALL.provinces)).toThrow(/municipal_districts\.csv, línea 2: la fila no es del nivel/);
    expect(wrong('neighborhoods', `${SMALL.neighborhoods}\n${line(20, ['01', '02', '01', '01', '002'], 'Otro')}`)).toThrow(/id 20 repetido/);
    expect(wrong('neighborhoods', SMALL.neighborhoods.replace('"Centro"', '"Centro'))).toThrow(TerritorialDivisionError);
  });

  it('refuses a folder with a file missing', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'portal-one-'));
    try {
      await writeFile(path.join(dir, 'provinces.csv'), SMALL.provinces);
      await expect(readOneDivision(dir)).rejects.toThrow(/Falta el archivo .*municipalities\.csv/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe.runIf(hasOneFolder)('the seed files against ONE\'s copy beside the repo', () => {
  it('are what the conversion gives (run again on the seed files it wrote)', async () => {
    const rows = territorialRows(await readOneDivision(ONE_FOLDER), {
      provinces: seed('provincias.json'),
      municipalities: seed('municipios.json'),
      sectors: seed('sectores.json'),
    });
    const withoutNulls = (list: Row[]) => list.map((r) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== null)));
    expect(withoutNulls(rows.provinces)).toEqual(seed('provincias.json'));
    expect(withoutNulls(rows.municipalities)).toEqual(seed('municipios.json'));
    expect(withoutNulls(rows.sectors)).toEqual(seed('sectores.json'));
  });

  it('hold each barrio and paraje of neighborhoods.csv exactly once', async () => {
    const division = await readOneDivision(ONE_FOLDER);
    const codes = seed('sectores.json').flatMap((s) => (typeof s.geoCode === 'string' ? [s.geoCode] : []));
    expect(codes.length).toBe(division.neighborhoods.length);
    expect([...codes].sort()).toEqual(division.neighborhoods.map((n) => n.geoCode).sort());
    expect(seed('municipios.json').map((m) => m.geoCode).sort()).toEqual(division.municipalities.map((m) => m.geoCode).sort());
    expect(seed('provincias.json').map((p) => p.geoCode).sort()).toEqual(division.provinces.map((p) => p.geoCode).sort());
  });
});

describe('the region lists with the whole country', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { data: Row[]; total: number };
  };
  const sectorsOf = (municipioId: unknown) => get(`/v1/region/sectores?limit=500&page=1&municipioId=${String(municipioId)}`);

  it('has 158 municipios, San Víctor among those of Espaillat', async () => {
    expect((await get('/v1/region/municipios?limit=1000&page=1')).total).toBe(158);
    const espaillat = await get('/v1/region/municipios?limit=100&page=1&provinciaId=9');
    expect(espaillat.data).toContainEqual({ id: 905, provinciaId: 9, nombre: 'San Víctor', municipioDGII: '0905', geoCode: '01010905000000000' });
  });

  it('gives every municipio its sectors, all in the page the forms ask for (limit=500), no name twice', async () => {
    const municipios = (await get('/v1/region/municipios?limit=1000&page=1')).data;
    let largest = { id: 0, total: 0 };
    for (const m of municipios) {
      const { data, total } = await sectorsOf(m.id);
      expect(total, `municipio ${String(m.id)} ${String(m.nombre)}`).toBeGreaterThan(0);
      expect(data.length, `municipio ${String(m.id)}: más de 500 sectores`).toBe(total);
      const names = data.map((s) => normalizeText(String(s.nombreSector)));
      expect(new Set(names).size, `nombres repetidos en el municipio ${String(m.id)}`).toBe(names.length);
      if (total > largest.total) largest = { id: m.id as number, total };
    }
    expect(largest).toEqual({ id: 2505, total: 387 });
    const constanza = await sectorsOf(1302);
    expect(constanza.total).toBeGreaterThan(50);
    for (const s of constanza.data) expect(s).toMatchObject({ municipioId: 1302, geoCode: expect.stringMatching(/^01021302\d{9}$/) });
  });

  it('answers a municipio from the index exactly as the table would (order, columns)', async () => {
    for (const municipioId of [101, 2505, 905, 999_999]) {
      const { rows } = await t.app.db.query<Row>(
        'SELECT id, municipio_id AS "municipioId", nombre_sector AS "nombreSector", geo_code AS "geoCode" FROM sectores WHERE municipio_id = $1 ORDER BY nombre_sector, id',
        [municipioId],
      );
      const answer = await get(`/v1/region/sectores?limit=1000&page=1&municipioId=${municipioId}`);
      expect(answer.data).toEqual(rows);
      expect(answer.total).toBe(rows.length);
    }
  });

  it('writes a list answered whole (its body kept) exactly as a page of it', async () => {
    const inject = (query: string) => t.app.inject({ method: 'GET', url: `/v1/region/sectores?${query}` });
    const whole = await inject('limit=10&page=1&municipioId=1005');
    const first = await inject('limit=9&page=1&municipioId=1005');
    const second = await inject('limit=9&page=2&municipioId=1005');
    expect(whole.json().total).toBe(10);
    expect(whole.headers['content-type']).toBe(first.headers['content-type']);
    expect(whole.headers['cache-control']).toBe(first.headers['cache-control']);
    for (const res of [whole, first, second]) expect(res.body).toBe(JSON.stringify(res.json()));
    expect(whole.json().data).toEqual([...first.json().data, ...second.json().data]);
    // The same answer again (the kept body), and for another limit (made anew).
    expect((await inject('limit=10&page=1&municipioId=1005')).body).toBe(whole.body);
    expect((await inject('limit=500&page=1&municipioId=1005')).json()).toEqual({ ...whole.json(), limit: 500 });
    expect((await inject('limit=10&page=1&municipioId=1005')).body).toBe(whole.body);
  });

  it('keeps every sector id of the earlier lists, with its name', async () => {
    const legacy = seed('sectores.json').filter((s) => (s.id as number) < ONE_SECTOR_ID_BASE);
    expect(legacy).toHaveLength(245);
    const { rows } = await t.app.db.query<Row>('SELECT id, municipio_id AS "municipioId", nombre_sector AS "nombreSector" FROM sectores WHERE id < $1 ORDER BY id', [ONE_SECTOR_ID_BASE]);
    expect(rows).toEqual(legacy.map(({ id, municipioId, nombreSector }) => ({ id, municipioId, nombreSector })));
    expect(rows.map((r) => r.id)).toEqual(Array.from({ length: 245 }, (_, i) => i + 1));
    const dn = (await sectorsOf(101)).data;
    expect(dn).toContainEqual({ id: 4, municipioId: 101, nombreSector: 'Gazcue', geoCode: null });
    expect(dn).toContainEqual(expect.objectContaining({ id: 1, nombreSector: 'Ciudad Colonial', geoCode: expect.stringMatching(/^\d{17}$/) }));
  });
});

describe('a database seeded before the territorial division (seed merge at start)', () => {
  let db: Db;
  let oldDir: string;
  let t: TestApp | null = null;
  let citizenId = 0;

  beforeAll(async () => {
    // The seed files as they were: the rows below ONE's ids, without codes, and no San Víctor.
    oldDir = await mkdtemp(path.join(tmpdir(), 'portal-old-seeds-'));
    const old = (rows: Row[]) => JSON.stringify(rows.map((r) => Object.fromEntries(Object.entries(r).filter(([key]) => key !== 'geoCode'))));
    await mkdir(oldDir, { recursive: true });
    await writeFile(path.join(oldDir, 'provincias.json'), old(seed('provincias.json')));
    await writeFile(path.join(oldDir, 'municipios.json'), old(seed('municipios.json').filter((m) => m.id !== 905)));
    await writeFile(path.join(oldDir, 'sectores.json'), old(seed('sectores.json').filter((s) => (s.id as number) < ONE_SECTOR_ID_BASE)));
    // A database of its own, not the run's template (which has the new seeds).
    const template = process.env[MEMORY_TEMPLATE_ENV];
    delete process.env[MEMORY_TEMPLATE_ENV];
    try {
      db = await createPgliteDb('memory://');
    } finally {
      if (template !== undefined) process.env[MEMORY_TEMPLATE_ENV] = template;
    }
    await migrate(db);
    expect(await seedReference(db, oldDir)).toEqual({ provincias: 32, municipios: 157, sectores: 245 });
    // As before migration 024 for sectores (nothing recorded), seeded from version 1 for municipios,
    // and provincias replaced by an operator's import.
    await db.query(`DELETE FROM reference_seeds WHERE table_name = 'sectores'`);
    await db.query(`UPDATE reference_seeds SET version = 1 WHERE table_name = 'municipios'`);
    await replaceReferenceTable(db, 'provincias', [{ id: 1, nombreProvincia: 'Distrito Nacional (importada)', codigoProvinciaDGII: '01', paisId: 1 }]);
    // A profile that stored a sector of the old list (Gazcue, no ONE row).
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO citizens (cedula, email, password_hash, nombres, apellidos) VALUES ('00100000001', 'perfil@example.com', 'x', 'Ana', 'Pérez') RETURNING id`,
    );
    citizenId = rows[0].id;
    await db.query('INSERT INTO citizen_profiles (citizen_id, provincia, municipio, sector) VALUES ($1, 1, 101, 4)', [citizenId]);
    // The start: migrations, then the seeds of this version.
    t = await buildTestApp({}, { db });
  });
  afterAll(async () => {
    await t?.close();
    await db.close();
    await rm(oldDir, { recursive: true, force: true });
  });

  const count = async (sql: string) => (await db.query<{ n: number }>(sql)).rows[0].n;

  it('merges the new seed rows into the tables seeded from the old ones, deleting none', async () => {
    expect(await count('SELECT count(*)::int AS n FROM sectores')).toBe(seed('sectores.json').length);
    expect(await count('SELECT count(*)::int AS n FROM sectores WHERE geo_code IS NOT NULL')).toBe(12_675);
    expect(await count('SELECT count(*)::int AS n FROM municipios')).toBe(158);
    expect(await count(`SELECT count(*)::int AS n FROM sectores WHERE municipio_id = 1302`)).toBeGreaterThan(50);
    const { rows } = await db.query('SELECT table_name, version, source FROM reference_seeds WHERE table_name IN ($1, $2, $3) ORDER BY table_name', ['municipios', 'provincias', 'sectores']);
    expect(rows).toEqual([
      { table_name: 'municipios', version: 2, source: 'seed' },
      { table_name: 'provincias', version: 2, source: 'import' },
      { table_name: 'sectores', version: 2, source: 'seed' },
    ]);
  });

  it('leaves a table replaced by an import alone', async () => {
    const { rows } = await db.query('SELECT id, nombre_provincia, geo_code FROM provincias');
    expect(rows).toEqual([{ id: 1, nombre_provincia: 'Distrito Nacional (importada)', geo_code: null }]);
  });

  it('keeps the stored sector id valid: the profile reads its name and the form still offers it', async () => {
    expect(await readProfile(db, citizenId)).toMatchObject({ municipio: 101, sector: 4, municipio_nombre: 'Santo Domingo de Guzmán', sector_nombre: 'Gazcue' });
    const res = await t!.app.inject({ method: 'GET', url: '/v1/region/sectores?limit=500&page=1&municipioId=101' });
    expect(res.json().data).toContainEqual({ id: 4, municipioId: 101, nombreSector: 'Gazcue', geoCode: null });
  });

  it('does nothing on the next start', async () => {
    expect(await seedReference(db)).toEqual({});
  });

  it('takes a table whose rows the seeds never had for an import', async () => {
    await db.query(`DELETE FROM reference_seeds WHERE table_name = 'municipios'`);
    await db.query(`UPDATE municipios SET nombre = 'Otro nombre' WHERE id = 101`);
    await db.query(`UPDATE reference_seeds SET version = 1 WHERE table_name = 'sectores'`);
    await db.query(`DELETE FROM sectores WHERE id >= $1`, [ONE_SECTOR_ID_BASE]);
    // sectores (recorded as seeded from version 1) is merged again; municipios (unrecorded, changed) is not.
    expect(await seedReference(db)).toEqual({ sectores: seed('sectores.json').length });
    expect((await db.query(`SELECT source FROM reference_seeds WHERE table_name = 'municipios'`)).rows).toEqual([{ source: 'import' }]);
    expect(await count(`SELECT count(*)::int AS n FROM municipios WHERE nombre = 'Otro nombre'`)).toBe(1);
  });
});
