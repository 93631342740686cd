import { describe, expect, it } from 'vitest';
import type { FormNode, FormSchema } from '../types';
import { answerAt, answerDisplay, isBlankAnswer, itemName, NO_ANSWER, rowTitle, sectionAnswers, sourceAnswerLabel, type AnswerDisplay } from './answers';
import { applyMask, currencyPrefix, formatAmount, formatIsoDate, formatNumber, maskDigits, unmask } from './format';

const at = (data: Record<string, unknown>, path: string) => ({ data, path });
const text = (node: FormNode, value: unknown, data: Record<string, unknown> = {}, path = 'x') => answerDisplay(node, value, at(data, path)).text;

describe('format', () => {
  it('writes amounts, numbers, dates and masks the Dominican way', () => {
    expect(formatAmount(1500, 'DOP')).toBe('RD$ 1,500.00');
    expect(formatAmount(80, undefined)).toBe('RD$ 80.00');
    expect(formatAmount(9.5, 'USD')).toBe('US$ 9.50');
    expect(currencyPrefix('EUR')).toBe('€ ');
    expect(currencyPrefix('XYZ')).toBe('RD$ ');
    expect(formatNumber(1234.567)).toBe('1,234.57');
    expect(formatNumber(12)).toBe('12');
    expect(formatIsoDate('2026-03-09')).toBe('09/03/2026');
    expect(formatIsoDate('2026-03')).toBeNull();
    expect(applyMask('40229183641', '###-#######-#')).toBe('402-2918364-1');
    expect(applyMask('8095', '(###) ###-####')).toBe('(809) 5');
    expect(unmask('(809) 555')).toBe('809555');
    expect(maskDigits('###-##')).toBe(5);
  });
});

