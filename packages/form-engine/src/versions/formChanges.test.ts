/** What changed between two versions of a form, in Spanish, and what it means for one citizen's answers. */
import { describe, expect, it } from 'vitest';
import type { FormSchema } from '../types';
import { formChanges } from './formChanges';

const base = (): FormSchema & { properties: Record<string, any> } =>
  ({
    $id: 'prueba',
    title: 'Prueba',
    type: 'object',
    properties: {
      empresa: {
        type: 'object',
        title: 'Empresa',
        properties: {
          nombre: { type: 'string', title: 'Nombre', 'x-required': true },
          capital: { type: 'number', title: 'Capital', minimum: 100000, 'x-messages': { minimum: 'El capital mínimo es RD$ 100,000' } },
          tipo: { type: 'string', title: 'Tipo', oneOf: [{ const: 'SRL', title: 'SRL' }, { const: 'EIRL', title: 'EIRL' }] },
          fax: { type: 'string', title: 'Fax' },
        },
      },
      socios: {
        type: 'array',
        title: 'Socios',
        items: { type: 'object', properties: { cedula: { type: 'string', title: 'Cédula', 'x-required': true } } },
      },
    },
  }) as FormSchema & { properties: Record<string, any> };

describe('formChanges', () => {
  it('no change, no lines', () => {
    expect(formChanges(base(), base())).toEqual([]);
  });

  it('names each kind of change with the question and its section', () => {
    const after = base();
    const empresa = after.properties.empresa.properties;
    empresa.capital.minimum = 200000;
    empresa.capital['x-messages'].minimum = 'El capital mínimo es RD$ 200,000';
    empresa.nombre.title = 'Razón social';
    empresa.tipo.oneOf = [{ const: 'SRL', title: 'SRL' }, { const: 'SA', title: 'Sociedad anónima' }];
    delete empresa.fax;
    empresa.telefono = { type: 'string', title: 'Teléfono', 'x-required': true };
    after.properties.socios.items.properties.cedula['x-visible'] = { '==': [1, 1] };
    after.properties.anexos = { type: 'object', title: 'Anexos', properties: { carta: { type: 'string', title: 'Carta' } } };
    const lines = formChanges(base(), after).map((c) => c.text);
    expect(lines).toEqual([
      '«Nombre» ahora se llama «Razón social» (Empresa)',
      'Cambió una regla de «Capital» (Empresa): mínimo 100,000 → 200,000',
      'Cambió un mensaje de «Capital» (Empresa): «El capital mínimo es RD$ 100,000» → «El capital mínimo es RD$ 200,000»',
      'Cambiaron las opciones de «Tipo» (Empresa): se quitó «EIRL»; se agregó «Sociedad anónima»',
      'Nueva pregunta obligatoria «Teléfono» (Empresa)',
      'Cambió cuándo se muestra «Cédula» (Socios)',
      'Nueva sección «Anexos»',
      'Ya no se pregunta «Fax» (Empresa)',
    ]);
    expect(formChanges(base(), after).every((c) => c.forYou === null)).toBe(true);
  });

  it('with the citizen\'s answers: what is kept but no longer sent, a chosen option that is gone, a new required question', () => {
    const after = base();
    const empresa = after.properties.empresa.properties;
    delete empresa.fax;
    empresa.tipo.oneOf = [{ const: 'SRL', title: 'SRL' }];
    empresa.telefono = { type: 'string', title: 'Teléfono', 'x-required': true };
    const data = { empresa: { nombre: 'Colmado Doña Ana', tipo: 'EIRL', fax: '8095550000' }, socios: [{ cedula: '00104578232' }] };
    const mine = formChanges(base(), after, data).map((c) => [c.text, c.forYou]);
    expect(mine).toEqual([
      ['Cambiaron las opciones de «Tipo» (Empresa): se quitó «EIRL»', 'Su respuesta «EIRL» ya no es una opción: elija otra.'],
      ['Nueva pregunta obligatoria «Teléfono» (Empresa)', 'Debe responderla antes de enviar.'],
      ['Ya no se pregunta «Fax» (Empresa)', 'Su respuesta se conserva en el registro de su borrador, pero ya no se enviará.'],
    ]);
    // Nothing of theirs: a removed question they never answered says nothing to them.
    expect(formChanges(base(), after, { empresa: { tipo: 'SRL' } }).find((c) => c.kind === 'quitada')?.forYou).toBeNull();
  });

  it("a tightened bound says when the citizen's answer no longer meets it, with the new rule's message", () => {
    const after = base();
    after.properties.empresa.properties.capital.minimum = 200000;
    after.properties.empresa.properties.capital['x-messages'].minimum = 'El capital mínimo es RD$ 200,000';
    const changes = formChanges(base(), after, { empresa: { nombre: 'Colmado', capital: 150000 } });
    expect(changes[0]).toEqual({
      kind: 'regla',
      path: 'empresa.capital',
      text: 'Cambió una regla de «Capital» (Empresa): mínimo 100,000 → 200,000',
      forYou: 'Su respuesta ya no cumple la regla: El capital mínimo es RD$ 200,000.',
    });
    expect(formChanges(base(), after, { empresa: { nombre: 'Colmado', capital: 250000 } })[0].forYou).toBeNull();
  });

  it('a requirement turned on or off by itself reads plainly', () => {
    const after = base();
    after.properties.empresa.properties.fax['x-required'] = true;
    after.properties.empresa.properties.nombre['x-required'] = false;
    expect(formChanges(base(), after, {}).map((c) => [c.text, c.forYou])).toEqual([
      ['«Nombre» (Empresa) ya no es obligatoria', null],
      ['«Fax» (Empresa) ahora es obligatoria', 'Debe responderla antes de enviar.'],
    ]);
  });
});
