/**
 * The password field in jsdom with the real HTTP client and a stubbed fetch: the strength hint shows the
 * cheap rules at once and the server's verdict once the typing pauses (one call, not one per key); without
 * an answer it says so neutrally; show/hide by keyboard.
 */
import { useState } from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PASSWORD_HAS_CEDULA, PASSWORD_TOO_SHORT } from '@portal/form-engine/password-rules';
import { MantineProvider } from '@mantine/core';
import { PASSWORD_ADVICE, PasswordField, STRENGTH_UNAVAILABLE } from './PasswordField';
import { forgetPasswordVerdicts } from './passwordRules';

const GUESSABLE = 'La contraseña es fácil de adivinar: los caracteres repetidos como "aaa" son fáciles de adivinar. Use una frase de varias palabras o combine palabras, números y símbolos.';
const json = (status: number, body: object) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The server's verdicts by password (a strong one otherwise); returns the bodies sent. */
function stubServer(answer: (password: string) => Response = (password) => json(200, password === 'aaaaaaaaaa' ? { score: 0, problem: GUESSABLE } : { score: 4, problem: null })) {
  const sent: Record<string, unknown>[] = [];
  vi.stubGlobal('fetch', vi.fn(async (request: Request) => {
    const body = JSON.parse(await request.clone().text()) as { password: string };
    sent.push(body);
    return answer(body.password);
  }));
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
  forgetPasswordVerdicts();
});

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
  it('shows the advice while empty, the cheap rules at once, then the server\'s verdict', { timeout: 30000 }, async () => {
    const sent = stubServer();
    render(<Harness />);
    expect(hint()).toBe(PASSWORD_ADVICE);
    const input = screen.getByLabelText(/^Contraseña/);
    await userEvent.type(input, 'corto');
    expect(hint()).toBe(`Seguridad: Muy débil. ${PASSWORD_TOO_SHORT}`);

    await userEvent.clear(input);
    await userEvent.type(input, 'x00104578232x');
    expect(hint()).toBe(`Seguridad: Muy débil. ${PASSWORD_HAS_CEDULA}`);
    // Nothing the browser could judge itself went to the server.
    expect(sent).toEqual([]);

    await userEvent.clear(input);
    await userEvent.type(input, 'aaaaaaaaaa');
    await waitFor(() => expect(hint()).toBe(`Seguridad: Muy débil. ${GUESSABLE}`));

    await userEvent.clear(input);
    await userEvent.type(input, 'Mango-verde-Bani-2026');
    await waitFor(() => expect(hint()).toBe('Seguridad: Muy buena. Cumple las reglas del portal.'));
    // With the cédula and the person's words; only values the cheap rules let through.
    expect(sent[0]).toEqual({ password: 'aaaaaaaaaa', cedula: '00104578232', personal: ['maria@example.com'] });
    expect(sent.at(-1)).toEqual({ password: 'Mango-verde-Bani-2026', cedula: '00104578232', personal: ['maria@example.com'] });
    expect(sent.every((body) => String(body.password).length >= 10)).toBe(true);
  });

  it('asks once the typing pauses: keys in quick succession make one call, for the last value', { timeout: 30000 }, async () => {
    const sent = stubServer();
    render(<Harness />);
    const input = screen.getByLabelText(/^Contraseña/);
    // Twelve keys within the same moment (well inside the 300 ms pause).
    for (let n = 10; n <= 21; n++) fireEvent.change(input, { target: { value: 'Mango-verde-Bani-2026'.slice(0, n) } });
    await waitFor(() => expect(hint()).toBe('Seguridad: Muy buena. Cumple las reglas del portal.'));
    expect(sent).toEqual([{ password: 'Mango-verde-Bani-2026', cedula: '00104578232', personal: ['maria@example.com'] }]);
  });

  it('without the server (no connection) says so neutrally, with no bar; the cheap rules still work', { timeout: 30000 }, async () => {
    vi.stubGlobal('fetch', vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }));
    render(<Harness />);
    const input = screen.getByLabelText(/^Contraseña/);
    await userEvent.type(input, 'Mango-verde-Bani-2026');
    await waitFor(() => expect(hint()).toBe(STRENGTH_UNAVAILABLE));
    expect(document.querySelector('.mantine-Progress-root')).toBeNull();
    await userEvent.clear(input);
    await userEvent.type(input, 'corto');
    expect(hint()).toBe(`Seguridad: Muy débil. ${PASSWORD_TOO_SHORT}`);
  });

  it('does not repeat under the hint a refusal the field already shows', { timeout: 30000 }, async () => {
    stubServer();
    render(<Harness error="La contraseña debe tener al menos 10 caracteres" />);
    await userEvent.type(screen.getByLabelText(/^Contraseña/), 'corto');
    await waitFor(() => expect(hint()).toBe('Seguridad: Muy débil.'));
    expect(screen.getByText('La contraseña debe tener al menos 10 caracteres')).toBeTruthy();
  });

  it('shows and hides what was typed with a button reachable by keyboard (aria-pressed)', async () => {
    stubServer();
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
