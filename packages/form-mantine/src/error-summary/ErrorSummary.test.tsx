// @vitest-environment jsdom
/**
 * The error summary takes focus for a new attempt, not when the list shrinks as
 * the citizen fixes fields (the app drops each fixed field from the list).
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import type { PathMessage } from '@portal/form-engine';
import { ErrorSummary, ERROR_SUMMARY_TITLE } from './ErrorSummary';

beforeAll(() => {
  window.matchMedia ??= (query: string) =>
    ({ matches: false, media: query, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false }) as MediaQueryList;
});

afterEach(() => cleanup());

const A: PathMessage = { path: 'documentos.estatutos', message: 'Este campo es requerido' };
const B: PathMessage = { path: 'documentos.acta', message: 'Este campo es requerido' };

const view = (errors: PathMessage[], focusKey?: unknown) => (
  <MantineProvider>
    <input aria-label="Otro campo" />
    <ErrorSummary errors={errors} focusKey={focusKey} />
  </MantineProvider>
);

describe('ErrorSummary', () => {
  it('with focusKey: a field fixed (the list shrinks) leaves focus where it is; a new attempt takes it; an empty list shows nothing', () => {
    const { rerender } = render(view([A, B], 1));
    const summary = screen.getByRole('alert');
    expect(document.activeElement).toBe(summary);
    const other = screen.getByRole('textbox', { name: 'Otro campo' });
    other.focus();
    rerender(view([B], 1));
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(document.activeElement).toBe(other);
    rerender(view([B], 2));
    expect(document.activeElement).toBe(screen.getByRole('alert'));
    rerender(view([], 2));
    expect(screen.queryByText(ERROR_SUMMARY_TITLE)).toBeNull();
  });

  it('without focusKey: each new list takes focus, as before', () => {
    const { rerender } = render(view([A, B]));
    const other = screen.getByRole('textbox', { name: 'Otro campo' });
    other.focus();
    rerender(view([B]));
    expect(document.activeElement).toBe(screen.getByRole('alert'));
  });
});
