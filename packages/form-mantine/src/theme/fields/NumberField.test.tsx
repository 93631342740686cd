// @vitest-environment jsdom
/**
 * Number fields in SchemaForm: what is being typed stays as typed ("12.",
 * "0.50") while the draft gets the number, and drawing a form of numbers does
 * not build an `Intl.NumberFormat` per field and render (RJSF's NumberField
 * did, to learn the decimal separator our widgets never needed).
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import type { FormSchema } from '@portal/form-engine';
import { installMantineJsdomShims } from '../../testing/mantineInJsdom';
import { offlineFormApi, listsByUrl } from '../../testing/offlineFormApi';
import { SchemaForm } from '../../schema-form/SchemaForm';

beforeAll(() => installMantineJsdomShims());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const FIELDS = 12;
const schema = {
  type: 'object',
  properties: Object.fromEntries(
    Array.from({ length: FIELDS }, (_, i) => [`n${i}`, i % 2 === 0 ? { type: 'number', title: `Porcentaje ${i}` } : { type: 'integer', title: `Empleados ${i}`, minimum: 0 }]),
  ),
} as unknown as FormSchema;

function renderForm(onChange: (data: Record<string, unknown>) => void = () => undefined) {
  return render(
    <MantineProvider env="test">
      <SchemaForm schema={schema} formData={{ n1: 4 }} onChange={onChange} api={offlineFormApi(listsByUrl({}))} today="2026-11-29" notify={() => ''} dismiss={() => undefined} />
    </MantineProvider>,
  );
}

describe('number fields', () => {
  it('keep an unfinished decimal as typed while the draft gets the number', async () => {
    const seen: Record<string, unknown>[] = [];
    renderForm((data) => seen.push(data));
    const input = screen.getByRole('textbox', { name: 'Porcentaje 0' });
    await userEvent.type(input, '12.');
    expect(input).toHaveProperty('value', '12.');
    await userEvent.type(input, '5');
    expect(input).toHaveProperty('value', '12.5');
    await waitFor(() => expect(seen.at(-1)?.n0).toBe(12.5));
    await userEvent.clear(input);
    await userEvent.type(input, '0.50');
    expect(input).toHaveProperty('value', '0.50');
    await waitFor(() => expect(seen.at(-1)?.n0).toBe(0.5));
    expect(screen.getByRole('textbox', { name: 'Empleados 1' })).toHaveProperty('value', '4');
  });

  it('are drawn and redrawn without building an Intl.NumberFormat', async () => {
    const made = vi.spyOn(Intl, 'NumberFormat');
    renderForm();
    const input = screen.getByRole('textbox', { name: 'Empleados 1' });
    await userEvent.type(input, '2');
    await act(async () => undefined);
    expect(input).toHaveProperty('value', '42');
    expect(made.mock.calls.length, `Intl.NumberFormat built ${made.mock.calls.length} times for ${FIELDS} fields`).toBe(0);
  });
});
