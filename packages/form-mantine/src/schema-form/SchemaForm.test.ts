/**
 * Server-side renders of the real forms (no DOM needed): what shows for a
 * given draft, the ids the error summary links to, required marks, errors
 * and their aria links, masks, warnings and grids.
 */
import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MantineProvider } from '@mantine/core';
import type { FormSchema, PathMessage } from '@portal/form-engine';
import formalizacion from '../../../../schemas/formalizacion/schema.json';
import sugerencia from '../../../../schemas/sugerencia-servicio/schema.json';
import srl from '../../../../schemas/formalizacion/fixtures/valid/srl-completa.json';
import { SchemaForm, type SchemaFormProps } from './SchemaForm';
import { pathToId } from '../data/pathToId';
import { setAt } from '../data/paths';
import { offlineFormApi } from '../testing/offlineFormApi';

const form = formalizacion as unknown as FormSchema;
const api = offlineFormApi();

function render(props: Partial<SchemaFormProps> & { formData?: Record<string, unknown> }): string {
  const element = createElement(SchemaForm, { schema: form, onChange: () => undefined, api, today: srl.today, ...props });
  return renderToStaticMarkup(createElement(MantineProvider, null, element));
}

/** The opening tag of the element with this id. */
function tagOf(html: string, id: string): string {
  const match = html.match(new RegExp(`<[^>]*\\sid="${id}"[^>]*>`));
  return match ? match[0] : '';
}

const data = srl.data as Record<string, unknown>;

describe('SchemaForm (server render)', () => {
  it('renders only the requested section, with the ids pathToId predicts', () => {
    const html = render({ formData: data, section: 'datos_solicitante' });
    expect(tagOf(html, pathToId('datos_solicitante.rnc'))).toMatch(/^<input/);
    expect(html).not.toContain(`id="${pathToId('datos_solicitud.tipo_societario')}"`);
    expect(html).not.toContain(`id="${pathToId('datos_representante.nombre')}"`);
  });

  it('leaves hidden fields out (empresa applicant: no personal cédula)', () => {
    const html = render({ formData: data, section: 'datos_solicitante' });
    expect(html).not.toContain(`id="${pathToId('datos_solicitante.cedula')}"`);
    const persona = setAt(setAt(data, 'datos_solicitante.tipo_de_solicitante', 'persona_fisica_representante'), 'datos_solicitante.tipo_de_documentacion_de_identidad', 'cedula');
    expect(render({ formData: persona, section: 'datos_solicitante' })).toContain(`id="${pathToId('datos_solicitante.cedula')}"`);
  });

  it('marks required fields with a hidden asterisk and aria-required', () => {
    const html = render({ formData: data, section: 'datos_solicitante' });
    const input = tagOf(html, pathToId('datos_solicitante.rnc'));
    expect(input).toContain('aria-required="true"');
    const label = html.match(new RegExp(`<label[^>]*for="${pathToId('datos_solicitante.rnc')}"[^>]*>.*?</label>`))?.[0] ?? '';
    expect(label).toMatch(/aria-hidden="true"[^>]*>\s*\*/);
  });

  it('shows given errors on the field, linked with aria-describedby and aria-invalid', () => {
    const errors: PathMessage[] = [{ path: 'datos_solicitante.rnc', message: 'RNC inválido' }];
    const html = render({ formData: data, section: 'datos_solicitante', errors });
    const id = pathToId('datos_solicitante.rnc');
    const input = tagOf(html, id);
    expect(input).toContain('aria-invalid="true"');
    const describedBy = input.match(/aria-describedby="([^"]+)"/)?.[1].split(' ') ?? [];
    const errorTag = describedBy.map((d) => tagOf(html, d)).find((t) => t !== '');
    expect(errorTag).toBeTruthy();
    expect(html).toMatch(new RegExp(`id="${describedBy[0]}"[^>]*>RNC inválido<`));
  });

  it('shows live engine errors on every field with showErrors="all", none by default', () => {
    const empty = { datos_solicitud: {} };
    expect(render({ formData: empty, section: 'datos_solicitud' })).not.toContain('Este campo es requerido');
    expect(render({ formData: empty, section: 'datos_solicitud', showErrors: 'all' })).toContain('Este campo es requerido');
  });

  it('shows masked values while storing digits', () => {
    const html = render({ formData: data, section: 'datos_representante' });
    expect(tagOf(html, pathToId('datos_representante.cedula'))).toContain('value="402-2318957-8"');
    expect(tagOf(html, pathToId('datos_representante.telefono'))).toContain('value="(809) 555-2345"');
  });

  it('shows the 24-hour warning as a status message where the engine reports it', () => {
    const withRealEstate = setAt(data, 'datos_financieros.bienes_raices', true);
    const html = render({ formData: withRealEstate, section: 'datos_financieros' });
    expect(html).toMatch(/role="status"[^>]*>(?:(?!<\/div>).)*Al seleccionar esta opción su proceso ya no será realizado en 24 horas\./s);
    expect(render({ formData: data, section: 'datos_financieros' })).not.toContain('24 horas');
  });

  it('renders grids with the row count, Agregar and Eliminar', () => {
    const html = render({ formData: data, section: 'referencias_bancarias' });
    const rows = (data.referencias_bancarias as unknown[]).length;
    expect(html).toContain(`${rows} de 5`);
    expect(html).toContain('>Agregar<');
    expect(html).toContain('aria-label="Eliminar fila 1"');
    expect(tagOf(html, pathToId('referencias_bancarias.0.nombre_del_banco'))).toMatch(/^<input/);
  });

  it('disables dependent selects until their source field has a value, naming it', () => {
    const noProvince = setAt(data, 'datos_solicitante.provincia', undefined);
    const html = render({ formData: noProvince, section: 'datos_solicitante' });
    expect(tagOf(html, pathToId('datos_solicitante.municipio'))).toContain('disabled');
    expect(html).toContain('Seleccione primero: ');
  });

  it('renders the file field buttons and the no-paste note', () => {
    const html = render({ formData: data, section: 'documentos_requeridos' });
    expect(html).toContain('Subir archivo');
    expect(html).toContain('Elegir de mis documentos');
    const solicitante = render({ formData: setAt(data, 'datos_solicitante.tipo_de_solicitante', 'persona_fisica_representante'), section: 'datos_solicitante' });
    expect(solicitante).toContain('no se permite pegarlo');
  });

  it('renders a form without sections (Sugerir un servicio)', () => {
    const html = renderToStaticMarkup(createElement(MantineProvider, null, createElement(SchemaForm, {
      schema: sugerencia as unknown as FormSchema, onChange: () => undefined, api, formData: { person_phone: '8095551234' },
    })));
    expect(tagOf(html, pathToId('service_title'))).toMatch(/^<input/);
    expect(tagOf(html, pathToId('person_phone'))).toContain('value="(809) 555-1234"');
    expect(html).toContain('Tenga a mano la información del servicio');
  });
});