describe('answerDisplay', () => {
  it('shows a dash for no answer', () => {
    for (const blank of [undefined, null, '', '   ', []]) {
      expect(isBlankAnswer(blank)).toBe(true);
      expect(answerDisplay({ type: 'string' }, blank, at({}, 'x'))).toEqual({ kind: 'blank', text: NO_ANSWER });
    }
    expect(isBlankAnswer(0)).toBe(false);
    expect(isBlankAnswer(false)).toBe(false);
  });

  it('shows option titles and Sí/No', () => {
    const node: FormNode = { type: 'string', oneOf: [{ const: 'A', title: 'Opción A' }, { const: 'B' }] };
    expect(answerDisplay(node, 'A', at({}, 'x'))).toEqual({ kind: 'option', text: 'Opción A', value: 'A' });
    expect(text(node, 'B')).toBe('B');
    expect(text(node, 'C')).toBe('C');
    expect(answerDisplay({ type: 'boolean' }, true, at({}, 'x'))).toEqual({ kind: 'yesNo', text: 'Sí', value: true });
    expect(text({ type: 'boolean' }, false)).toBe('No');
  });

  it('formats plain numbers (thousands grouped, at most two decimals) everywhere', () => {
    expect(answerDisplay({ type: 'integer' }, 1500, at({}, 'x'))).toEqual({ kind: 'number', text: '1,500', value: 1500 });
    expect(text({ type: 'number' }, 2.345)).toBe('2.35');
    expect(text({ type: 'string' }, 'texto libre')).toBe('texto libre');
  });

  it('writes amounts in the currency of x-currency-field, absolute or in the same row (fila.)', () => {
    const data = {
      datos: { moneda: 'USD', monto: 1200 },
      facturas: [{ moneda: 'EUR', monto: 80 }, { monto: 80 }, { moneda: 'USD', monto: 1234.5 }],
    };
    const absolute: FormNode = { type: 'number', 'x-widget': 'currency', 'x-currency-field': 'datos.moneda' };
    const inRow: FormNode = { type: 'number', 'x-widget': 'currency', 'x-currency-field': 'fila.moneda' };
    expect(answerDisplay(absolute, 1200, at(data, 'datos.monto'))).toEqual({ kind: 'currency', text: 'US$ 1,200.00', amount: 1200, currency: 'USD' });
    expect(text(inRow, 80, data, 'facturas.0.monto')).toBe('€ 80.00');
    expect(text(inRow, 80, data, 'facturas.1.monto')).toBe('RD$ 80.00');
    expect(text(inRow, 1234.5, data, 'facturas.2.monto')).toBe('US$ 1,234.50');
    expect(text({ type: 'number', 'x-widget': 'currency' }, 5)).toBe('RD$ 5.00');
  });

  it('writes ISO dates as dd/mm/aaaa and masked values with their mask', () => {
    expect(answerDisplay({ type: 'string', format: 'date' }, '2026-01-31', at({}, 'x'))).toEqual({ kind: 'date', text: '31/01/2026', iso: '2026-01-31' });
    expect(text({ type: 'string', format: 'date' }, '2026-01')).toBe('2026-01');
    expect(text({ type: 'string', 'x-mask': '###-#######-#' }, '40229183641')).toBe('402-2918364-1');
  });

  it('names documents of file answers, and says which one when it is not known', () => {
    const node: FormNode = { type: 'integer', 'x-widget': 'file' };
    const documents = [{ id: 7, name: 'Acta', extension: 'pdf' }, { id: 8, name: 'Sin extensión', extension: '' }];
    expect(answerDisplay(node, 7, { data: {}, path: 'x', documents })).toEqual({ kind: 'files', text: 'Acta.pdf', files: [{ id: 7, name: 'Acta.pdf' }] });
    expect(text(node, 9)).toBe('Documento adjunto (n.º 9)');
    expect(answerDisplay(node, 8, { data: {}, path: 'x', documents }).text).toBe('Sin extensión');
    expect(answerDisplay(node, [7, 9], { data: {}, path: 'x', documents }).text).toBe('Acta.pdf, Documento adjunto (n.º 9)');
  });

  it('gives an x-source answer its URL (fila. from its row) and labels it from the fetched list', () => {
    const node: FormNode = {
      type: 'integer',
      'x-source': { url: '/v1/region/municipios?provinciaId={fila.provincia}', items: 'data', value: 'id', label: ['nombre', 'codigo'] },
    };
    const data = { grid: [{ provincia: 32, municipio: 7 }] };
    const display = answerDisplay(node, 7, at(data, 'grid.0.municipio'));
    expect(display).toMatchObject({ kind: 'source', text: '7', url: '/v1/region/municipios?provinciaId=32', value: 7 });
    const source = display as Extract<AnswerDisplay, { kind: 'source' }>;
    // A service's "7" is the integer field's 7; label parts without a value are left out.
    expect(sourceAnswerLabel(source, { data: [{ id: '3', nombre: 'Otro' }, { id: '7', nombre: 'Santo Domingo Este', codigo: '' }] })).toBe('Santo Domingo Este');
    expect(sourceAnswerLabel(source, { data: [{ id: 7 }] })).toBe('7');
    expect(sourceAnswerLabel(source, { data: [] })).toBeNull();
    expect(sourceAnswerLabel(source, null)).toBeNull();
    expect(answerDisplay(node, 7, at({}, 'datos.municipio'))).toMatchObject({ kind: 'source', url: null });
  });

  it('reads the answer at a path of a form', () => {
    const schema: FormNode = {
      type: 'object',
      properties: { g: { type: 'array', items: { type: 'object', properties: { n: { type: 'number' } } } } },
    };
    expect(answerAt(schema, { g: [{ n: 12345 }] }, 'g.0.n').text).toBe('12,345');
    expect(answerAt(schema, { g: [] }, 'g.0.n').kind).toBe('blank');
  });
});

