/**
 * SERVICE_CLAIMS in jsdom through the real HTTP client with a stubbed fetch:
 * opened with `{ request_id }` (the request page's shape) it starts on that
 * request; ENVIAR posts the multipart the server reads and shows the new claim
 * (SERVICE_CLAIM_DETAILS); a failed call keeps everything typed and says so.
 */
import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ServiceClaimsContent, { CLAIM_FAILED } from './ServiceClaimsContent';

const json = (status: number, body: object) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const ISSUES = [{ id: 1, name: 'Demora en la respuesta', description: 'Tarda más de lo indicado.' }, { id: 2, name: 'Mala atención', description: 'Trato inadecuado.' }];
const REQUESTS = [
  { id: 41, code: 'SOL-2026-000041', form: 'certificado-no-antecedentes', service: 'Certificado de no antecedentes penales', status: 'enviada', submitted_at: '2026-11-20T12:00:00.000Z', items: [], total_pending: 0 },
  { id: 42, code: 'SOL-2026-000042', form: 'renovacion-licencia-conducir', service: 'Renovación de licencia de conducir', status: 'en_revision', submitted_at: '2026-11-21T12:00:00.000Z', items: [], total_pending: 0 },
];

interface Sent { path: string; method: string; form: Record<string, FormDataEntryValue> | null }

function stub(claimAnswer: () => Response) {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', vi.fn(async (request: Request) => {
    const path = new URL(request.url).pathname;
    const form = request.method === 'POST' ? Object.fromEntries((await request.clone().formData()).entries()) : null;
    sent.push({ path, method: request.method, form });
    if (path === '/v1/issues') return json(200, { data: ISSUES });
    if (path === '/v1/portals/requests/citizen-profile/getRequestsByCitizenProfile') return json(200, { data: REQUESTS });
    if (path === '/v1/portals/myclaims') return json(200, { data: [] });
    if (path === '/v1/portals/claim') return claimAnswer();
    return json(404, { message: 'No encontrado' });
  }));
  return sent;
}

function renderContent(data: unknown) {
  const open = vi.fn();
  const close = vi.fn();
  render(
    <MantineProvider env="test">
      <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false }}>
        <ServiceClaimsContent data={data} open={open} close={close} />
      </SWRConfig>
    </MantineProvider>,
  );
  return { open, close };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SERVICE_CLAIMS', () => {
  it('opened with { request_id } starts on that request, sends the multipart the server reads and shows the new claim', async () => {
    const sent = stub(() => json(201, { data: { id: 9 } }));
    const { open } = renderContent({ request_id: 42 });
    const user = userEvent.setup();
    const subject = await screen.findByRole('combobox', { name: /¿Sobre qué es su reclamo\?/ });
    await waitFor(() => expect((subject as HTMLSelectElement).value).toBe('solicitud:42'));
    expect(screen.getByRole('option', { name: 'Mi solicitud SOL-2026-000042 (Renovación de licencia de conducir)' })).toBeTruthy();
    await screen.findByRole('option', { name: 'Mala atención' });
    await user.selectOptions(screen.getByRole('combobox', { name: /Tipo de reclamo/ }), '2');
    await user.type(screen.getByRole('textbox', { name: /Descripción/ }), 'Me atendieron de mala manera.');
    await user.click(screen.getByRole('button', { name: 'ENVIAR' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('SERVICE_CLAIM_DETAILS', { data: { claim_id: 9 } }));
    const post = sent.find((s) => s.path === '/v1/portals/claim');
    expect(post?.form).toEqual({ request_id: '42', issue_id: '2', description: 'Me atendieron de mala manera.' });
  });

  it('says what is missing without sending; a failed call keeps everything typed and shows a Spanish message', async () => {
    const sent = stub(() => json(500, {}));
    const { open } = renderContent({ service_slug: 'renovacion-licencia-de-conducir', service_name: 'Renovación de licencia de conducir' });
    const user = userEvent.setup();
    await screen.findByRole('option', { name: 'Demora en la respuesta' });
    await user.click(screen.getByRole('button', { name: 'ENVIAR' }));
    expect(await screen.findAllByText('Requerido')).toHaveLength(2);
    expect(sent.some((s) => s.path === '/v1/portals/claim')).toBe(false);

    await user.selectOptions(screen.getByRole('combobox', { name: /Tipo de reclamo/ }), '1');
    const description = screen.getByRole('textbox', { name: /Descripción/ });
    await user.type(description, 'Corta');
    await user.click(screen.getByRole('button', { name: 'ENVIAR' }));
    await screen.findByText('La descripción debe tener entre 10 y 2000 caracteres');
    await user.type(description, ' pero ahora ya es suficiente.');
    await user.click(screen.getByRole('button', { name: 'ENVIAR' }));
    expect((await screen.findByText(CLAIM_FAILED)).closest('[role="alert"]')).not.toBeNull();
    expect(open).not.toHaveBeenCalled();
    expect((description as HTMLTextAreaElement).value).toBe('Corta pero ahora ya es suficiente.');
    expect((screen.getByRole('combobox', { name: /¿Sobre qué es su reclamo\?/ }) as HTMLSelectElement).value).toBe('servicio:renovacion-licencia-de-conducir');
    expect(sent.find((s) => s.path === '/v1/portals/claim')?.form).toEqual({ service_slug: 'renovacion-licencia-de-conducir', issue_id: '1', description: 'Corta pero ahora ya es suficiente.' });
  });
});
