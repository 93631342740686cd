/**
 * The profile's calls through the real HTTP client with a stubbed fetch: an
 * update is the whole form as multipart with null values sent as empty
 * strings (spec §7); a refused update surfaces the server's field errors.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/apiError';
import { updateProfile } from './api';
import { EDITABLE } from './fields';

const json = (status: number, body: object) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function stub(answer: Response) {
  const sent: { url: string; method: string; form: FormData }[] = [];
  vi.stubGlobal('fetch', vi.fn(async (request: Request) => {
    sent.push({ url: request.url, method: request.method, form: await request.clone().formData() });
    return answer;
  }));
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('updateProfile', () => {
  it('posts every editable field as multipart to /v1/portals/citizen-profile/{id}/update; null and missing values as empty strings', async () => {
    const sent = stub(json(200, { message: 'Sus datos se guardaron.', data: {}, email_change_pending: false }));
    const answer = await updateProfile(7, { cedula: '40229183641', correo_electronico: 'ana@example.com', telefono: '8095550142', provincia: 1, celular: null });
    expect(answer.message).toBe('Sus datos se guardaron.');
    expect(sent).toHaveLength(1);
    expect(sent[0].method).toBe('POST');
    expect(new URL(sent[0].url).pathname).toBe('/v1/portals/citizen-profile/7/update');
    const form = Object.fromEntries(sent[0].form.entries());
    expect(Object.keys(form).sort()).toEqual([...EDITABLE].sort());
    expect(form).toMatchObject({ correo_electronico: 'ana@example.com', telefono: '8095550142', provincia: '1', celular: '', municipio: '', calle: '' });
    expect(form.cedula).toBeUndefined();
  });

  it('rejects with the server\'s field errors on a 400', async () => {
    stub(json(400, { message: 'Datos inválidos', errors: [{ path: 'telefono', message: 'Teléfono inválido, use el formato (###) ###-####' }] }));
    const error = await updateProfile(7, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).fieldErrors).toEqual([{ path: 'telefono', message: 'Teléfono inválido, use el formato (###) ###-####' }]);
  });
});
