/** Semantics of the dialect on a small form written for the purpose. */
import { describe, expect, it } from 'vitest';
import { evaluate } from '../src/evaluate/evaluate';
import { validate, check } from '../src/validate/validate';
import { prune } from '../src/evaluate/prune';
import { compileForm } from '../src/compile/compileForm';
import { interpretLookup, sourceItems, sourceValue } from '../src/lookup/lookup';
import { expandUrl } from '../src/placeholders/placeholders';
import type { FormSchema } from '../src/types';

const eq = (path: string, value: unknown) => ({ '==': [{ var: path }, value] });

const schema: FormSchema = {
  $id: 'prueba',
  type: 'object',
  'x-messages': { required: 'Requerido' },
  properties: {
    a: {
      type: 'object',
      title: 'A',
      properties: {
        tipo: { type: 'string', title: 'Tipo', oneOf: [{ const: 'x' }, { const: 'y' }], 'x-required': true },
        solo_x: { type: 'string', title: 'Solo X', 'x-visible': eq('a.tipo', 'x'), 'x-required': true },
        correo: { type: 'string', title: 'Correo', format: 'email' },
        confirmar: {
          type: 'string', title: 'Confirmar', 'x-required': { '!': { empty: [{ var: 'a.correo' }] } },
          'x-assert': [{ rule: { '==': [{ var: 'a.confirmar' }, { var: 'a.correo' }] }, message: 'Los correos electrónicos no coinciden' }],
        },
        fecha: { type: 'string', title: 'Fecha', format: 'date', 'x-max': { value: { date_add: [{ today: [] }, 60] }, message: 'No posterior al {max}' } },
        cierre: {
          type: 'string', title: 'Cierre', oneOf: [{ const: '03-31' }, { const: '12-31' }],
          'x-options': { if: [eq('a.tipo', 'y'), ['12-31'], ['03-31', '12-31']] },
        },
      },
    },
    b: {
      type: 'object',
      title: 'B',
      'x-visible': eq('a.tipo', 'y'),
      properties: { dentro: { type: 'string', title: 'Dentro', 'x-required': true } },
    },
    filas: {
      type: 'array',
      title: 'Filas',
      maxItems: 3,
      'x-required': eq('a.tipo', 'x'),
      'x-unique': { by: 'banco', message: 'Repetido' },
      items: {
        type: 'object',
        properties: {
          banco: { type: 'integer', title: 'Banco', 'x-required': true },
          menor: { type: 'boolean', title: 'Menor', 'x-warnings': [{ when: eq('fila.menor', true), message: 'Aviso 24 horas' }] },
          acta: { type: 'integer', title: 'Acta', 'x-visible': eq('fila.menor', true), 'x-required': true },
          cuotas: { type: 'integer', title: 'Cuotas', minimum: 0 },
        },
      },
    },
    total: { type: 'integer', title: 'Total', readOnly: true, 'x-compute': { sum: [{ var: 'filas' }, 'cuotas'] } },
    // Visibility that depends on a computed value which depends on a grid.
    mucho: { type: 'string', title: 'Mucho', 'x-visible': { '>': [{ var: 'total' }, 10] } },
  },
};

const today = '2026-11-23';

