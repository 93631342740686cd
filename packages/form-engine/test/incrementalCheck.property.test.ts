/**
 * Incremental evaluation agrees with full evaluation (issue 27): on every form
 * of schemas/, a random draft edited by a random sequence of changes — a value
 * set or removed anywhere, grid rows added and removed, a whole section
 * replaced, the same draft handed in again as a fresh copy, another date —
 * gets from one `createIncrementalCheck` the verdict `check` gives from
 * scratch, after every change. Edits share structure with the draft before
 * them, as the app's are; the copies check that the memo compares values, not
 * identities.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { check, createIncrementalCheck } from '../src/validate/validate';
import { compileForm, type Template } from '../src/compile/compileForm';
import { listForms } from '../src/node/loadForm';
import { ANY_ROW } from '../src/paths/paths';
import { arbitraryFor } from './arbitraryData';
import { fixtures, form } from './forms';

const RUNS = { numRuns: 150 };
const DATES = ['2026-11-23', '2027-03-01'];

type Edit =
  | { kind: 'set'; template: number; rows: number[]; value: unknown }
  | { kind: 'remove'; template: number; rows: number[] }
  | { kind: 'row-out'; template: number; rows: number[]; at: number }
  | { kind: 'copy' }
  | { kind: 'date'; today: string };

/** Sets `value` at `path` (undefined removes), copying only the objects along the path: structure is shared. */
function setShared(data: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (typeof head === 'number') {
    const list = Array.isArray(data) ? [...data] : [];
    while (list.length < head) list.push({});
    const next = setShared(list[head], rest, value);
    if (next === undefined && rest.length === 0) list.splice(head, 1);
    else list[head] = next;
    return list;
  }
  const obj = data && typeof data === 'object' && !Array.isArray(data) ? { ...(data as Record<string, unknown>) } : {};
  const next = setShared(obj[head], rest, value);
  if (next === undefined) delete obj[head];
  else obj[head] = next;
  return obj;
}

/** The concrete path of a template, its `*` replaced by the given row numbers in turn. */
function concrete(t: Template, rows: number[]): (string | number)[] {
  let r = 0;
  return t.tpath.split('.').map((s) => (s === ANY_ROW ? rows[r++] ?? 0 : s));
}

function read(data: unknown, path: (string | number)[]): unknown {
  let cur = data;
  for (const s of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string | number, unknown>)[s];
  }
  return cur;
}

function apply(data: unknown, edit: Edit, templates: Template[]): unknown {
  switch (edit.kind) {
    case 'copy': return structuredClone(data);
    case 'date': return data;
    case 'set': return setShared(data, concrete(templates[edit.template], edit.rows), edit.value);
    case 'remove': return setShared(data, concrete(templates[edit.template], edit.rows), undefined);
    case 'row-out': {
      const path = concrete(templates[edit.template], edit.rows);
      const list = read(data, path);
      if (!Array.isArray(list) || list.length === 0) return data;
      return setShared(data, path, list.filter((_, i) => i !== edit.at % list.length));
    }
  }
}

describe.each(listForms())('incremental check of %s', (name) => {
  const schema = form(name);
  const templates = compileForm(schema).templates.filter((t) => t.parent !== null);
  const grids = templates.map((t, i) => [t, i] as const).filter(([t]) => t.kind === 'array').map(([, i]) => i);
  const rows = fc.array(fc.nat({ max: 3 }), { minLength: 2, maxLength: 2 });
  const pick = fc.nat({ max: templates.length - 1 });
  const edit: fc.Arbitrary<Edit> = fc.oneof(
    { weight: 8, arbitrary: fc.tuple(pick, rows).chain(([template, r]) => arbitraryFor(templates[template].node).map((value): Edit => ({ kind: 'set', template, rows: r, value }))) },
    { weight: 2, arbitrary: fc.tuple(pick, rows).map(([template, r]): Edit => ({ kind: 'remove', template, rows: r })) },
    ...(grids.length > 0 ? [{ weight: 2, arbitrary: fc.tuple(fc.constantFrom(...grids), rows, fc.nat()).map(([template, r, at]): Edit => ({ kind: 'row-out', template, rows: r, at })) }] : []),
    { weight: 1, arbitrary: fc.constant<Edit>({ kind: 'copy' }) },
    { weight: 1, arbitrary: fc.constantFrom(...DATES).map((today): Edit => ({ kind: 'date', today })) },
  );

  it('gives the verdict of a full check after every change of a random edit sequence', () => {
    fc.assert(fc.property(arbitraryFor(schema), fc.array(edit, { maxLength: 25 }), (start, edits) => {
      const incremental = createIncrementalCheck(schema);
      let data: unknown = start;
      let today = DATES[0];
      expect(incremental(data, { today })).toEqual(check(schema, data, { today }));
      for (const e of edits) {
        data = apply(data, e, templates);
        if (e.kind === 'date') today = e.today;
        expect(incremental(data, { today })).toEqual(check(schema, data, { today }));
      }
    }), RUNS);
  });

  it('re-runs no rule when the draft comes back unchanged, as a fresh copy', () => {
    fc.assert(fc.property(arbitraryFor(schema), (start) => {
      const incremental = createIncrementalCheck(schema);
      incremental(start, { today: DATES[0] });
      const all = incremental.stats.ran + incremental.stats.reused;
      incremental(structuredClone(start), { today: DATES[0] });
      expect(incremental.stats).toEqual({ ran: 0, reused: all });
    }), { numRuns: 50 });
  });
});

describe('incremental check of the company application', () => {
  it('a key typed in the street re-runs only the rules that read it', () => {
    const schema = form('formalizacion');
    const [valid] = fixtures('formalizacion', 'valid');
    const incremental = createIncrementalCheck(schema);
    incremental(valid.data, { today: valid.today });
    const all = incremental.stats.ran + incremental.stats.reused;
    const typed = setShared(valid.data, ['datos_empresa', 'calle'], 'Calle El Conde 5');
    expect(incremental(typed, { today: valid.today })).toEqual(check(schema, typed, { today: valid.today }));
    expect(all).toBeGreaterThan(50);
    // The street's own rules (its requirement, its length) and nothing else.
    expect(incremental.stats.ran).toBeLessThanOrEqual(3);
  });
});
