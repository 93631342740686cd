/**
 * One descriptor per reference table (db/referenceTables.ts): it agrees with
 * the table the migrations make (the migrations are the authority for the
 * shape), it is consistent in itself, and no other source file keeps a list
 * of the reference tables beside it.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  referenceTables,
  referenceTablesIn,
  toReferenceTable,
  type ReferenceColumnType,
} from '../src/db/referenceTables';
import { CATALOGUE_TABLES } from '../src/services/referenceNotifications';
import { buildTestApp, type TestApp } from './buildTestApp';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const serverSrc = fileURLToPath(new URL('../src/', import.meta.url));

/** information_schema's data_type of each descriptor type. */
const SQL_TYPES: Record<ReferenceColumnType, string> = { integer: 'integer', text: 'text', numeric: 'numeric', json: 'jsonb' };

interface SqlColumn {
  column_name: string;
  data_type: string;
  is_nullable: 'YES' | 'NO';
  is_generated: 'ALWAYS' | 'NEVER';
}

describe('descriptors against the migrated tables', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const columnsOf = async (table: string) =>
    (
      await t.app.db.query<SqlColumn>(
        `SELECT column_name, data_type, is_nullable, is_generated FROM information_schema.columns
          WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position`,
        [table],
      )
    ).rows;

  it.each(referenceTables().map((d) => [d.table, d] as const))('%s: same columns, types and nullability', async (_, descriptor) => {
    const actual = await columnsOf(descriptor.table);
    expect(actual.length, `la tabla ${descriptor.table} no existe en la base migrada`).toBeGreaterThan(0);
    const byName = new Map(actual.map((c) => [c.column_name, c]));

    // Every column of the table is a descriptor column, the loader's search column or one the database generates.
    const described = [...descriptor.columns.map((c) => c.column), ...(descriptor.search ? ['busqueda'] : []), ...(descriptor.generated ?? [])];
    expect([...byName.keys()].sort()).toEqual([...described].sort());

    for (const c of descriptor.columns) {
      const sql = byName.get(c.column)!;
      expect({ type: sql.data_type, notNull: sql.is_nullable === 'NO', generated: sql.is_generated }, `${descriptor.table}.${c.column}`).toEqual({
        type: SQL_TYPES[c.type],
        notNull: c.required,
        generated: 'NEVER',
      });
    }
    if (descriptor.search) {
      expect(byName.get('busqueda'), `${descriptor.table}.busqueda`).toMatchObject({ data_type: 'text', is_generated: 'NEVER' });
    }
    for (const column of descriptor.generated ?? []) {
      expect(byName.get(column)?.is_generated, `${descriptor.table}.${column}`).toBe('ALWAYS');
    }
  });

  it.each(referenceTables().map((d) => [d.table, d] as const))('%s: the first column is the primary key (the seed merge upserts by it)', async (_, descriptor) => {
    const { rows } = await t.app.db.query<{ column_name: string }>(
      `SELECT k.column_name FROM information_schema.table_constraints c
         JOIN information_schema.key_column_usage k ON k.constraint_name = c.constraint_name AND k.table_schema = c.table_schema
        WHERE c.table_schema = current_schema() AND c.table_name = $1 AND c.constraint_type = 'PRIMARY KEY'`,
      [descriptor.table],
    );
    expect(rows.map((r) => r.column_name)).toEqual([descriptor.columns[0].column]);
  });
});

