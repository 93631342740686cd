import { describe, expect, it } from 'vitest';
import { validate } from '../src/validate/validate';
import { listForms } from '../src/node/loadForm';
import { fixtures, form } from './forms';

describe.each(listForms())('fixtures of %s', (name) => {
  const schema = form(name);
  it.each(fixtures(name, 'valid').map((f) => [f.file, f] as const))('%s is valid', (_, f) => {
    expect(validate(schema, f.data, { today: f.today }).errors).toEqual([]);
  });
  it.each(fixtures(name, 'invalid').map((f) => [f.file, f] as const))('%s gives exactly its errors', (_, f) => {
    const result = validate(schema, f.data, { today: f.today });
    expect(result.valid).toBe(false);
    expect(result.errors).toEqual(f.errors);
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
