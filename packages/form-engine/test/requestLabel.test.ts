/** x-request-label: the name a request is listed by, read by the engine for every form. */
import { describe, expect, it } from 'vitest';
import { requestLabel } from '../src/evaluate/requestLabel';
import { lintForm } from '../src/lint/lintForm';
import { form, withChanges } from './forms';
import type { FormSchema } from '../src/types';

const formalizacion = form('formalizacion');

describe('requestLabel', () => {
  it('is the proposed name while the applicant has no trade-name certificate', () => {
    const data = { datos_solicitud: { tipo_societario: 'SRL', tienes_nombre_comercial: false, 'nombre_de_la_empresa_o_razón_social': '  Café Cibao SRL ' }, datos_empresa: { nombre_del_establecimiento_razon_social: 'Otro' } };
    expect(requestLabel(formalizacion, data)).toBe('Café Cibao SRL');
  });

  it('skips a proposed name the citizen hid by saying they hold a certificate, and takes the establishment', () => {
    const data = { datos_solicitud: { tipo_societario: 'SRL', tienes_nombre_comercial: true, 'nombre_de_la_empresa_o_razón_social': 'Oculto SRL' }, datos_empresa: { nombre_del_establecimiento_razon_social: 'Colmado La Esquina' } };
    expect(requestLabel(formalizacion, data)).toBe('Colmado La Esquina');
  });

  it('is null with nothing written, with blank text, for data that is not an object and for a form without the keyword', () => {
    expect(requestLabel(formalizacion, {})).toBeNull();
    expect(requestLabel(formalizacion, { datos_empresa: { nombre_del_establecimiento_razon_social: '   ' } })).toBeNull();
    expect(requestLabel(formalizacion, [])).toBeNull();
    expect(requestLabel(form('perfil'), { nombres: 'Ana' })).toBeNull();
  });

  it('lint refuses a label path that is not a field, a grid field or the keyword below the root', () => {
    const broken = (changes: Record<string, unknown>) => lintForm(withChanges(formalizacion, changes) as unknown as FormSchema);
    expect(broken({ 'x-request-label': ['datos_empresa.no_existe'] })).toEqual([{ pointer: '/x-request-label/0', message: '"datos_empresa.no_existe" no es un campo del formulario fuera de una cuadrícula' }]);
    expect(broken({ 'x-request-label': ['propietario_socios.0.nombres'] })).toHaveLength(1);
    expect(broken({ 'properties.datos_empresa.x-request-label': ['datos_empresa.nombre_del_establecimiento_razon_social'] })).toEqual([
      { pointer: '/properties/datos_empresa/x-request-label', message: 'x-request-label solo se usa en la raíz del formulario' },
    ]);
  });
});
