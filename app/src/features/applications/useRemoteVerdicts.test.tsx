/**
 * A draft's remote verdicts re-render the application's step only when they change: the same
 * verdicts again (the usual answer of the checks run after the page shows, and of each step's
 * report) keep the list it has, so the whole step is not drawn a second time for nothing.
 */
import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import type { FormSchema } from '@portal/form-engine';
import { sameVerdicts, useRemoteVerdicts } from './useRemoteVerdicts';

/** A form without lookups: running its checks asks no registry and finds nothing. */
const schema = { type: 'object', properties: { empresa: { type: 'object', properties: { nombre: { type: 'string' } } } } } as unknown as FormSchema;
const draft = { empresa: { nombre: 'Ferretería Duarte' } };
const taken = { path: 'empresa.nombre', message: 'Ese nombre ya está registrado.', value: 'Ferretería Duarte' };

function counted() {
  let renders = 0;
  const hook = renderHook(() => {
    renders++;
    return useRemoteVerdicts(schema, draft);
  });
  return { hook, renders: () => renders };
}

describe('useRemoteVerdicts', () => {
  it('keeps its list (no render) when the checks find what it already holds', async () => {
    const { hook, renders } = counted();
    const before = renders();
    const first = hook.result.current.errors;
    await act(() => hook.result.current.recheck('empresa'));
    expect(hook.result.current.errors).toBe(first);
    expect(renders()).toBe(before);
  });

  it('keeps its list when a step reports the same verdicts, and takes a different report', () => {
    const { hook, renders } = counted();
    act(() => hook.result.current.fromForm('empresa', [taken]));
    const held = hook.result.current.errors;
    expect(held).toEqual([taken]);
    const before = renders();
    act(() => hook.result.current.fromForm('empresa', [{ ...taken }]));
    expect(hook.result.current.errors).toBe(held);
    expect(renders()).toBe(before);
    act(() => hook.result.current.fromForm('empresa', []));
    expect(hook.result.current.errors).toEqual([]);
    expect(hook.result.current.holding).toEqual([]);
  });

  it('compares verdicts by field, message and value, in order', () => {
    expect(sameVerdicts([taken], [{ ...taken }])).toBe(true);
    expect(sameVerdicts([taken], [{ ...taken, value: 'Otra' }])).toBe(false);
    expect(sameVerdicts([taken], [{ ...taken, message: 'Otro' }])).toBe(false);
    expect(sameVerdicts([taken], [])).toBe(false);
  });
});
