// @vitest-environment jsdom
/**
 * A searchable `x-source` select rendered by SchemaForm in jsdom: typing
 * narrows the loaded options with the engine's word rule (any order, accents
 * and case ignored), over the label and the `searchIn` properties.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installMantineJsdomShims } from '../../testing/mantineInJsdom';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import type { FormSchema } from '@portal/form-engine';
import { SchemaForm } from '../../schema-form/SchemaForm';
import { offlineFormApi, listsByUrl } from '../../testing/offlineFormApi';

beforeAll(() => {
  installMantineJsdomShims();
});

afterEach(() => cleanup());

const LISTS: Record<string, unknown> = {
  '/v1/region/provincias': { data: ['Distrito Nacional', 'San Cristóbal', 'San Juan', 'Sánchez Ramírez', 'Santo Domingo'].map((nombreProvincia, i) => ({ id: i + 1, nombreProvincia })) },
  '/v1/region/municipios': {
    data: ['Boca Chica', 'Los Alcarrizos', 'Pedro Brand', 'Santo Domingo Este', 'Santo Domingo Norte', 'Santo Domingo Oeste', 'Constanza'].map((nombre, i) => ({ id: i + 1, nombre })),
  },
  '/v1/region/actividades-ciiu': {
    data: [
      { codigoCiiuDGII: '4610', descripcionCrm: 'Venta al por mayor a cambio de una retribución o por contrata', busqueda: '4610 venta al por mayor a cambio de una retribucion o por contrata comercio al por mayor excepto el de vehiculos automotores y motocicletas' },
      { codigoCiiuDGII: '4711', descripcionCrm: 'Venta al por menor en comercios no especializados', busqueda: '4711 venta al por menor en comercios no especializados comercio al por menor excepto el de vehiculos automotores y motocicletas' },
      { codigoCiiuDGII: '0111', descripcionCrm: 'Cultivo de cereales', busqueda: '0111 cultivo de cereales agricultura ganaderia caza y actividades de servicios conexas' },
    ],
  },
};

const schema = {
  type: 'object',
  properties: {
    provincia: { type: 'integer', title: 'Provincia', 'x-source': { url: '/v1/region/provincias', items: 'data', value: 'id', label: 'nombreProvincia', searchable: true } },
    municipio: { type: 'integer', title: 'Municipio', 'x-source': { url: '/v1/region/municipios', items: 'data', value: 'id', label: 'nombre', searchable: true } },
    actividad: {
      type: 'string',
      title: 'Actividad principal',
      'x-source': { url: '/v1/region/actividades-ciiu', items: 'data', value: 'codigoCiiuDGII', label: ['codigoCiiuDGII', 'descripcionCrm'], searchable: true, searchIn: 'busqueda' },
    },
  },
} as unknown as FormSchema;

const api = offlineFormApi(listsByUrl(LISTS));

function renderForm() {
  render(
    <MantineProvider env="test">
      <SchemaForm schema={schema} formData={{}} onChange={() => undefined} api={api} today="2026-11-27" notify={() => ''} dismiss={() => undefined} />
    </MantineProvider>,
  );
}

/** Types `query` into the select named `label` (once its options loaded) and returns the options shown. */
async function shownFor(label: string, query: string): Promise<string[]> {
  const input = screen.getByRole('combobox', { name: label });
  await waitFor(() => expect(input.getAttribute('placeholder')).toBe('Seleccione una opción'));
  await userEvent.clear(input);
  await userEvent.type(input, query);
  await act(async () => undefined);
  const list = screen.queryByRole('listbox', { name: label });
  return list ? Array.from(list.querySelectorAll('[role="option"]')).map((o) => (o.textContent ?? '').trim()) : [];
}

describe('a searchable x-source select', () => {
  it('finds «Santo Domingo Este» by «este santo», and not «Santo Domingo Oeste»', async () => {
    renderForm();
    expect(await shownFor('Municipio', 'este santo')).toEqual(['Santo Domingo Este']);
    expect(await shownFor('Municipio', 'SANTO domingo')).toEqual(['Santo Domingo Este', 'Santo Domingo Norte', 'Santo Domingo Oeste']);
  });

  it('finds accented names typed without accents', async () => {
    renderForm();
    expect(await shownFor('Provincia', 'san cristobal')).toEqual(['San Cristóbal']);
    expect(await shownFor('Provincia', 'sanchez')).toEqual(['Sánchez Ramírez']);
    expect(await shownFor('Municipio', 'constanza')).toEqual(['Constanza']);
  });

  it('says «No hay opciones que coincidan» when a word is missing', async () => {
    renderForm();
    await shownFor('Municipio', 'santo sur');
    expect(screen.getByText('No hay opciones que coincidan')).toBeTruthy();
  });

  it('finds CIIU activities by their division titles (searchIn), words in any order', async () => {
    renderForm();
    expect(await shownFor('Actividad principal', 'mayor comercio')).toEqual(['4610 - Venta al por mayor a cambio de una retribución o por contrata']);
    expect(await shownFor('Actividad principal', 'agricultura')).toEqual(['0111 - Cultivo de cereales']);
    expect(await shownFor('Actividad principal', '4610')).toEqual(['4610 - Venta al por mayor a cambio de una retribución o por contrata']);
  });
});

describe('a closed select keeps no list in the page (COMBOBOX_PROPS)', () => {
  it('has no listbox until it is opened, and names its list only while open', async () => {
    renderForm();
    const input = screen.getByRole('combobox', { name: 'Provincia' });
    await waitFor(() => expect(input.getAttribute('placeholder')).toBe('Seleccione una opción'));
    // Mantine's default keeps every closed list mounted (and measures each one's position on mount).
    expect(document.querySelectorAll('[role="listbox"]').length).toBe(0);
    expect(input.getAttribute('aria-controls')).toBeNull();
    await userEvent.click(input);
    const list = await screen.findByRole('listbox', { name: 'Provincia' });
    await waitFor(() => expect(input.getAttribute('aria-controls')).toBe(list.id));
    expect(input.getAttribute('aria-expanded')).toBe('true');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(document.querySelectorAll('[role="listbox"]').length).toBe(0));
  });
});

describe('a closed select asks for no portal', () => {
  it('has no portal node in the page until a list is opened; the open list is in one', async () => {
    // Mantine's own environment (not "test", which leaves portals out).
    render(
      <MantineProvider>
        <SchemaForm schema={schema} formData={{}} onChange={() => undefined} api={api} today="2026-11-27" notify={() => ''} dismiss={() => undefined} />
      </MantineProvider>,
    );
    const input = screen.getByRole('combobox', { name: 'Provincia' });
    await waitFor(() => expect(input.getAttribute('placeholder')).toBe('Seleccione una opción'));
    // Each Mantine portal mounts empty and fills itself in a layout effect (a synchronous re-render per select).
    expect(document.querySelectorAll('[data-portal]').length).toBe(0);
    await userEvent.click(input);
    // (Its opening transition runs on Mantine's timers here: the list is found as an element, not by what is shown.)
    await waitFor(() => expect(input.getAttribute('aria-expanded')).toBe('true'));
    const list = document.querySelector('[role="listbox"]');
    expect(list?.closest('[data-portal]')).not.toBeNull();
  });
});
