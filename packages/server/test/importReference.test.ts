import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
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

  it('explains its usage and refuses unknown tables', async () => {
    const result = await importCsv(['citizens', 'x.csv']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Uso: importReference <tabla> <archivo.csv>');
  });
});
