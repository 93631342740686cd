/** Writes (or, with checkOnly, compares) docs/forms/<form>.md for every form under schemas/. */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { formDocs } from '../docs/formDocs';
import { listForms, readFormFile, schemasDir } from './loadForm';

export function docsDir(): string {
  return resolve(schemasDir(), '../docs/forms');
}

/** Returns the doc files that were written (or, with checkOnly, that are stale). */
export function writeFormDocs(options: { checkOnly?: boolean } = {}): string[] {
  const changed: string[] = [];
  const dir = docsDir();
  for (const name of listForms()) {
    const text = formDocs(readFormFile(join(schemasDir(), name, 'schema.json')), `schemas/${name}/schema.json`);
    const file = join(dir, `${name}.md`);
    const current = existsSync(file) ? readFileSync(file, 'utf8') : null;
    if (current === text) continue;
    changed.push(`docs/forms/${name}.md`);
    if (!options.checkOnly) {
      mkdirSync(dir, { recursive: true });
      writeFileSync(file, text);
    }
  }
  return changed;
}
