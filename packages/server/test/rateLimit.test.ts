import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './buildTestApp';
import { loadConfig } from '../src/config';
import { SANDBOX_JCE_CITIZENS } from '../src/agencies/sandbox/sandboxData';
import { bearer, DEMO, login, register } from './helpers';

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

/** 310 lookups from one address, spread over three accounts so the per-account limit (120 a minute) is not what bites. */
async function statuses(allowList: string[]): Promise<Set<number>> {
  t = await buildTestApp({ rateLimitAllowList: allowList });
  const accounts = [SANDBOX_JCE_CITIZENS[4], SANDBOX_JCE_CITIZENS[5]];
  const tokens = [await login(t.app, DEMO.cedula, DEMO.password)];
  for (const person of accounts) {
    await register(t.app, person.cedula, 'Clave-de-Prueba-Segura-7');
    tokens.push(await login(t.app, person.cedula, 'Clave-de-Prueba-Segura-7'));
  }
  const seen = new Set<number>();
  for (let i = 0; i < 310; i++) {
    seen.add((await t.app.inject({ method: 'GET', url: '/v1/jce/40229183641', headers: bearer(tokens[i % 3]) })).statusCode);
  }
  return seen;
}

describe('rate limits on lookups', () => {
  it('limit an address to 300 cédula lookups a minute', async () => {
    expect(await statuses([])).toEqual(new Set([200, 429]));
  });
  it('exempt the addresses of RATE_LIMIT_ALLOWLIST', async () => {
    expect(await statuses(['127.0.0.1'])).toEqual(new Set([200]));
  });
  it('RATE_LIMIT_ALLOWLIST must be IP addresses', () => {
    expect(loadConfig({ RATE_LIMIT_ALLOWLIST: '127.0.0.1, ::1' }).rateLimitAllowList).toEqual(['127.0.0.1', '::1']);
    expect(() => loadConfig({ RATE_LIMIT_ALLOWLIST: 'localhost; rm' })).toThrow(/RATE_LIMIT_ALLOWLIST/);
  });
});
