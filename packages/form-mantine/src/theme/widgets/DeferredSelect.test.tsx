// @vitest-environment jsdom
/**
 * DeferredSelect: a stand-in of the same name and role first; the real
 * Select when the browser is idle, when the pointer comes over it, or when it
 * takes the focus (which the real input then has).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installMantineJsdomShims } from '../../testing/mantineInJsdom';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { DeferredSelect, deferSelectsForTests } from './DeferredSelect';

let idle: (() => void)[] = [];
beforeAll(() => {
  installMantineJsdomShims();
  // Idle moments the test hands out.
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
  deferSelectsForTests(true);
});
afterAll(() => {
  deferSelectsForTests(false);
  vi.unstubAllGlobals();
});
afterEach(() => {
  cleanup();
  idle = [];
});

const DATA = [{ value: 'p', label: 'Persona' }, { value: 'e', label: 'Empresa' }];
const draw = (n = 1) =>
  render(
    <MantineProvider env="test">
      {Array.from({ length: n }, (_, i) => (
        <DeferredSelect key={i} id={`s${i}`} label={`Tipo ${i}`} data={DATA} value="e" onChange={() => undefined} />
      ))}
    </MantineProvider>,
  );
const standIns = () => document.querySelectorAll('[data-stand-in]').length;
const idleMoment = () => act(() => idle.shift()?.());

describe('DeferredSelect', () => {
  it('draws a stand-in with the select\'s name, role and chosen label, and makes the Selects a few per idle moment', () => {
    draw(6);
    expect(standIns()).toBe(6);
    const first = screen.getByRole('combobox', { name: 'Tipo 0' });
    expect(first).toHaveProperty('value', 'Empresa');
    expect(first.getAttribute('aria-expanded')).toBe('false');
    idleMoment();
    expect(standIns()).toBe(4);
    idleMoment();
    idleMoment();
    expect(standIns()).toBe(0);
    expect(screen.getByRole('combobox', { name: 'Tipo 5' })).toHaveProperty('value', 'Empresa');
  });

  it('is the Select when the pointer comes over it, and opens with the click that follows', async () => {
    draw();
    fireEvent.pointerEnter(screen.getByRole('combobox', { name: 'Tipo 0' }));
    expect(standIns()).toBe(0);
    await userEvent.click(screen.getByRole('combobox', { name: 'Tipo 0' }));
    expect(await screen.findByRole('option', { name: 'Persona' })).toBeTruthy();
  });

  it('is the Select when it takes the focus, and the real input keeps the focus', () => {
    draw();
    act(() => screen.getByRole('combobox', { name: 'Tipo 0' }).focus());
    expect(standIns()).toBe(0);
    const input = screen.getByRole('combobox', { name: 'Tipo 0' });
    expect(document.activeElement).toBe(input);
    expect(input.hasAttribute('data-stand-in')).toBe(false);
  });
});