describe('evaluate', () => {
  it('a hidden section hides everything it holds and nothing inside is required', () => {
    const ev = evaluate(schema, { a: { tipo: 'x' }, b: { dentro: '' } }, { today });
    expect(ev.visible.has('b')).toBe(false);
    expect(ev.visible.has('b.dentro')).toBe(false);
    expect(ev.required.has('b.dentro')).toBe(false);
    expect(ev.visible.has('a.solo_x')).toBe(true);
    expect(ev.required.has('a.solo_x')).toBe(true);
  });

  it('requirement is conditional and only for visible fields', () => {
    expect(evaluate(schema, { a: { tipo: 'y' } }, { today }).required.has('a.confirmar')).toBe(false);
    expect(evaluate(schema, { a: { tipo: 'y', correo: 'a@b.do' } }, { today }).required.has('a.confirmar')).toBe(true);
    expect(evaluate(schema, { a: { tipo: 'y' } }, { today }).required.has('b.dentro')).toBe(true);
  });

  it('grid rows use fila.* and give warnings per row', () => {
    const ev = evaluate(schema, { filas: [{ banco: 1 }, { banco: 2, menor: true }] }, { today });
    expect(ev.visible.has('filas.0.acta')).toBe(false);
    expect(ev.visible.has('filas.1.acta')).toBe(true);
    expect(ev.warnings).toEqual([{ path: 'filas.1.menor', message: 'Aviso 24 horas' }]);
  });

  it('computed values, options and limits', () => {
    const ev = evaluate(schema, { a: { tipo: 'y' }, filas: [{ banco: 1, cuotas: 7 }, { banco: 2, cuotas: 5 }] }, { today });
    expect(ev.computed.total).toBe(12);
    expect(ev.visible.has('mucho')).toBe(true);
    expect(ev.options['a.cierre']).toEqual(['12-31']);
    expect(ev.limits['a.fecha']).toEqual({ max: '2027-01-22' });
    expect(ev.disabled.has('total')).toBe(true);
  });

  it('orders rules by dependency, not by file order', () => {
    const order = compileForm(schema).order.map((t) => t.tpath);
    expect(order.indexOf('total')).toBeGreaterThan(order.indexOf('filas.*.cuotas'));
    expect(order.indexOf('mucho')).toBeGreaterThan(order.indexOf('total'));
  });

  it('does not mutate its input', () => {
    const data = { a: { tipo: 'x', correo: 'x@y.do' }, b: { dentro: 'z' } };
    const before = JSON.stringify(data);
    evaluate(schema, data, { today });
    validate(schema, data, { today });
    prune(schema, data, { today });
    expect(JSON.stringify(data)).toBe(before);
  });
});

describe('validate', () => {
  it('reports required, format, assert, bounds, options, maxItems and uniqueness with their messages', () => {
    const data = {
      a: { tipo: 'y', correo: 'mal', confirmar: 'otro@x.do', fecha: '2027-01-23', cierre: '03-31' },
      b: {},
      filas: [{ banco: 1 }, { banco: 1 }, { banco: 3, menor: true }, { banco: 4 }],
    };
    expect(validate(schema, data, { today }).errors).toEqual([
      { path: 'a.correo', message: 'Insertar un correo electrónico válido' },
      { path: 'a.confirmar', message: 'Los correos electrónicos no coinciden' },
      { path: 'a.fecha', message: 'No posterior al 22/01/2027' },
      { path: 'a.cierre', message: 'Seleccione una opción válida' },
      { path: 'b.dentro', message: 'Requerido' },
      { path: 'filas', message: 'Puede agregar como máximo 3 elementos' },
      { path: 'filas.1.banco', message: 'Repetido' },
      { path: 'filas.2.acta', message: 'Requerido' },
    ]);
  });

  it('a grid that is required needs at least one row', () => {
    expect(validate(schema, { a: { tipo: 'x', solo_x: 'v' } }, { today }).errors).toEqual([{ path: 'filas', message: 'Requerido' }]);
  });

  it('blank strings and nulls count as empty', () => {
    expect(validate(schema, { a: { tipo: 'x', solo_x: '   ', correo: null }, filas: [{ banco: 1 }] }, { today }).errors).toEqual([
      { path: 'a.solo_x', message: 'Requerido' },
    ]);
  });

  it('never reports hidden fields, whatever their values', () => {
    const r = validate(schema, { a: { tipo: 'x', solo_x: 'v' }, b: { dentro: 42 }, filas: [{ banco: 1, acta: 'no' }] }, { today });
    expect(r.errors).toEqual([]);
  });

  it('answers non-object data with one error at the root', () => {
    for (const bad of [null, 3, 'x', [], true]) {
      expect(validate(schema, bad, { today }).errors).toEqual([{ path: '', message: 'Los datos del formulario deben ser un objeto' }]);
    }
  });

  it('wrong types are errors, not crashes', () => {
    const r = validate(schema, { a: 'texto', filas: { no: 'lista' }, total: 'x' }, { today });
    expect(r.errors.map((e) => e.path)).toEqual(expect.arrayContaining(['a', 'filas']));
    expect(r.valid).toBe(false);
  });

  it('check returns the evaluation and the errors of one pass', () => {
    const r = check(schema, { a: { tipo: 'x' } }, { today });
    expect(r.evaluation.visible.has('a.solo_x')).toBe(true);
    expect(r.errors).toContainEqual({ path: 'a.solo_x', message: 'Requerido' });
  });
});

