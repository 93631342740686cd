/** The password field in jsdom: the strength hint in the server's words, and show/hide by keyboard. */
import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { passwordProblem } from '@portal/form-engine/password';
import { MantineProvider } from '@mantine/core';
import { PASSWORD_ADVICE, PasswordField } from './PasswordField';

function Harness({ error }: { error?: string }) {
  const [value, setValue] = useState('');
  return (
    <MantineProvider env="test">
      <PasswordField label="Contraseña" value={value} onChange={setValue} withStrength cedula="00104578232" personal={['maria@example.com']} error={error} />
    </MantineProvider>
  );
}

const hint = () => document.querySelector('[data-password-hint]')?.textContent ?? '';

describe('PasswordField', () => {
  it('shows the advice while empty, then the strength and the same reason the server gives', { timeout: 30000 }, async () => {
    render(<Harness />);
    expect(hint()).toBe(PASSWORD_ADVICE);
    const input = screen.getByLabelText(/^Contraseña/);
    await userEvent.type(input, 'corto');
    await waitFor(() => expect(hint()).toContain('Seguridad: Muy débil'));
    expect(hint()).toContain(passwordProblem('corto', '00104578232')!);

    await userEvent.clear(input);
    await userEvent.type(input, 'x00104578232x');
    await waitFor(() => expect(hint()).toContain('La contraseña no puede contener la cédula'));

    await userEvent.clear(input);
    await userEvent.type(input, 'Mango-verde-Bani-2026');
    await waitFor(() => expect(hint()).toBe('Seguridad: Muy buena. Cumple las reglas del portal.'));
  });

  it('does not repeat under the hint a refusal the field already shows', { timeout: 30000 }, async () => {
    render(<Harness error="La contraseña debe tener al menos 10 caracteres" />);
    await userEvent.type(screen.getByLabelText(/^Contraseña/), 'corto');
    await waitFor(() => expect(hint()).toBe('Seguridad: Muy débil.'));
    expect(screen.getByText('La contraseña debe tener al menos 10 caracteres')).toBeTruthy();
  });

  it('shows and hides what was typed with a button reachable by keyboard (aria-pressed)', async () => {
    render(<Harness />);
    const input = screen.getByLabelText(/^Contraseña/);
    expect(input.getAttribute('type')).toBe('password');
    await userEvent.click(input);
    await userEvent.tab();
    const toggle = screen.getByRole('button', { name: 'Mostrar lo escrito' });
    expect(document.activeElement).toBe(toggle);
    await userEvent.keyboard(' ');
    expect(input.getAttribute('type')).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
  });
});

describe('PasswordField description', () => {
  it('the input is described by the hint, and by the error too when there is one', () => {
    const { unmount } = render(
      <MantineProvider env="test">
        <PasswordField label="Contraseña" value="" onChange={() => undefined} withStrength />
      </MantineProvider>,
    );
    const describedBy = () => (screen.getByLabelText(/^Contraseña/).getAttribute('aria-describedby') ?? '').split(/\s+/).map((id) => document.getElementById(id)?.textContent);
    expect(describedBy()).toEqual([PASSWORD_ADVICE]);
    expect(screen.getByLabelText(/^Contraseña/).getAttribute('aria-invalid')).not.toBe('true');
    unmount();
    render(
      <MantineProvider env="test">
        <PasswordField label="Contraseña" value="" onChange={() => undefined} withStrength error="Este campo es requerido" />
      </MantineProvider>,
    );
    expect(describedBy()).toEqual(['Este campo es requerido', PASSWORD_ADVICE]);
    // A refused password is announced as invalid, as every other field in error.
    expect(screen.getByLabelText(/^Contraseña/).getAttribute('aria-invalid')).toBe('true');
  });
});
