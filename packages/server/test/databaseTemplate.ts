/**
 * One migrated embedded database, its reference tables loaded, per test run, dumped to a file that every
 * `memory://` database of the run's test processes starts from (createPgliteDb.ts,
 * MEMORY_TEMPLATE_ENV): each throwaway app loads it instead of running initdb, the
 * migrations and the seeds again. Made by the global setup of each project that starts
 * apps (the first one makes it; the others reuse it) and removed at the end of the run.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPgliteDb, MEMORY_TEMPLATE_ENV } from '../src/db/createPgliteDb';
import { migrate } from '../src/db/migrate';
import { seedReference } from '../src/db/seedReference';
import { publishShippedForms } from '../src/services/forms/formVersions';

interface Made { file: string; users: number }
const KEY = Symbol.for('portal.test.databaseTemplate');
const shared = globalThis as unknown as Record<symbol, Promise<Made> | undefined>;

async function make(): Promise<Made> {
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-test-db-'));
  const previous = process.env[MEMORY_TEMPLATE_ENV];
  delete process.env[MEMORY_TEMPLATE_ENV];
  let dump: Blob;
  const db = await createPgliteDb('memory://');
  try {
    await migrate(db);
    // The reference tables only: the sandbox registries and accounts are each app's to seed
    // (AGENCIES=sandbox), or not (AGENCIES=http starts with no demo account).
    await seedReference(db);
    // The shipped forms' first versions (an app whose FORM_SCHEMAS_DIR differs publishes its own at start).
    await publishShippedForms(db);
    // Everything written to the data files, so a load needs no recovery.
    await db.exec('CHECKPOINT');
    dump = await db.dumpDataDir();
  } finally {
    await db.close();
    if (previous !== undefined) process.env[MEMORY_TEMPLATE_ENV] = previous;
  }
  const file = path.join(dir, 'template.tar');
  await writeFile(file, new Uint8Array(await dump.arrayBuffer()));
  return { file, users: 0 };
}

/**
 * Makes (once per run) the template and points MEMORY_TEMPLATE_ENV at it for this process and
 * the test workers it starts. Returns the teardown: the last project to finish removes the file.
 */
export async function useDatabaseTemplate(): Promise<() => Promise<void>> {
  shared[KEY] ??= make();
  const made = await shared[KEY];
  made.users += 1;
  process.env[MEMORY_TEMPLATE_ENV] = made.file;
  return async () => {
    made.users -= 1;
    if (made.users > 0) return;
    shared[KEY] = undefined;
    delete process.env[MEMORY_TEMPLATE_ENV];
    await rm(path.dirname(made.file), { recursive: true, force: true });
  };
}
