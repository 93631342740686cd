import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressFolder } from '../src/build/precompressVitePlugin';
import { buildTestApp, type TestApp } from './buildTestApp';

// A folder laid out like `vite build` output, precompressed by the build plugin's own function.
const INDEX = `<!doctype html><html lang="es"><title>Portal</title><div id="root"></div>${'<!-- relleno -->'.repeat(50)}</html>`;
const CHUNK = Array.from({ length: 400 }, (_, i) => `export const valor${i} = "Portal ciudadano ${i}";`).join('\n');
const HASHED = '/assets/index-Ab_d-123.js';

let t: TestApp;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'portal-static-'));
  await mkdir(path.join(dir, 'assets'));
  await writeFile(path.join(dir, 'index.html'), INDEX);
  await writeFile(path.join(dir, HASHED), CHUNK);
  await writeFile(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><circle r="4"/></svg>');
  await writeFile(path.join(dir, 'robots.txt'), 'User-agent: *\n');
  await precompressFolder(dir);
  t = await buildTestApp({ staticDir: dir });
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const sizeOf = async (file: string) => (await stat(path.join(dir, file))).size;

describe('precompressed files', () => {
  it('writes a .br and a .gz beside each text file, and none for the others', async () => {
    for (const file of ['index.html', HASHED, 'favicon.svg']) {
      const raw = await readFile(path.join(dir, file));
      expect(brotliDecompressSync(await readFile(path.join(dir, `${file}.br`)))).toEqual(raw);
      expect(gunzipSync(await readFile(path.join(dir, `${file}.gz`)))).toEqual(raw);
    }
    await expect(stat(path.join(dir, 'robots.txt.br'))).rejects.toThrow();
  });

  it('answers brotli when the browser accepts it, with the real type and the compressed length', async () => {
    const res = await get(HASHED, { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    // The type of the file it encodes, as the uncompressed answer gives it.
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['content-type']).toBe((await get(HASHED)).headers['content-type']);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(res.headers['content-length'])).toBe(await sizeOf(`${HASHED}.br`));
    expect(Number(res.headers['content-length'])).toBeLessThan(CHUNK.length / 5);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(CHUNK);
  });

  it('answers gzip when brotli is not accepted, and the file itself when nothing is', async () => {
    const gz = await get(HASHED, { 'accept-encoding': 'gzip, deflate' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(Number(gz.headers['content-length'])).toBe(await sizeOf(`${HASHED}.gz`));
    expect(gunzipSync(gz.rawPayload).toString()).toBe(CHUNK);

    const refused = await get(HASHED, { 'accept-encoding': 'br;q=0, gzip' });
    expect(refused.headers['content-encoding']).toBe('gzip');

    for (const headers of [{}, { 'accept-encoding': 'identity' }] as Record<string, string>[]) {
      const plain = await get(HASHED, headers);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      expect(Number(plain.headers['content-length'])).toBe(CHUNK.length);
      expect(plain.body).toBe(CHUNK);
    }
  });

  it('does not serve the .br and .gz files under their own names', async () => {
    for (const url of [`${HASHED}.br`, '/index.html.gz']) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });
});

describe('cache headers', () => {
  it('keeps hashed assets for a year, immutable, whatever the encoding', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const res = await get(HASHED, { 'accept-encoding': encoding });
      expect(res.headers['cache-control'], encoding).toBe('public, max-age=31536000, immutable');
    }
    const head = await t.app.inject({ method: 'HEAD', url: HASHED, headers: { 'accept-encoding': 'br' } });
    expect(head.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('makes the browser revalidate index.html and the history fallback (no-cache), compressed too', async () => {
    for (const url of ['/', '/index.html', '/solicitudes/123', '/perfil?tab=documentos']) {
      const res = await get(url, { accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'gzip, deflate, br' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers.vary, url).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(INDEX);
    }
    const plain = await get('/solicitudes/123', { accept: 'text/html' });
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.body).toBe(INDEX);
  });

  it('gives other files a short max-age', async () => {
    for (const url of ['/favicon.svg', '/robots.txt']) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('public, max-age=3600');
    }
    expect((await get('/favicon.svg', { 'accept-encoding': 'br' })).headers['content-type']).toMatch(/^image\/svg\+xml/);
  });

  it('keeps JSON 404s for missing assets', async () => {
    const res = await get('/assets/index-Zz_z-999.js', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Recurso no encontrado' });
  });
});
