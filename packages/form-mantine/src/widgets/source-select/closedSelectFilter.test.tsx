// @vitest-environment jsdom
/**
 * A closed select filters nothing: Mantine's Select runs its filter (and builds an element per option
 * it returns) on every render, open or closed. The real filter is wrapped to see what it is asked for.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import type { FormSchema } from '@portal/form-engine';
import { installMantineJsdomShims } from '../../testing/mantineInJsdom';
import { SchemaForm } from '../../schema-form/SchemaForm';
import { offlineFormApi } from '../../testing/offlineFormApi';

/** What each filter call returned: how many options, with the limit it was given. */
const calls: { limit: number; returned: number }[] = [];

vi.mock('../../theme/widgets/wordFilter', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../theme/widgets/wordFilter')>();
  return {
    wordFilter: (...args: Parameters<typeof real.wordFilter>) => {
      const filter = real.wordFilter(...args);
      return ((input: Parameters<typeof filter>[0]) => {
        const out = filter(input);
        calls.push({ limit: input.limit, returned: out.length });
        return out;
      }) as typeof filter;
    },
  };
});

beforeAll(() => {
  installMantineJsdomShims();
});
afterEach(() => cleanup());

const NATIONALITIES = { data: Array.from({ length: 150 }, (_, i) => ({ id: i + 1, nombre: `Nacionalidad ${i + 1}` })) };
const schema = {
  type: 'object',
  properties: {
    nacionalidad: { type: 'integer', title: 'Nacionalidad', 'x-source': { url: '/v1/region/nacionalidades', items: 'data', value: 'id', label: 'nombre', searchable: true } },
    colores: { type: 'string', title: 'Color', oneOf: Array.from({ length: 12 }, (_, i) => ({ const: `c${i}`, title: `Color ${i}` })) },
  },
} as unknown as FormSchema;
const api = offlineFormApi(() => ({ status: 200, body: NATIONALITIES }));

describe('a closed select', () => {
  it('asks its filter for nothing while closed (limit 0), for its list once opened (100 of a searchable source, every fixed option)', async () => {
    render(
      <MantineProvider env="test">
        <SchemaForm schema={schema} formData={{ nacionalidad: 3 }} onChange={() => undefined} api={api} today="2026-11-27" notify={() => ''} dismiss={() => undefined} />
      </MantineProvider>,
    );
    const input = screen.getByRole('combobox', { name: 'Nacionalidad' });
    await waitFor(() => expect((input as HTMLInputElement).value).toBe('Nacionalidad 3'));
    // Drawn closed, with its 150 options loaded: every call so far was for no option.
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((c) => c.limit === 0 && c.returned === 0), JSON.stringify(calls)).toBe(true);

    calls.length = 0;
    await userEvent.click(input);
    await screen.findByRole('listbox', { name: 'Nacionalidad' });
    expect(screen.getAllByRole('option').length).toBe(100);
    expect(calls.some((c) => c.limit === 100 && c.returned === 100), JSON.stringify(calls)).toBe(true);
    await userEvent.keyboard('{Escape}');

    calls.length = 0;
    const colour = screen.getByRole('combobox', { name: 'Color' });
    await userEvent.click(colour);
    await screen.findByRole('listbox', { name: 'Color' });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(Array.from({ length: 12 }, (_, i) => `Color ${i}`));
  });
});
