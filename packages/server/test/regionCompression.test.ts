/** Reference lists answered whole go compressed to a browser that accepts it (public data; the CIIU activities are 124 KB of JSON). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { buildTestApp, type TestApp } from './buildTestApp';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('a whole reference list', () => {
  it('goes with Brotli, else gzip, when accepted: the same JSON once decoded, a fraction of the bytes', async () => {
    const plain = await get('/v1/region/actividades-ciiu');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.headers['cache-control']).toBe('public, max-age=300');
    expect(plain.json().data.length).toBeGreaterThan(100);
    const br = await get('/v1/region/actividades-ciiu', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    // Asked again: the same bytes (kept with the list's copy).
    expect((await get('/v1/region/actividades-ciiu', { 'accept-encoding': 'br' })).rawPayload.equals(br.rawPayload)).toBe(true);
    const gz = await get('/v1/region/actividades-ciiu', { 'accept-encoding': 'gzip;q=1, br;q=0' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect((await get('/v1/region/actividades-ciiu', { 'accept-encoding': 'identity' })).headers['content-encoding']).toBeUndefined();
  });

  it('a filtered list too, and a small answer goes as it is', async () => {
    const sectors = await get('/v1/region/sectores?limit=500&page=1&municipioId=101');
    expect(sectors.rawPayload.length).toBeGreaterThan(1024);
    const br = await get('/v1/region/sectores?limit=500&page=1&municipioId=101', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(sectors.body);
    const small = await get('/v1/region/municipios?limit=1&page=1&provinciaId=1', { 'accept-encoding': 'br' });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().data).toHaveLength(1);
  });
});
