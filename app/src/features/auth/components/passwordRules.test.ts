/**
 * The browser's password rules with the real HTTP client and a stubbed fetch: the cheap rules at once
 * and without a call, guessability asked of the server (its words), one call per body, and no verdict
 * (the form goes on) when the server cannot answer.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PASSWORD_HAS_CEDULA, PASSWORD_TOO_LONG, PASSWORD_TOO_SHORT } from '@portal/form-engine/password-rules';
import { forgetPasswordVerdicts, newPasswordProblem, serverVerdict } from './passwordRules';

const GUESSABLE = 'La contraseña es fácil de adivinar: esto es similar a una contraseña de uso común. Use una frase de varias palabras o combine palabras, números y símbolos.';
const json = (status: number, body: object) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** fetch answered by `answer`; returns what was sent (path and body). */
function stubServer(answer: (body: { password: string }) => Response | Promise<Response>) {
  const sent: { path: string; body: Record<string, unknown> }[] = [];
  vi.stubGlobal('fetch', vi.fn(async (request: Request) => {
    const body = JSON.parse(await request.clone().text());
    sent.push({ path: new URL(request.url).pathname, body });
    return answer(body);
  }));
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
  forgetPasswordVerdicts();
});

describe('newPasswordProblem (awaited on submit)', () => {
  it('checks the cheap rules here, without asking the server', async () => {
    const sent = stubServer(() => json(500, {}));
    expect(await newPasswordProblem('', '00104578232')).toBe('Este campo es requerido');
    expect(await newPasswordProblem('corto', '00104578232')).toBe(PASSWORD_TOO_SHORT);
    expect(await newPasswordProblem('x'.repeat(257), '00104578232')).toBe(PASSWORD_TOO_LONG);
    expect(await newPasswordProblem('Clave-001-0457823-2', '001-0457823-2')).toBe(PASSWORD_HAS_CEDULA);
    expect(sent).toEqual([]);
  });

  it('asks the server for guessability and gives its words; the same body is asked once', async () => {
    const sent = stubServer(({ password }) => json(200, password === 'password12' ? { score: 0, problem: GUESSABLE } : { score: 4, problem: null }));
    expect(await newPasswordProblem('password12', '001-0457823-2', [' maria@example.com ', ''])).toBe(GUESSABLE);
    expect(await newPasswordProblem('password12', '00104578232', ['maria@example.com'])).toBe(GUESSABLE);
    expect(await newPasswordProblem('Mango-verde-Bani-2026', '')).toBeNull();
    // The cédula's digits, the personal words trimmed and without empty ones; no cédula or words when there are none.
    expect(sent).toEqual([
      { path: '/v1/portals/auth/citizens/password-check', body: { password: 'password12', cedula: '00104578232', personal: ['maria@example.com'] } },
      { path: '/v1/portals/auth/citizens/password-check', body: { password: 'Mango-verde-Bani-2026' } },
    ]);
  });

  it('sends no more than the server accepts: five personal words of 254 characters at most', async () => {
    const sent = stubServer(() => json(200, { score: 4, problem: null }));
    await newPasswordProblem('Mango-verde-Bani-2026', '', ['a', 'b', 'c', 'd', 'e', 'f', 'x'.repeat(300)]);
    expect(sent[0].body.personal).toEqual(['a', 'b', 'c', 'd', 'e']);
    await newPasswordProblem('Mango-verde-Bani-2027', '', ['x'.repeat(300)]);
    expect(sent[1].body.personal).toEqual(['x'.repeat(254)]);
  });

  it('without an answer (no connection, 429, 5xx) has no verdict: the submit goes on; the next call asks again', async () => {
    let calls = 0;
    stubServer(() => {
      calls++;
      if (calls === 1) throw new TypeError('Failed to fetch');
      if (calls === 2) return json(429, { message: 'Demasiados intentos, intente más tarde' });
      if (calls === 3) return json(503, { message: 'El servicio está ocupado; intente de nuevo en unos segundos' });
      return json(200, { score: 1, problem: GUESSABLE });
    });
    expect(await newPasswordProblem('password12', '')).toBeNull();
    expect(await newPasswordProblem('password12', '')).toBeNull();
    expect(await newPasswordProblem('password12', '')).toBeNull();
    expect(await newPasswordProblem('password12', '')).toBe(GUESSABLE);
    expect(calls).toBe(4);
  });

  it('shares a call on its way: the hint\'s pending check and the submit make one request', async () => {
    let release: (r: Response) => void = () => undefined;
    const sent = stubServer(() => new Promise<Response>((resolve) => (release = resolve)));
    const hint = serverVerdict('password12', '', []);
    const submit = newPasswordProblem('password12', '', []);
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    release(json(200, { score: 7, problem: GUESSABLE }));
    // A score out of range is brought into 0–4 (the bar and its label).
    expect(await hint).toEqual({ score: 4, problem: GUESSABLE });
    expect(await submit).toBe(GUESSABLE);
    expect(sent).toHaveLength(1);
  });
});
