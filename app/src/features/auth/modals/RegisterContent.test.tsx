/**
 * REGISTER in jsdom with the real HTTP client and a stubbed fetch: the password's guessability is the
 * server's verdict (its words under the field, the citizen stays); without an answer from the check
 * the form goes on to CHOOSE_AUTH_METHOD with everything typed, where the registration's own verdict counts.
 */
import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetPasswordVerdicts } from '../components/passwordRules';
import RegisterContent from './RegisterContent';

const GUESSABLE = 'La contraseña es fácil de adivinar: esto es similar a una contraseña de uso común. Use una frase de varias palabras o combine palabras, números y símbolos.';
const json = (status: number, body: object) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The password check answered by `check`; every other call (shell-config) finds nothing. Returns the checks sent. */
function stubServer(check: () => Response) {
  const checks: unknown[] = [];
  vi.stubGlobal('fetch', vi.fn(async (request: Request) => {
    if (!new URL(request.url).pathname.endsWith('/password-check')) return json(404, { message: 'Recurso no encontrado' });
    checks.push(JSON.parse(await request.clone().text()));
    return check();
  }));
  return checks;
}

afterEach(() => {
  vi.unstubAllGlobals();
  forgetPasswordVerdicts();
});

async function fillAndSend(password: string) {
  const open = vi.fn();
  render(
    <MantineProvider env="test">
      <RegisterContent data={{}} close={() => undefined} open={open} />
    </MantineProvider>,
  );
  const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`));
  await userEvent.type(field('Cédula'), '00104578232');
  await userEvent.type(field('Fecha de nacimiento'), '14051968');
  await userEvent.type(field('Correo electrónico'), 'maria@example.com');
  await userEvent.type(field('Contraseña'), password);
  await userEvent.type(field('Confirme la contraseña'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
  return { open, field };
}

describe('RegisterContent and the password check', () => {
  it('a password the server finds guessable: its words under the field, the focus there, the citizen stays', { timeout: 30000 }, async () => {
    const checks = stubServer(() => json(200, { score: 0, problem: GUESSABLE }));
    const { open, field } = await fillAndSend('password12');
    await waitFor(() => expect(document.activeElement).toBe(field('Contraseña')));
    expect(screen.getAllByText(GUESSABLE).length).toBeGreaterThan(0);
    expect(open).not.toHaveBeenCalled();
    expect(checks).toContainEqual({ password: 'password12', cedula: '00104578232', personal: ['maria@example.com'] });
  });

  it('no answer from the check (no connection): the form goes on with everything typed', { timeout: 30000 }, async () => {
    stubServer(() => {
      throw new TypeError('Failed to fetch');
    });
    const { open } = await fillAndSend('Mango-verde-Bani-2026');
    await waitFor(() => expect(open).toHaveBeenCalled());
    expect(open).toHaveBeenCalledWith('CHOOSE_AUTH_METHOD', {
      data: expect.objectContaining({
        form: { cedula: '00104578232', fecha: '14/05/1968', email: 'maria@example.com', password: 'Mango-verde-Bani-2026', confirmation: 'Mango-verde-Bani-2026' },
      }),
    });
  });
});