describe('sectionAnswers', () => {
  const schema = {
    $id: 't',
    type: 'object',
    properties: {
      sec: {
        type: 'object',
        title: 'Sección',
        properties: {
          nombre: { type: 'string', title: 'Nombre' },
          oculto: { type: 'string', title: 'Oculto' },
          vacio: { type: 'string', title: 'Vacío' },
          moneda: { type: 'string', title: 'Moneda' },
          socios: {
            type: 'array',
            title: 'Socios',
            items: {
              type: 'object',
              properties: {
                cuotas: { type: 'integer', title: 'Cuotas' },
                moneda: { type: 'string' },
                aporte: { type: 'number', title: 'Aporte', 'x-widget': 'currency', 'x-currency-field': 'fila.moneda' },
              },
            },
          },
        },
      },
    },
  } as FormSchema;
  const data = {
    sec: {
      nombre: 'Ana', oculto: 'x', vacio: '', moneda: 'DOP',
      socios: [{ cuotas: 1000, moneda: 'USD', aporte: 2500 }, { cuotas: 5, aporte: 10 }],
    },
  };
  const visible = new Set(['sec', 'sec.nombre', 'sec.vacio', 'sec.moneda', 'sec.socios', 'sec.socios.0.cuotas', 'sec.socios.0.moneda', 'sec.socios.0.aporte', 'sec.socios.1.cuotas', 'sec.socios.1.aporte']);

  it('groups the section\'s own fields, then each grid row, named by its number, labelled by the fields\' own titles', () => {
    const groups = sectionAnswers('sec', schema.properties.sec, data, visible);
    expect(groups.map((g) => [g.kind, g.path, g.kind === 'row' ? g.name : '', g.items.map((a) => [a.path, a.label, a.display.text])])).toEqual([
      ['section', 'sec', '', [['sec.nombre', 'Nombre', 'Ana'], ['sec.moneda', 'Moneda', 'DOP']]],
      ['row', 'sec.socios.0', 'Socios 1', [['sec.socios.0.cuotas', 'Cuotas', '1,000'], ['sec.socios.0.moneda', 'moneda', 'USD'], ['sec.socios.0.aporte', 'Aporte', 'US$ 2,500.00']]],
      ['row', 'sec.socios.1', 'Socios 2', [['sec.socios.1.cuotas', 'Cuotas', '5'], ['sec.socios.1.aporte', 'Aporte', 'RD$ 10.00']]],
    ]);
  });

  it('lists nothing for a hidden section', () => {
    expect(sectionAnswers('sec', schema.properties.sec, data, new Set())).toEqual([]);
  });
});

