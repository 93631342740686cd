import { readdir, readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrate';
import { ReferenceRowError } from '../src/db/insertReferenceRows';
import { toReferenceTable } from '../src/db/referenceTables';
import { replaceReferenceTable } from '../src/db/replaceReferenceTable';
import { refreshReferenceSearch } from '../src/db/refreshReferenceSearch';
import { seedReference } from '../src/db/seedReference';
import { buildTestApp, type TestApp } from './buildTestApp';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const count = async (table: string) => (await t.app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n;

describe('migrations', () => {
  it('records every numbered file once and is idempotent', async () => {
    const files = (await readdir(new URL('../src/db/migrations/', import.meta.url))).filter((f) => f.endsWith('.sql')).sort();
    const { rows } = await t.app.db.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version');
    expect(rows.map((r) => r.version)).toEqual(files.map((f) => f.replace(/\.sql$/, '')));
    expect(await migrate(t.app.db)).toEqual([]);
  });

  it('rolls back a failing migration entirely', async () => {
    const { mkdtemp, writeFile, rm } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const dir = await mkdtemp(`${tmpdir()}/portal-mig-`);
    await writeFile(`${dir}/900_broken.sql`, 'CREATE TABLE half_done (id int); SELECT * FROM no_such_table;');
    try {
      await expect(migrate(t.app.db, dir)).rejects.toThrow();
      const { rows } = await t.app.db.query(`SELECT 1 FROM schema_migrations WHERE version = '900_broken'`);
      expect(rows).toHaveLength(0);
      await expect(t.app.db.query('SELECT 1 FROM half_done')).rejects.toThrow();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('reference seeds', () => {
  it('loads every reference JSON file present', async () => {
    const dir = new URL('../src/db/reference/', import.meta.url);
    const files = await readdir(dir);
    const tables: Record<string, string> = {
      'provincias.json': 'provincias',
      'municipios.json': 'municipios',
      'sectores.json': 'sectores',
      'nacionalidades.json': 'nacionalidades',
      'actividades-ciiu.json': 'actividades_ciiu',
      'bancos.json': 'bancos',
    };
    for (const [file, table] of Object.entries(tables)) {
      if (!files.includes(file)) continue;
      const data = JSON.parse(await readFile(new URL(file, dir), 'utf8')) as unknown[];
      expect(await count(table), table).toBe(data.length);
    }
  });

  it('does not reload tables that already have rows', async () => {
    expect(await seedReference(t.app.db)).toEqual({});
  });

  it('replaces a table atomically and refuses bad rows without changing it', async () => {
    const before = await count('bancos');
    await expect(
      replaceReferenceTable(t.app.db, 'bancos', [{ id: 1, nombre: 'Banco A', tipo: 'banco_multiple' }, { id: 'x', nombre: 'B' }]),
    ).rejects.toBeInstanceOf(ReferenceRowError);
    expect(await count('bancos')).toBe(before);
    await expect(replaceReferenceTable(t.app.db, 'bancos', [{ id: 1, nombre: 'Banco A' }, { id: 1, nombre: 'Duplicado' }])).rejects.toThrow();
    expect(await count('bancos')).toBe(before);
    expect(await replaceReferenceTable(t.app.db, 'bancos', [{ id: 1, nombre: 'Banco A', tipo: 'banco_multiple' }, { id: 2, nombre: 'Banco B' }])).toBe(2);
    const res = await t.app.inject({ method: 'GET', url: '/v1/region/bancos' });
    expect(res.json()).toEqual({
      data: [
        { id: 1, nombre: 'Banco A', tipo: 'banco_multiple' },
        { id: 2, nombre: 'Banco B', tipo: null },
      ],
      page: 1,
      limit: 1000,
      total: 2,
    });
  });

  it('fills the CIIU search column when replacing, with the titles of the division and the section', async () => {
    await replaceReferenceTable(t.app.db, 'actividades_ciiu', [{ codigoCiiuDGII: '4711', descripcionCrm: 'Venta al por menor en COMERCIOS no especializados', seccion: 'G', division: '47' }]);
    const res = await t.app.inject({ method: 'GET', url: '/v1/region/actividades-ciiu?q=comercios' });
    expect(res.json().data).toEqual([
      {
        codigoCiiuDGII: '4711',
        descripcionCrm: 'Venta al por menor en COMERCIOS no especializados',
        seccion: 'G',
        division: '47',
        busqueda:
          '4711 venta al por menor en comercios no especializados comercio al por menor excepto el de vehiculos automotores y motocicletas ' +
          'comercio al por mayor y al por menor reparacion de vehiculos automotores y motocicletas',
      },
    ]);
  });

  it('rewrites search texts loaded before their rule changed, once, at start', async () => {
    await replaceReferenceTable(t.app.db, 'actividades_ciiu', [
      { codigoCiiuDGII: '4610', descripcionCrm: 'Venta al por mayor a cambio de una retribución o por contrata', seccion: 'G', division: '46' },
      { codigoCiiuDGII: '0111', descripcionCrm: 'Cultivo de cereales (excepto arroz)', seccion: 'A', division: '01' },
    ]);
    const busqueda = async () =>
      (await t.app.db.query<{ codigo: string; busqueda: string }>('SELECT codigo_ciiu_dgii AS codigo, busqueda FROM actividades_ciiu ORDER BY 1')).rows;
    const current = await busqueda();
    // As the loader wrote it before the titles joined: code and description only.
    await t.app.db.query(`UPDATE actividades_ciiu SET busqueda = '4610 venta al por mayor a cambio de una retribucion o por contrata' WHERE codigo_ciiu_dgii = '4610'`);
    expect(await refreshReferenceSearch(t.app.db)).toEqual({ actividades_ciiu: 1 });
    expect(await busqueda()).toEqual(current);
    expect(current.find((r) => r.codigo === '4610')?.busqueda).toContain('comercio al por mayor excepto el de vehiculos automotores');
    expect(current.find((r) => r.codigo === '0111')?.busqueda).toBe('0111 cultivo de cereales excepto arroz agricultura ganaderia caza y actividades de servicios conexas agricultura ganaderia silvicultura y pesca');
    // Up to date: nothing rewritten.
    expect(await refreshReferenceSearch(t.app.db)).toEqual({});
  });

  it('accepts table names as typed on the command line', () => {
    expect(toReferenceTable('actividades-ciiu')).toBe('actividades_ciiu');
    expect(toReferenceTable('Provincias')).toBe('provincias');
    expect(toReferenceTable('citizens')).toBeNull();
    expect(toReferenceTable('__proto__')).toBeNull();
  });
});
