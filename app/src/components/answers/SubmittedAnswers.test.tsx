/**
 * The answers read back (review, request page, back office) are the engine's
 * text (`answerDisplay`), the same as the form's grids: numbers grouped,
 * amounts in the currency of their row (`fila.`), documents by name, list
 * values by their option's label. Each grid row is its own group, named by
 * its item name, number and `x-row-label` answers; on the review sections and
 * long rows fold.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { describe, expect, it, vi } from 'vitest';
import type { FormSchema } from '@portal/form-engine';
import type { OnlineForm } from '../../lib/onlineForms';
import { SubmittedAnswers } from './SubmittedAnswers';

const asked: string[] = [];
vi.mock('../../api/formApi', () => ({
  createFormApi: () => ({
    async getJson(url: string) {
      asked.push(url);
      if (url.startsWith('/v1/region/bancos')) return { status: 200, body: { data: [{ id: 3, nombre: 'Banco Popular Dominicano' }] } };
      return { status: 200, body: { data: [{ id: '7', nombre: 'Santo Domingo Este' }, { id: '8', nombre: 'Boca Chica' }] } };
    },
    listDocuments: async () => [],
    uploadDocument: async () => {
      throw new Error('sin red');
    },
    documentUrl: () => '',
    sessionId: 0,
  }),
}));

const schema = {
  $id: 'prueba',
  type: 'object',
  properties: {
    empresa: {
      type: 'object',
      title: 'Empresa',
      properties: {
        empleados: { type: 'integer', title: 'Empleados' },
        tiene_local: { type: 'boolean', title: 'Tiene local' },
        estatutos: { type: 'integer', title: 'Estatutos', 'x-widget': 'file' },
      },
    },
    socios: {
      type: 'array',
      title: 'Socios',
      'x-row-label': [['nombres', 'apellidos'], ['empresa']],
      items: {
        type: 'object',
        title: 'Socio',
        properties: {
          nombres: { type: 'string', title: 'Nombres' },
          apellidos: { type: 'string', title: 'Apellidos' },
          empresa: { type: 'string', title: 'Empresa' },
          moneda: { type: 'string', title: 'Moneda', oneOf: [{ const: 'DOP', title: 'Pesos' }, { const: 'USD', title: 'Dólares' }] },
          aporte: { type: 'number', title: 'Aporte', 'x-widget': 'currency', 'x-currency-field': 'fila.moneda' },
          provincia: { type: 'integer', title: 'Provincia' },
          municipio: {
            type: 'integer',
            title: 'Municipio',
            'x-source': { url: '/v1/region/municipios?provinciaId={fila.provincia}', items: 'data', value: 'id', label: 'nombre' },
          },
        },
      },
    },
    bancos: {
      type: 'array',
      title: 'Referencias bancarias',
      'x-row-label': ['banco'],
      items: {
        type: 'object',
        title: 'Banco',
        properties: {
          banco: { type: 'integer', title: 'Banco', 'x-source': { url: '/v1/region/bancos', items: 'data', value: 'id', label: 'nombre' } },
        },
      },
    },
  },
} as FormSchema;

const form: OnlineForm = {
  name: 'prueba',
  schema,
  sections: Object.entries(schema.properties).map(([key, node]) => ({ key, title: node.title ?? key, node })),
} as OnlineForm;

const data = {
  empresa: { empleados: 1500, tiene_local: true, estatutos: 12 },
  socios: [
    { nombres: 'María', apellidos: 'Pérez', moneda: 'USD', aporte: 2500.5, provincia: 32, municipio: 7 },
    { empresa: 'Ferretería Ozama SRL', moneda: 'DOP', aporte: 10 },
  ],
  bancos: [{ banco: 3 }],
};

/** Not inside a folded (hidden) panel. */
const shown = (element: HTMLElement): boolean => element.closest('[hidden]') === null;

function answerOf(label: string, scope: HTMLElement = document.body): string {
  const term = within(scope).getByText(label, { selector: 'dt' });
  return within(term.parentElement as HTMLElement).getByRole('definition').textContent ?? '';
}

