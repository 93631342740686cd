/** Test helpers: the repository's forms and fixtures, read once. */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { schemasDir } from '../src/node/loadForm';
import type { FormSchema, PathMessage } from '../src/types';

export interface Fixture {
  file: string;
  today: string;
  data: Record<string, unknown>;
  errors?: PathMessage[];
}

export function form(name: string): FormSchema {
  return JSON.parse(readFileSync(join(schemasDir(), name, 'schema.json'), 'utf8')) as FormSchema;
}

export function fixtures(name: string, kind: 'valid' | 'invalid'): Fixture[] {
  const dir = join(schemasDir(), name, 'fixtures', kind);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => ({ file: `${kind}/${f}`, ...(JSON.parse(readFileSync(join(dir, f), 'utf8')) as Omit<Fixture, 'file'>) }));
}

export function fixture(name: string, file: string): Fixture {
  const [kind, base] = file.split('/') as ['valid' | 'invalid', string];
  const found = fixtures(name, kind).find((f) => f.file === `${kind}/${base}`);
  if (!found) throw new Error(`fixture ${file} not found`);
  return found;
}

/** Deep copy with `path -> value` changes applied (undefined deletes). Paths are dot paths with numeric indexes. */
export function withChanges(data: unknown, changes: Record<string, unknown>): Record<string, unknown> {
  const copy = structuredClone(data) as Record<string, unknown>;
  for (const [path, value] of Object.entries(changes)) {
    const segs = path.split('.');
    let cur: Record<string, unknown> = copy;
    for (const s of segs.slice(0, -1)) {
      if (cur[s] === undefined || cur[s] === null || typeof cur[s] !== 'object') cur[s] = /^\d+$/.test(s) ? [] : {};
      cur = cur[s] as Record<string, unknown>;
    }
    const last = segs[segs.length - 1];
    if (value === undefined) delete cur[last];
    else cur[last] = structuredClone(value);
  }
  return copy;
}
