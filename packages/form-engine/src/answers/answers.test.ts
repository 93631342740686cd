import { describe, expect, it } from 'vitest';
import type { FormNode, FormSchema } from '../types';
import { answerAt, answerDisplay, isBlankAnswer, NO_ANSWER, sectionAnswers, sourceAnswerLabel, type AnswerDisplay } from './answers';
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

  it('lists visible answered fields in document order, rows one after the other, each with the engine\'s text', () => {
    const answers = sectionAnswers('sec', schema.properties.sec, data, visible);
    expect(answers.map((a) => [a.path, a.label, a.display.text])).toEqual([
      ['sec.nombre', 'Nombre', 'Ana'],
      ['sec.moneda', 'Moneda', 'DOP'],
      ['sec.socios.0.cuotas', 'Socios 1: Cuotas', '1,000'],
      ['sec.socios.0.moneda', 'Socios 1: moneda', 'USD'],
      ['sec.socios.0.aporte', 'Socios 1: Aporte', 'US$ 2,500.00'],
      ['sec.socios.1.cuotas', 'Socios 2: Cuotas', '5'],
      ['sec.socios.1.aporte', 'Socios 2: Aporte', 'RD$ 10.00'],
    ]);
  });

  it('lists nothing for a hidden section', () => {
    expect(sectionAnswers('sec', schema.properties.sec, data, new Set())).toEqual([]);
  });
});