describe('descriptors in themselves', () => {
  it.each(referenceTables().map((d) => [d.table, d] as const))('%s: keys, list and seed file are consistent', (_, descriptor) => {
    const keys = descriptor.columns.map((c) => c.key);
    const columns = descriptor.columns.map((c) => c.column);
    expect(new Set(keys).size, 'claves repetidas').toBe(keys.length);
    expect(new Set(columns).size, 'columnas repetidas').toBe(columns.length);
    for (const generated of descriptor.generated ?? []) expect(columns).not.toContain(generated);
    expect(existsSync(path.join(serverSrc, 'db/reference', descriptor.file)), descriptor.file).toBe(true);

    // Both spellings reach the table; the list's path is the import name.
    expect(toReferenceTable(descriptor.name)).toBe(descriptor.table);
    expect(toReferenceTable(descriptor.table)).toBe(descriptor.table);

    const { list } = descriptor;
    if (!list) return;
    for (const key of list.orderBy) expect(keys, `orderBy ${key}`).toContain(key);
    for (const key of list.filters ?? []) {
      expect(descriptor.columns.find((c) => c.key === key)?.type, `filtro ${key}`).toBe('integer');
    }
    if (list.search) expect(descriptor.search, 'una lista con ?q= necesita la columna busqueda').toBeDefined();
  });

  it('gives every table one import name and one SQL name, all different', () => {
    const spellings = referenceTables().flatMap((d) => [...new Set([d.table, d.name.replace(/-/g, '_')])]);
    expect(new Set(spellings).size).toBe(spellings.length);
  });
});

/** Every spelling of every reference table. */
const NAMES = [...new Set(referenceTables().flatMap((d) => [d.table, d.name]))];
const ALTERNATIVES = NAMES.map((n) => n.replace(/[-_]/g, '[-_]')).join('|');
/** A table name as a string literal ('provincias', "actividades-ciiu"), as in an array or a union. */
const LITERAL = new RegExp(`(['"\`])(${ALTERNATIVES})\\1`, 'g');
/** A table name as an object key (`provincias: {`, `'actividades-ciiu': [`). */
const KEY = new RegExp(`(?:^|[{,(\\s])(['"]?)(${ALTERNATIVES})\\1\\s*\\??:(?!:)`, 'gm');

/** The reference tables a source text names as literals or keys (SQL names, either spelling). */
function tablesNamedIn(source: string): string[] {
  const found = new Set<string>();
  for (const match of [...source.matchAll(LITERAL), ...source.matchAll(KEY)]) found.add(toReferenceTable(match[2]) ?? match[2]);
  return [...found].sort();
}

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir)) {
    const file = path.join(dir, entry);
    if (entry === 'node_modules') continue;
    if (statSync(file).isDirectory()) sourceFiles(file, out);
    else if (/\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry)) out.push(file);
  }
  return out;
}

describe('no second list of reference tables', () => {
  it('recognises a list in either spelling, and not a lone name', () => {
    expect(tablesNamedIn("export const T = ['provincias', 'actividades-ciiu'] as const;")).toEqual(['actividades_ciiu', 'provincias']);
    expect(tablesNamedIn("type T = 'bancos' | \"enlaces_interes\";")).toEqual(['bancos', 'enlaces_interes']);
    expect(tablesNamedIn("const C = {\n  sectores: [],\n  'puntos-gob': [],\n};")).toEqual(['puntos_gob', 'sectores']);
    expect(tablesNamedIn("provinces: idList('provincias'), 'SELECT id FROM bancos ORDER BY id'")).toEqual(['provincias']);
  });

  it('only db/referenceTables.ts names more than one reference table', () => {
    const roots = ['packages/server/src', 'packages/api-contract/src', 'app/src'].map((dir) => path.join(repoRoot, dir));
    const home = path.join(serverSrc, 'db/referenceTables.ts');
    const offenders: Record<string, string[]> = {};
    for (const file of roots.flatMap((root) => sourceFiles(root))) {
      if (file === home) continue;
      const named = tablesNamedIn(readFileSync(file, 'utf8'));
      if (named.length < 2) continue;
      offenders[path.relative(repoRoot, file)] = named;
    }
    expect(offenders, 'describa las tablas en db/referenceTables.ts y derive la lista de allí').toEqual({});
  });

  it("keeps the catalogue caches' tables equal to the descriptors' catalogue group", () => {
    expect([...CATALOGUE_TABLES].sort()).toEqual(referenceTablesIn('catalogue').sort());
  });
});
