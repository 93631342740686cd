import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgencyUnavailableError, type Agencies } from '../src/agencies/types';
import { buildTestApp, type TestApp } from './buildTestApp';
import { bearer, DEMO, login } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const LOGIN = '/v1/portals/auth/citizens/login';

function expectNoLeak(body: string) {
  expect(body).not.toMatch(/at \w+ \(|node_modules|\.ts:\d+|stack/i);
}

describe('error answers', () => {
  it('404 in Spanish for unknown routes and methods', async () => {
    for (const [method, url] of [
      ['GET', '/v1/no-existe'],
      ['DELETE', '/v1/jce/40229183641'],
      ['GET', '/no-existe.js'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Recurso no encontrado' });
    }
  });

  it.each([
    ['invalid JSON', { 'content-type': 'application/json' }, '{"cedula": "402', 400, 'El cuerpo de la solicitud no es un JSON válido'],
    ['empty JSON body', { 'content-type': 'application/json' }, '', 400, 'El cuerpo de la solicitud está vacío'],
    ['prototype poisoning', { 'content-type': 'application/json' }, '{"__proto__": {"admin": true}, "cedula": "1", "password": "x"}', 400, undefined],
    ['plain text', { 'content-type': 'text/plain' }, 'cedula=1', 400, 'Datos inválidos'],
    ['a form', { 'content-type': 'application/x-www-form-urlencoded' }, 'cedula=1', 415, 'Tipo de contenido no soportado'],
    ['unknown content type', { 'content-type': 'application/x-unknown' }, 'x', 415, 'Tipo de contenido no soportado'],
    ['a JSON array', { 'content-type': 'application/json' }, '[1,2]', 400, 'Datos inválidos'],
    ['a JSON string', { 'content-type': 'application/json' }, '"hola"', 400, 'Datos inválidos'],
    ['null', { 'content-type': 'application/json' }, 'null', 400, 'Datos inválidos'],
  ])('%s -> 4xx with a Spanish message', async (_label, headers, payload, status, message) => {
    const res = await t.app.inject({ method: 'POST', url: LOGIN, headers, payload });
    expect(res.statusCode).toBe(status);
    if (message) expect(res.json().message).toBe(message);
    expectNoLeak(res.body);
  });

  it('a body over 1 MB -> 413', async () => {
    const res = await t.app.inject({ method: 'POST', url: LOGIN, headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ cedula: 'x'.repeat(2 * 1024 * 1024), password: 'x' }) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'La solicitud es demasiado grande' });
  });

  it('a malformed URL -> 400', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/jce/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBeTypeOf('string');
  });

  it('validation errors list every field with a path', async () => {
    const res = await t.app.inject({ method: 'POST', url: LOGIN, payload: { cedula: { a: 1 }, password: ['x', 'y'] } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Datos inválidos',
      errors: [
        { path: 'cedula', message: 'Tipo de dato inválido' },
        { path: 'password', message: 'Tipo de dato inválido' },
      ],
    });
  });

  it('security headers are present', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/region/bancos' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });
});

describe('failures inside the server', () => {
  const failing = (error: Error): Agencies => ({
    jce: { lookup: () => Promise.reject(error), birthDateMatches: () => Promise.reject(error) },
    onapi: { certificate: () => Promise.reject(error), verifyName: () => Promise.reject(error) },
    dgii: { taxpayer: () => Promise.reject(error) },
    inapa: { contractExists: () => Promise.reject(error) },
  });

  it('an unexpected error is a bare 500 without details', async () => {
    const broken = await buildTestApp({}, { db: t.app.db, agencies: failing(new Error('secreto interno: conexión a 10.0.0.5 rechazada')) });
    try {
      const token = await login(broken.app, DEMO.cedula, DEMO.password);
      const res = await broken.app.inject({ method: 'GET', url: '/v1/jce/40229183641', headers: bearer(token) });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: 'Error interno del servidor' });
      expect(res.body).not.toContain('secreto');
    } finally {
      await broken.close();
    }
  });

  it('an unavailable agency is a 502 in Spanish', async () => {
    const down = await buildTestApp({}, { db: t.app.db, agencies: failing(new AgencyUnavailableError('JCE', 'tiempo de espera agotado')) });
    try {
      const token = await login(down.app, DEMO.cedula, DEMO.password);
      for (const url of ['/v1/jce/40229183641', '/v1/institution-onapi/registro/458712', '/v1/portals/exists/rnc?rnc=131987656']) {
        const res = await down.app.inject({ method: 'GET', url, headers: bearer(token) });
        expect(res.statusCode).toBe(502);
        expect(res.json()).toEqual({ message: 'Servicio externo no disponible, intente más tarde' });
      }
    } finally {
      await down.close();
    }
  });
});

describe('static SPA', () => {
  let spa: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'portal-static-'));
    await mkdir(path.join(dir, 'assets'));
    await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>Portal</title><div id="root"></div>');
    await writeFile(path.join(dir, 'assets', 'app.js'), 'console.log("portal")');
    spa = await buildTestApp({ staticDir: dir }, { db: t.app.db });
  });
  afterAll(async () => {
    await spa.close();
    await rm(dir, { recursive: true, force: true });
  });

  const html = { accept: 'text/html,application/xhtml+xml' };

  it('serves files and falls back to index.html for browser navigation', async () => {
    for (const url of ['/', '/solicitudes/123', '/perfil?tab=documentos']) {
      const res = await spa.app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>Portal</title>');
    }
    const js = await spa.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toContain('javascript');
  });

  it('keeps JSON 404s for the API, the docs, missing assets and non-GET requests', async () => {
    for (const [method, url, headers] of [
      ['GET', '/v1/no-existe', html],
      ['GET', '/docs/no-existe', html],
      ['GET', '/assets/falta.js', {}],
      ['POST', '/cualquier-cosa', html],
    ] as const) {
      const res = await spa.app.inject({ method, url, headers });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: 'Recurso no encontrado' });
    }
  });

  it('does not serve files outside the folder', async () => {
    const res = await spa.app.inject({ method: 'GET', url: '/../../etc/passwd' });
    expect(res.body).not.toContain('root:');
    const encoded = await spa.app.inject({ method: 'GET', url: '/%2e%2e/%2e%2e/etc/passwd' });
    expect(encoded.body).not.toContain('root:');
  });
});