describe('row names (x-row-label)', () => {
  const partners = (label: unknown, itemsTitle?: string): FormSchema => ({
    $id: 't',
    type: 'object',
    properties: {
      socios: {
        type: 'array',
        title: 'Propietario / Socios',
        'x-row-label': label,
        items: {
          type: 'object',
          ...(itemsTitle ? { title: itemsTitle } : {}),
          properties: {
            tipo: { type: 'string', title: 'Tipo', oneOf: [{ const: 'persona', title: 'Persona física' }, { const: 'empresa', title: 'Empresa' }] },
            nombres: { type: 'string', title: 'Nombres' },
            apellidos: { type: 'string', title: 'Apellidos' },
            nombre_empresa: { type: 'string', title: 'Nombre de la empresa' },
            sexo: { type: 'string', title: 'Sexo', oneOf: [{ const: 'F', title: 'Femenino' }] },
            banco: { type: 'integer', title: 'Banco', 'x-source': { url: '/v1/region/bancos', items: 'data', value: 'id', label: 'nombre' } },
          },
        },
      },
    },
  } as FormSchema);
  const data = {
    socios: [
      { tipo: 'persona', nombres: ' María ', apellidos: 'Pérez', sexo: 'F', nombre_empresa: 'Oculta SRL' },
      { tipo: 'empresa', nombre_empresa: 'Ferretería Ozama SRL', nombres: 'Oculto', apellidos: '' },
      { tipo: 'persona', nombres: '', apellidos: '  ' },
      { tipo: 'persona', banco: 7 },
    ],
  };
  // Hidden: a person's company name, a company's names (as the form's x-visible would).
  const visible = new Set([
    'socios',
    ...['tipo', 'nombres', 'apellidos', 'sexo'].map((k) => `socios.0.${k}`),
    ...['tipo', 'nombre_empresa'].map((k) => `socios.1.${k}`),
    ...['tipo', 'nombres', 'apellidos'].map((k) => `socios.2.${k}`),
    ...['tipo', 'banco'].map((k) => `socios.3.${k}`),
  ]);
  const names = (schema: FormSchema) =>
    sectionAnswers('socios', schema.properties.socios, data, visible).filter((g) => g.kind === 'row').map((g) => (g.kind === 'row' ? g.name : ''));

  it('names a row by its item name, number and the visible answers of its x-row-label, joined with spaces', () => {
    expect(names(partners(['nombres', 'apellidos'], 'Socio'))).toEqual(['Socio 1 · María Pérez', 'Socio 2', 'Socio 3', 'Socio 4']);
  });

  it('takes the first alternative that has an answer (a person by name, a company by its name)', () => {
    expect(names(partners([['nombres', 'apellidos'], ['nombre_empresa']], 'Socio'))).toEqual([
      'Socio 1 · María Pérez', 'Socio 2 · Ferretería Ozama SRL', 'Socio 3', 'Socio 4',
    ]);
  });

  it('reads options as their titles and keeps a source answer as a display the renderer resolves', () => {
    const groups = sectionAnswers('socios', partners([['sexo'], ['banco']]).properties.socios, data, visible);
    const rows = groups.filter((g) => g.kind === 'row');
    expect(rows.map((g) => g.name)).toEqual(['Propietario / Socios 1 · Femenino', 'Propietario / Socios 2', 'Propietario / Socios 3', 'Propietario / Socios 4 · 7']);
    const bank = rows[3];
    expect(bank.kind === 'row' && bank.title).toBe('Propietario / Socios 4');
    expect(bank.kind === 'row' && bank.label.map((d) => [d.kind, d.kind === 'source' ? d.url : null])).toEqual([['source', '/v1/region/bancos']]);
  });

  it('without x-row-label a row is its item name and number; a section that is a grid has no own answers', () => {
    const groups = sectionAnswers('socios', partners(undefined).properties.socios, data, visible);
    expect(groups[0]).toEqual({ kind: 'section', path: 'socios', items: [] });
    expect(groups.slice(1).map((g) => (g.kind === 'row' ? [g.title, g.label, g.name] : null))).toEqual([
      ['Propietario / Socios 1', [], 'Propietario / Socios 1'],
      ['Propietario / Socios 2', [], 'Propietario / Socios 2'],
      ['Propietario / Socios 3', [], 'Propietario / Socios 3'],
      ['Propietario / Socios 4', [], 'Propietario / Socios 4'],
    ]);
    // Hidden fields are not read back in the rows either.
    expect(groups[2].items.map((a) => a.label)).toEqual(['Tipo', 'Nombre de la empresa']);
  });
});

describe('itemName and rowTitle', () => {
  it('call a row by the grid\'s items.title, else the grid\'s title, else «Fila»', () => {
    expect(itemName({ type: 'array', title: 'Facturas', items: { type: 'object', title: ' Factura ' } })).toBe('Factura');
    expect(itemName({ type: 'array', title: 'Facturas', items: { type: 'object' } })).toBe('Facturas');
    expect(itemName({ type: 'array', items: { type: 'object', title: ' ' } })).toBe('Fila');
    expect(itemName(undefined)).toBe('Fila');
    const schema = { $id: 't', type: 'object', properties: { g: { type: 'array', items: { type: 'object', title: 'Factura', properties: {} } } } } as FormSchema;
    expect(rowTitle(schema, 'g.1')).toBe('Factura 2');
  });
});
