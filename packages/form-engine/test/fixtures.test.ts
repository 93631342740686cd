/**
 * Every form's fixtures give their verdict, through the one check `forms:publish` and the studio
 * run (checkFormFolder): a valid fixture gives no error, an invalid one exactly its `errors`.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkFormFolder } from '../src/node/formFolder';
import { listForms, schemasDir } from '../src/node/loadForm';
import { fixtures } from './forms';

describe.each(listForms())('fixtures of %s', (name) => {
  const check = checkFormFolder(join(schemasDir(), name));
  it('parses and lints clean, with valid and invalid fixtures', () => {
    expect(check.parseError).toBeNull();
    expect(check.lint).toEqual([]);
    expect(check.fixtures.map((f) => f.file)).toEqual([...fixtures(name, 'valid'), ...fixtures(name, 'invalid')].map((f) => f.file));
  });
  it.each(fixtures(name, 'valid').map((f) => [f.file] as const))('%s is valid', (file) => {
    const verdict = check.fixtures.find((f) => f.file === file)!;
    expect(verdict.problem).toBeNull();
    expect(verdict.errors).toEqual([]);
    expect(verdict.ok).toBe(true);
  });
  it.each(fixtures(name, 'invalid').map((f) => [f.file, f] as const))('%s gives exactly its errors', (file, f) => {
    const verdict = check.fixtures.find((v) => v.file === file)!;
    expect(verdict.errors.length).toBeGreaterThan(0);
    expect(verdict.errors).toEqual(f.errors);
    expect(verdict.ok).toBe(true);
  });
  it('the folder passes as a whole', () => {
    expect(check.ok).toBe(true);
  });
});

it('every form has valid and invalid fixtures', () => {
  expect(listForms()).toEqual([
    'certificado-no-antecedentes', 'formalizacion', 'perfil', 'reclamacion-factura-inapa', 'renovacion-licencia-conducir', 'sugerencia-servicio',
  ]);
  for (const name of listForms()) {
    expect(fixtures(name, 'valid').length).toBeGreaterThan(0);
    expect(fixtures(name, 'invalid').length).toBeGreaterThan(0);
  }
});
