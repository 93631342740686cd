/**
 * CHOOSE_AUTH_METHOD in jsdom with the real HTTP client and a stubbed fetch:
 * the e-mail method sends the registration; a busy server is said plainly and
 * the citizen stays; a refused form goes back to REGISTER with the message.
 */
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '../../../lib/session';
import ChooseAuthMethodContent from './ChooseAuthMethodContent';

const form = { cedula: '00104578232', fecha: '14/05/1968', email: 'maria@example.com', password: 'Mango-verde-Bani-2026', confirmation: 'Mango-verde-Bani-2026' };
const json = (status: number, body: object) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderWith(answer: Response) {
  const sent: { url: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (request: Request) => {
    sent.push({ url: request.url, body: JSON.parse(await request.clone().text()) });
    return answer;
  });
  vi.stubGlobal('fetch', fetchMock);
  const open = vi.fn();
  render(
    <MantineProvider env="test">
      <ChooseAuthMethodContent data={{ form, returnTo: '/mis-solicitudes' }} close={() => undefined} open={open} />
    </MantineProvider>,
  );
  return { sent, open };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ChooseAuthMethodContent', () => {
  it('sends the registration (ISO birth date) and goes on to CONFIRMATION_EMAIL with the token in the data', async () => {
    const { sent, open } = renderWith(json(202, { message: 'Le enviamos un código', registration_token: 'r'.repeat(43), resend_after_seconds: 60 }));
    await userEvent.click(screen.getByRole('button', { name: 'Enviar el código a mi correo' }));
    await vi.waitFor(() => expect(open).toHaveBeenCalled());
    expect(sent).toHaveLength(1);
    expect(new URL(sent[0].url).pathname).toBe('/v1/portals/auth/citizens/register');
    expect(sent[0].body).toEqual({
      cedula: '00104578232', fecha_nacimiento: '1968-05-14', email: 'maria@example.com', password: form.password, password_confirmation: form.password,
    });
    expect(open).toHaveBeenCalledWith('CONFIRMATION_EMAIL', {
      data: expect.objectContaining({ token: 'r'.repeat(43), resendAfter: 60, form, returnTo: '/mis-solicitudes' }),
    });
  });

  it('a busy server (503): its message as a warning, the citizen stays to try again', async () => {
    const { open } = renderWith(json(503, { message: 'El servicio está ocupado; intente de nuevo en unos segundos' }));
    await userEvent.click(screen.getByRole('button', { name: 'Enviar el código a mi correo' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Servicio ocupado');
    expect(alert.textContent).toContain('El servicio está ocupado; intente de nuevo en unos segundos');
    expect(open).not.toHaveBeenCalled();
  });

  it('a refused form (400 on fecha_nacimiento): back to REGISTER with the form and the message', async () => {
    const message = 'La cédula y la fecha de nacimiento no coinciden con el registro de la JCE';
    const { open } = renderWith(json(400, { message, errors: [{ path: 'fecha_nacimiento', message }] }));
    await userEvent.click(screen.getByRole('button', { name: 'Enviar el código a mi correo' }));
    await vi.waitFor(() => expect(open).toHaveBeenCalled());
    expect(open).toHaveBeenCalledWith('REGISTER', {
      data: expect.objectContaining({ form, failure: expect.objectContaining({ fields: { fecha_nacimiento: message } }) }),
    });
  });
});

describe('ChooseAuthMethodContent, signed in (after the first login, «Mi perfil»)', () => {
  afterEach(() => {
    setSession(null);
  });

  it('offers «Desbloqueo facial o con huella» (→ FACIAL_AUTH) and keeps the password; no registration is sent', async () => {
    setSession({ id: 7, cedula: '00104578232', nombres: 'María Altagracia', apellidos: 'Rosario Méndez', email: 'maria@example.com' });
    // jsdom has no WebAuthn; the browser's is stood in by the global the library looks for.
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const open = vi.fn();
    const close = vi.fn();
    render(
      <MantineProvider env="test">
        <ChooseAuthMethodContent data={undefined} close={close} open={open} />
      </MantineProvider>,
    );
    expect(screen.queryByRole('button', { name: 'Enviar el código a mi correo' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Agregar desbloqueo facial o con huella' }));
    expect(open).toHaveBeenCalledWith('FACIAL_AUTH', { data: { returnTo: undefined } });
    await userEvent.click(screen.getByRole('button', { name: 'Seguir solo con la contraseña' }));
    expect(close).toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('while registering, the face or fingerprint unlock is announced for later, never «not available»', () => {
    renderWith(json(202, {}));
    expect(screen.getByText('Desbloqueo facial o con huella')).toBeTruthy();
    expect(screen.queryByText(/no está disponible/)).toBeNull();
  });
});