describe('SubmittedAnswers', () => {
  it('shows each answer as the engine writes it', async () => {
    render(
      <MantineProvider>
        <SubmittedAnswers form={form} data={data} documents={[{ id: 12, name: 'Estatutos firmados', extension: 'pdf', route: '/d/12' }]} />
      </MantineProvider>,
    );
    expect(answerOf('Empleados')).toBe('1,500');
    expect(answerOf('Tiene local')).toBe('Sí');
    expect(answerOf('Estatutos')).toBe('Estatutos firmados.pdf');
    const maria = screen.getByRole('group', { name: 'Socio 1 · María Pérez' });
    expect(answerOf('Moneda', maria)).toBe('Dólares');
    expect(answerOf('Aporte', maria)).toBe('US$ 2,500.50');
    expect(answerOf('Provincia', maria)).toBe('32');
    await screen.findByText('Santo Domingo Este');
    expect(answerOf('Municipio', maria)).toBe('Santo Domingo Este');
    expect(asked).toContain('/v1/region/municipios?provinciaId=32');
  });

  it('groups each grid row under its name (item name, number, x-row-label), its fields by their own titles', async () => {
    render(
      <MantineProvider>
        <SubmittedAnswers form={form} data={data} />
      </MantineProvider>,
    );
    const partners = screen.getByRole('region', { name: 'Socios' });
    // The section's heading, then one smaller heading per row.
    expect(within(partners).getAllByRole('heading').map((h) => [h.tagName, h.textContent])).toEqual([
      ['H3', 'Socios'],
      ['H4', 'Socio 1 · María Pérez'],
      ['H4', 'Socio 2 · Ferretería Ozama SRL'],
    ]);
    const company = within(partners).getByRole('group', { name: 'Socio 2 · Ferretería Ozama SRL' });
    expect(answerOf('Aporte', company)).toBe('RD$ 10.00');
    expect(within(partners).queryByText(/Socios \d:/)).toBeNull();
    // A row named by an option-list answer reads its label once the list is in.
    await screen.findByRole('group', { name: 'Banco 1 · Banco Popular Dominicano' });
  });

  it('folds on the review: sections start folded (the ones with errors open and marked), long rows fold, all open at once', async () => {
    const user = userEvent.setup();
    render(
      <MantineProvider>
        <SubmittedAnswers
          form={form}
          data={data}
          foldable
          longFrom={5}
          withErrors={['bancos']}
          sectionAction={(s) => <a href={`#${s.key}`}>Cambiar {s.title}</a>}
        />
      </MantineProvider>,
    );
    const toggle = (name: string | RegExp) => screen.getByRole('button', { name });
    expect(toggle('Empresa').getAttribute('aria-expanded')).toBe('false');
    expect(shown(screen.getByText('Empleados'))).toBe(false);
    // "Cambiar" stays reachable with the section folded.
    expect(shown(screen.getByRole('link', { name: 'Cambiar Empresa' }))).toBe(true);
    // A section with errors is open and says so; its region keeps the section's name.
    expect(toggle('Referencias bancarias Con errores').getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('region', { name: 'Referencias bancarias' })).toBeTruthy();

    // The keyboard unfolds a section: a real button with aria-expanded.
    toggle('Empresa').focus();
    await user.keyboard('{Enter}');
    expect(toggle('Empresa').getAttribute('aria-expanded')).toBe('true');
    expect(shown(screen.getByText('Empleados'))).toBe(true);
    await user.keyboard(' ');
    expect(toggle('Empresa').getAttribute('aria-expanded')).toBe('false');

    // Rows with more than a few answers fold under their name; short ones are shown.
    await user.click(toggle('Socios'));
    const maria = toggle('Socio 1 · María Pérez');
    expect(maria.getAttribute('aria-expanded')).toBe('false');
    expect(shown(screen.getByRole('group', { name: 'Socio 2 · Ferretería Ozama SRL' }))).toBe(true);
    expect(screen.queryByRole('button', { name: /Socio 2/ })).toBeNull();
    await user.click(maria);
    expect(answerOf('Moneda', screen.getByRole('group', { name: 'Socio 1 · María Pérez' }))).toBe('Dólares');

    await user.click(screen.getByRole('button', { name: 'Mostrar todas las respuestas' }));
    for (const name of ['Empresa', 'Socios', 'Socio 1 · María Pérez']) expect(toggle(name).getAttribute('aria-expanded')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Ocultar todas' }));
    for (const name of ['Empresa', 'Socios', 'Referencias bancarias Con errores']) expect(toggle(name).getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('button', { name: 'Mostrar todas las respuestas' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('a short review is shown whole even where it could fold: no buttons, every answer visible', () => {
    render(
      <MantineProvider>
        <SubmittedAnswers form={form} data={data} foldable sectionAction={(s) => <a href={`#${s.key}`}>Cambiar {s.title}</a>} />
      </MantineProvider>,
    );
    expect(screen.queryByRole('button', { name: 'Mostrar todas las respuestas' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Empresa' })).toBeNull();
    expect(shown(screen.getByText('Empleados'))).toBe(true);
  });
});
