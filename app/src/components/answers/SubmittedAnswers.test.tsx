/**
 * The answers read back (review, request page, back office) are the engine's
 * text (`answerDisplay`), the same as the form's grids: numbers grouped,
 * amounts in the currency of their row (`fila.`), documents by name, list
 * values by their option's label.
 */
import { render, screen, within } from '@testing-library/react';
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
      items: {
        type: 'object',
        properties: {
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
  },
} as FormSchema;

const form: OnlineForm = {
  name: 'prueba',
  schema,
  sections: Object.entries(schema.properties).map(([key, node]) => ({ key, title: node.title ?? key, node })),
} as OnlineForm;

const data = {
  empresa: { empleados: 1500, tiene_local: true, estatutos: 12 },
  socios: [{ moneda: 'USD', aporte: 2500.5, provincia: 32, municipio: 7 }],
};

function answerOf(label: string): string {
  const term = screen.getByText(label, { selector: 'dt' });
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
    expect(answerOf('Socios 1: Moneda')).toBe('Dólares');
    expect(answerOf('Socios 1: Aporte')).toBe('US$ 2,500.50');
    expect(answerOf('Socios 1: Provincia')).toBe('32');
    await screen.findByText('Santo Domingo Este');
    expect(answerOf('Socios 1: Municipio')).toBe('Santo Domingo Este');
    expect(asked).toEqual(['/v1/region/municipios?provinciaId=32']);
  });
});
