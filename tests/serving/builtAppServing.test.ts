/**
 * The real `vite build` output (the repo's vite.config.ts, precompress plugin
 * included) served by the real server over HTTP, asked the way curl or a
 * browser asks: the main chunk comes as brotli, far smaller than the file,
 * cached for a year; the HTML comes compressed and revalidated.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtSpa, startPortal, type Portal } from '../support/startPortal';

interface Answer { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }

/** A GET with the given headers, the body as received (no decompression). */
function rawGet(url: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((ok, fail) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => ok({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', fail).end();
  });
}

async function filesUnder(dir: string, base = dir): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...(await filesUnder(full, base)));
    else out.push(path.relative(base, full));
  }
  return out;
}

let dir: string;
let portal: Portal;
beforeAll(async () => {
  dir = builtSpa();
  portal = await startPortal();
}, 300_000);
afterAll(() => portal?.close());

describe('the built app as served', () => {
  it('has a .br and a .gz beside every .js, .css, .html, .svg and .json file of the build', async () => {
    const files = await filesUnder(dir);
    const text = files.filter((f) => /\.(js|css|html|svg|json)$/.test(f));
    expect(text.length).toBeGreaterThan(3);
    for (const f of text) {
      expect(files, f).toContain(`${f}.br`);
      expect(files, f).toContain(`${f}.gz`);
    }
  });

  it('sends the main chunk as brotli, well below its size, immutable for a year', async () => {
    const index = await readFile(path.join(dir, 'index.html'), 'utf8');
    const main = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(index)?.[1];
    expect(main).toBeDefined();
    const raw = (await stat(path.join(dir, main as string))).size;

    const res = await rawGet(`${portal.baseUrl}${main}`, { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(raw / 3);
    expect(brotliDecompressSync(res.body).length).toBe(raw);

    const gz = await rawGet(`${portal.baseUrl}${main}`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body.length).toBeGreaterThan(res.body.length);
  });

  it('sends the home page and a deep link compressed, revalidated on each use', async () => {
    for (const url of ['/', '/solicitudes']) {
      const res = await rawGet(`${portal.baseUrl}${url}`, { accept: 'text/html', 'accept-encoding': 'br, gzip' });
      expect(res.status, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(res.body).toString(), url).toContain('<div id="root">');
    }
  });
});
