import { describe, expect, it } from 'vitest';
import type { FormSchema } from '@portal/form-engine';
import formalizacion from '../../../../schemas/formalizacion/schema.json';
import { nodeAt } from '../data/paths';
import { describePath } from './describePath';

const form = formalizacion as unknown as FormSchema;

describe('describePath', () => {
  it('names plain fields by their title', () => {
    expect(describePath(form, 'datos_solicitante.cedula')).toBe(nodeAt(form, 'datos_solicitante.cedula')?.title);
  });

  it('names grid fields with the grid and the row number', () => {
    const bank = nodeAt(form, 'referencias_bancarias.0.nombre_del_banco')?.title;
    expect(describePath(form, 'referencias_bancarias.1.nombre_del_banco')).toBe(`Referencias Bancarias, fila 2: ${bank}`);
    expect(describePath(form, 'referencias_bancarias.1')).toBe('Referencias Bancarias, fila 2');
    expect(describePath(form, 'no.existe')).toBe('existe');
  });
});
