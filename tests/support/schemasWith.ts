/**
 * A schemas folder holding the repository's forms plus extra form folders, as
 * an analyst's checkout would after adding a form: point FORM_SCHEMAS_DIR at
 * it (the server and the SPA build both read forms from there).
 */
import { cpSync, mkdtempSync, readdirSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';

export const REPO_SCHEMAS = resolve(import.meta.dirname, '../../schemas');
/** Test-only forms (each a folder with schema.json), never shipped in schemas/. */
export const TEST_FORMS = resolve(import.meta.dirname, 'forms');

/** A temporary folder with every form of schemas/ (linked) and copies of `extra` form folders. */
export function schemasWith(...extra: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'portal-schemas-'));
  for (const name of readdirSync(REPO_SCHEMAS)) symlinkSync(join(REPO_SCHEMAS, name), join(dir, name));
  for (const folder of extra) cpSync(folder, join(dir, basename(folder)), { recursive: true });
  return dir;
}