describe('prune', () => {
  it('removes hidden values and unknown keys, sets computed values, keeps the rest', () => {
    const data = { a: { tipo: 'x', solo_x: 'v', extra: 1 }, b: { dentro: 'z' }, filas: [{ banco: 1, acta: 9, cuotas: 2 }], total: 99, otro: true };
    expect(prune(schema, data, { today })).toEqual({ a: { tipo: 'x', solo_x: 'v' }, filas: [{ banco: 1, cuotas: 2 }], total: 2 });
  });
});

describe('lookups and sources', () => {
  it('fills URL templates and refuses half-built ones', () => {
    expect(expandUrl('/v1/region/municipios?provinciaId={p.id}', { p: { id: 32 } })).toBe('/v1/region/municipios?provinciaId=32');
    expect(expandUrl('/v1/jce/{value}', { value: '../x y' })).toBe('/v1/jce/..%2Fx%20y');
    expect(expandUrl('/v1/region/sectores?municipioId={m}', {})).toBeNull();
  });
  it('reads answers as the schema declares', () => {
    const decl = {
      trigger: { length: 11 }, url: '/v1/jce/{value}', valid: eq('status', 200),
      fill: { 'x.nombre': 'body.data.nombres' }, clearOnInvalid: ['x.nombre'], invalidError: 'Cédula inválida', messages: {},
    };
    expect(interpretLookup(decl, { status: 200, body: { data: { nombres: 'Ana' } } })).toEqual({ valid: true, fills: { 'x.nombre': 'Ana' }, clears: [], error: null });
    expect(interpretLookup(decl, { status: 404, body: null })).toEqual({ valid: false, fills: {}, clears: ['x.nombre'], error: 'Cédula inválida' });
    expect(interpretLookup(decl, { status: 0, body: null }).valid).toBe(false);
  });
});

describe('sourceItems', () => {
  it('reads the objects of the list at `items`, whatever else the answer holds', () => {
    const decl = { url: '/v1/region/provincias', items: 'data', value: 'id', label: 'nombreProvincia' };
    expect(sourceItems(decl, { data: [{ id: 1 }, null, 'x', [2], { id: 3 }] })).toEqual([{ id: 1 }, { id: 3 }]);
    expect(sourceItems({ ...decl, items: 'data.data' }, { data: { data: [{ id: 7 }] } })).toEqual([{ id: 7 }]);
    for (const body of [null, 'texto', { data: 'no lista' }, {}]) expect(sourceItems(decl, body)).toEqual([]);
  });
});

describe('sourceValue', () => {
  it('stores ids of numeric fields as numbers and leaves everything else as sent', () => {
    expect(sourceValue('101', 'integer')).toBe(101);
    expect(sourceValue(' 7 ', 'number')).toBe(7);
    expect(sourceValue('101', 'string')).toBe('101');
    expect(sourceValue('abc', 'integer')).toBe('abc');
    expect(sourceValue('', 'integer')).toBe('');
    expect(sourceValue(5, undefined)).toBe(5);
  });
});
