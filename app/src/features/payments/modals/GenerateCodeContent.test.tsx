/** GENERATE_CODE_MODAL's content in jsdom, against a fake server: the code box's rules (spec §4, §5) and the SIRITE call. */
import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import GenerateCodeContent from './GenerateCodeContent';

const SLIP = {
  code: '04512345678',
  item_id: 7,
  request_id: 3,
  request_code: 'SOL-2026-000003',
  agency: 'PGR',
  concept: 'Certificado de no antecedentes penales',
  amount: 200,
  currency: 'DOP',
  created_at: '2026-11-24T10:00:00.000Z',
  bank: null,
  instructions: ['Pague en cualquier banco afiliado con el número.'],
  sandbox: false,
};

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('GENERATE_CODE_MODAL', () => {
  it('shows the number; the code box only after the toggle, digits only, 11 at most, shorter is invalid; «Pago realizado» posts to SIRITE', async () => {
    const calls: { method: string; url: string; body: string }[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      calls.push({ method: request.method, url: request.url, body: request.method === 'GET' ? '' : await request.text() });
      if (request.url.includes('/payment-code')) return json(200, { data: SLIP });
      const item = { id: 7, agency: 'PGR', concept: SLIP.concept, base_amount: 200, amount: 200, extras: [], currency: 'DOP', status: 'pagado', method: 'transferencia', paid_at: null, reference: 'SBX-1', card_brand: null, card_last4: null, approval_number: '123456', proof_name: null, review_note: null, estimated_date: null };
      return json(200, { data: { message: 'Pago confirmado. ¡Gracias!', item, request_status: 'en_revision' } });
    });
    const open = vi.fn();
    render(
      <MantineProvider env="test">
        <SWRConfig value={{ provider: () => new Map() }}>
          <GenerateCodeContent data={{ requestId: 3, itemId: 7 }} close={() => undefined} open={open} />
        </SWRConfig>
      </MantineProvider>,
    );
    // On screen, and in the print copy under the body (hidden on screen by its style sheet).
    expect((await screen.findAllByText(SLIP.code)).map((e) => e.id)).toEqual(['numero-autorizacion', '']);
    expect(document.body.classList.contains('payment-slip-print')).toBe(true);
    expect(document.querySelector('body > [data-payment-slip-print]')?.textContent).toContain('Volante de pago');
    expect(calls[0].url).toContain('/v1/portals/requests/3/payment-code?item_id=7');
    expect(screen.getByRole('link', { name: 'Descargar PDF' }).getAttribute('href')).toBe('/v1/portals/requests/3/payment-code/pdf?item_id=7');
    expect(screen.queryByRole('textbox', { name: /Código de autorización/ })).toBeNull();
    const pay = screen.getByRole('button', { name: 'Pago realizado' }) as HTMLButtonElement;
    expect(pay.disabled).toBe(true);

    await userEvent.click(screen.getByRole('switch', { name: 'Ya tengo mi código' }));
    const box = screen.getByRole('textbox', { name: /Código de autorización/ }) as HTMLInputElement;
    await userEvent.type(box, '04a5-12 3');
    expect(box.value).toBe('045123');
    await userEvent.tab();
    expect(screen.getByText('Código inválido')).toBeTruthy();
    expect(pay.disabled).toBe(true);
    await userEvent.type(box, '456789');
    expect(box.value).toBe(SLIP.code);
    expect(screen.queryByText('Código inválido')).toBeNull();
    expect(pay.disabled).toBe(false);

    await userEvent.click(pay);
    expect(await screen.findByText('Requerido')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await userEvent.type(screen.getByRole('textbox', { name: /Número de aprobación del banco/ }), '123456');
    await userEvent.click(pay);
    expect(await screen.findByText('Pago confirmado. ¡Gracias!')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url).toContain(`/v1/portals/sirite/response?code=${SLIP.code}`);
    expect(JSON.parse(post?.body ?? '{}')).toEqual({ approval_number: '123456' });
    await waitFor(() => expect(open).toHaveBeenCalledWith('PAY_VUF_SUCCESS_MODAL', { data: { requestId: 3, itemId: 7 } }), { timeout: 3000 });
  });
});
