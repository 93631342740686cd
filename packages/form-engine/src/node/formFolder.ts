/**
 * Everything an analyst's form folder (schemas/<form>: schema.json and
 * fixtures/valid, fixtures/invalid) says before it is published: whether the
 * file parses (with the line and column of a parse error), the lint's issues
 * with their JSON paths, and each fixture's verdict. One function for
 * `forms:publish` (which refuses on any failure) and the analyst's studio.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { lintForm, type LintIssue } from '../lint/lintForm';
import { validate } from '../validate/validate';
import type { FormSchema, PathMessage } from '../types';

export interface ParseError {
  message: string;
  line: number;
  column: number;
}

export interface FixtureVerdict {
  /** `valid/<file>` or `invalid/<file>`. */
  file: string;
  expected: 'valid' | 'invalid';
  /** The verdict matches: a valid one gives no error; an invalid one exactly its `errors` (or some error when it lists none). */
  ok: boolean;
  /** The errors the engine gives. */
  errors: PathMessage[];
  /** The errors an invalid fixture expects, when it lists them. */
  expectedErrors: PathMessage[] | null;
  /** Why the fixture could not be read, or null. */
  problem: string | null;
}

export interface FolderCheck {
  /** The folder's name: the form's. */
  form: string;
  file: string;
  schema: FormSchema | null;
  parseError: ParseError | null;
  lint: LintIssue[];
  fixtures: FixtureVerdict[];
  /** Nothing to fix: parses, lints clean, every fixture as expected (and there is at least one of each kind). */
  ok: boolean;
}

/** Line and column (from 1) of a JSON.parse error, from its message (V8 gives the position, newer ones the line too). */
export function parseErrorOf(text: string, error: Error): ParseError {
  const lineCol = /line (\d+) column (\d+)/.exec(error.message);
  if (lineCol) return { message: error.message, line: Number(lineCol[1]), column: Number(lineCol[2]) };
  const position = /position (\d+)/.exec(error.message);
  const at = position ? Number(position[1]) : text.length;
  const before = text.slice(0, at).split('\n');
  return { message: error.message, line: before.length, column: before[before.length - 1].length + 1 };
}

function sameErrors(a: PathMessage[], b: PathMessage[]): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function readFixtures(dir: string, kind: 'valid' | 'invalid', schema: FormSchema): FixtureVerdict[] {
  const folder = join(dir, 'fixtures', kind);
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f): FixtureVerdict => {
      const file = `${kind}/${f}`;
      let fixture: { today?: string; data?: unknown; errors?: PathMessage[] };
      try {
        fixture = JSON.parse(readFileSync(join(folder, f), 'utf8')) as typeof fixture;
      } catch (e) {
        return { file, expected: kind, ok: false, errors: [], expectedErrors: null, problem: `no se puede leer: ${(e as Error).message}` };
      }
      let errors: PathMessage[];
      try {
        errors = validate(schema, fixture.data ?? {}, { today: fixture.today }).errors;
      } catch (e) {
        return { file, expected: kind, ok: false, errors: [], expectedErrors: null, problem: `el motor no pudo evaluarla: ${(e as Error).message}` };
      }
      const expectedErrors = kind === 'invalid' && Array.isArray(fixture.errors) ? fixture.errors : null;
      const ok = kind === 'valid' ? errors.length === 0 : expectedErrors ? sameErrors(errors, expectedErrors) : errors.length > 0;
      return { file, expected: kind, ok, errors, expectedErrors, problem: null };
    });
}

/** Checks a form folder (its path). */
export function checkFormFolder(folder: string): FolderCheck {
  const dir = resolve(folder);
  const file = join(dir, 'schema.json');
  const form = basename(dir);
  const empty = { form, file, schema: null, lint: [], fixtures: [], ok: false };
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return { ...empty, parseError: { message: `No se puede leer ${file}`, line: 0, column: 0 } };
  }
  let schema: FormSchema;
  try {
    schema = JSON.parse(text) as FormSchema;
  } catch (e) {
    return { ...empty, parseError: parseErrorOf(text, e as Error) };
  }
  const lint = lintForm(schema);
  // Rules that do not lint may not evaluate either: fixtures run on a clean form only.
  const fixtures = lint.length > 0 ? [] : [...readFixtures(dir, 'valid', schema), ...readFixtures(dir, 'invalid', schema)];
  const both = fixtures.some((f) => f.expected === 'valid') && fixtures.some((f) => f.expected === 'invalid');
  return { form, file, schema, parseError: null, lint, fixtures, ok: lint.length === 0 && both && fixtures.every((f) => f.ok) };
}
