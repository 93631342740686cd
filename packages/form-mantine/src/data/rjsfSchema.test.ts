import { describe, expect, it } from 'vitest';
import { toFieldPathId } from '@rjsf/utils';
import type { FormNode, FormSchema } from '@portal/form-engine';
import formalizacion from '../../../../schemas/formalizacion/schema.json';
import { WIDGET, buildUiSchema, rjsfViewOf, toRjsfSchema, widgetFor } from './rjsfSchema';
import { pathToId } from './pathToId';

const form = formalizacion as unknown as FormSchema;

describe('widgetFor', () => {
  const cases: [FormNode, string][] = [
    [{ type: 'string' }, WIDGET.text],
    [{ type: 'string', 'x-widget': 'textarea' }, WIDGET.textarea],
    [{ type: 'string', format: 'date' }, WIDGET.date],
    [{ type: 'string', format: 'time', 'x-widget': 'time' }, WIDGET.time],
    [{ type: 'string', oneOf: [{ const: 'a' }] }, WIDGET.select],
    [{ type: 'boolean', oneOf: [{ const: true, title: 'Sí' }, { const: false, title: 'No' }], 'x-widget': 'radio' }, WIDGET.radio],
    [{ type: 'boolean', oneOf: [{ const: true }, { const: false }] }, WIDGET.radio],
    [{ type: 'boolean', 'x-widget': 'switch' }, WIDGET.switch],
    [{ type: 'boolean' }, WIDGET.checkbox],
    [{ type: 'integer' }, WIDGET.number],
    [{ type: 'number', 'x-widget': 'currency' }, WIDGET.currency],
    [{ type: 'integer', 'x-widget': 'file' }, WIDGET.file],
    [{ type: 'integer', 'x-source': { url: '/x', items: 'data', value: 'id', label: 'n' } }, WIDGET.source],
  ];
  it.each(cases)('%j -> %s', (node, widget) => expect(widgetFor(node)).toBe(widget));
});

describe('buildUiSchema', () => {
  it('names a widget for every leaf of the real form, grid rows included', () => {
    const ui = buildUiSchema(form);
    expect(ui.datos_solicitante.cedula['ui:widget']).toBe(WIDGET.text);
    expect(ui.datos_solicitante.provincia['ui:widget']).toBe(WIDGET.source);
    expect(ui.datos_solicitud.tienes_nombre_comercial['ui:widget']).toBe(WIDGET.radio);
    expect(ui.propietario_socios.items.es_socio['ui:widget']).toBe(WIDGET.switch);
    expect(ui.referencias_bancarias.items.nombre_del_banco['ui:widget']).toBe(WIDGET.source);
    expect(ui.documentos_requeridos.estatutos['ui:widget']).toBe(WIDGET.file);
    expect(ui.datos_financieros.valor_de_bienes_raíces['ui:widget']).toBe(WIDGET.currency);
    expect(ui['ui:globalOptions']).toMatchObject({ orderable: false, copyable: false });
  });
});

describe('toRjsfSchema', () => {
  it('keeps x- keywords, drops required arrays and ids, never mutates the input', () => {
    const input = {
      $id: 'f', $schema: 's', type: 'object', required: ['a'],
      properties: { a: { type: 'string', 'x-required': true, 'x-lookup': { required: ['kept'] } } },
    } as unknown as FormSchema;
    const out = toRjsfSchema(input);
    expect(out.required).toBeUndefined();
    expect(out.$id).toBeUndefined();
    expect((out.properties as Record<string, FormNode>).a['x-required']).toBe(true);
    expect((out.properties as Record<string, FormNode>).a['x-lookup']).toEqual({ required: ['kept'] });
    expect((input as unknown as { required: string[] }).required).toEqual(['a']);
  });
});

describe('rjsfViewOf', () => {
  it('builds one stable view per form and section', () => {
    const whole = rjsfViewOf(form);
    expect(rjsfViewOf(form)).toBe(whole);
    expect(whole).toMatchObject({ basePath: '', idPrefix: 'root' });
    const step = rjsfViewOf(form, 'datos_solicitante');
    expect(rjsfViewOf(form, 'datos_solicitante')).toBe(step);
    expect(step).toMatchObject({ basePath: 'datos_solicitante', idPrefix: 'root_datos_solicitante' });
    expect(step.schema.title).toBe(form.properties.datos_solicitante.title);
    expect(step.uiSchema.cedula['ui:widget']).toBe(WIDGET.text);
    const grid = rjsfViewOf(form, 'referencias_bancarias');
    expect(grid.schema.type).toBe('array');
    expect((grid.uiSchema.items as Record<string, Record<string, unknown>>).nombre_del_banco['ui:widget']).toBe(WIDGET.source);
  });

  it('keeps the ids of the whole form inside a step', () => {
    const options = { idPrefix: rjsfViewOf(form, 'propietario_socios').idPrefix, idSeparator: '_' };
    const leaf = toFieldPathId('nombres', options, toFieldPathId(0, options, toFieldPathId('', options)));
    expect(leaf.$id).toBe(pathToId('propietario_socios.0.nombres'));
  });
});

describe('pathToId', () => {
  it('matches the ids RJSF v6 builds with toFieldPathId', () => {
    const options = { idPrefix: 'root', idSeparator: '_' };
    const row = toFieldPathId(0, options, toFieldPathId('propietario_socios', options, toFieldPathId('', options)));
    const leaf = toFieldPathId('nombres', options, row);
    expect(leaf.$id).toBe(pathToId('propietario_socios.0.nombres'));
    expect(leaf.path).toEqual(['propietario_socios', 0, 'nombres']);
    expect(pathToId('')).toBe('root');
    expect(pathToId('datos_solicitante.cedula')).toBe('root_datos_solicitante_cedula');
  });
});
