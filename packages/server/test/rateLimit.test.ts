import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './buildTestApp';
import { loadConfig } from '../src/config';

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

async function statuses(allowList: string[]): Promise<Set<number>> {
  t = await buildTestApp({ rateLimitAllowList: allowList });
  const seen = new Set<number>();
  for (let i = 0; i < 310; i++) {
    seen.add((await t.app.inject({ method: 'GET', url: '/v1/jce/40229183641' })).statusCode);
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
