import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './buildTestApp';
import { DEMO, login } from './helpers';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await buildTestApp();
  token = await login(t.app, DEMO.cedula, DEMO.password);
});
afterAll(() => t.close());

const RUNS = { numRuns: 200 };
const json = fc.jsonValue({ maxDepth: 3 });
const scalar = fc.oneof(fc.string({ maxLength: 40 }), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(fc.string(), { maxLength: 3 }));
const headerText = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 80 });

function expectClientOutcome(status: number, body: string) {
  expect(status, body).toBeLessThan(500);
  expect(() => JSON.parse(body)).not.toThrow();
  expect(typeof JSON.parse(body).message === 'string' || status < 300).toBe(true);
}

describe('fuzz: no input gives a 5xx', () => {
  it('JSON bodies on login, register, reset and changepassword', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('login', 'register', 'reset', 'changepassword'),
        fc.oneof(json, fc.dictionary(fc.constantFrom('cedula', 'password', 'email', 'password_confirmation', 'dni', 'code', 'current_password', 'new_password', '__proto__', 'constructor'), scalar)),
        async (route, body) => {
          const res = await t.app.inject({
            method: 'POST',
            url: `/v1/portals/auth/citizens/${route}`,
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            payload: JSON.stringify(body),
            remoteAddress: '10.9.9.9',
          });
          expectClientOutcome(res.statusCode, res.body);
        },
      ),
      RUNS,
    );
  });

  it('raw bodies with any content type', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/v1/portals/auth/citizens/login', '/v1/portals/documents', '/v1/portals/auth/citizens/register'),
        fc.constantFrom('application/json', 'text/plain', 'multipart/form-data; boundary=abc', 'multipart/form-data', 'application/x-www-form-urlencoded', 'application/octet-stream', ''),
        fc.uint8Array({ maxLength: 300 }),
        async (url, contentType, bytes) => {
          const headers: Record<string, string> = { authorization: `Bearer ${token}` };
          if (contentType) headers['content-type'] = contentType;
          const res = await t.app.inject({ method: 'POST', url, headers, payload: Buffer.from(bytes), remoteAddress: '10.9.9.8' });
          expectClientOutcome(res.statusCode, res.body);
        },
      ),
      RUNS,
    );
  });

  it('application drafts: create, autosave, validate and submit with any JSON', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/v1/portals/formalizaciones', headers: { authorization: `Bearer ${token}` }, payload: { data: {} } });
    const id = created.json().data.id as number;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('POST /v1/portals/formalizaciones', `PUT /v1/portals/formalizaciones/${id}`, 'POST /v1/portals/formalizaciones/validate', `POST /v1/portals/formalizaciones/${id}/submit`),
        fc.oneof(json, fc.record({ data: json }), fc.record({ data: fc.dictionary(fc.string({ maxLength: 30 }), json), version: scalar })),
        fc.string({ maxLength: 12 }),
        async (route, body, idText) => {
          const [method, url] = route.split(' ') as ['POST' | 'PUT', string];
          const res = await t.app.inject({ method, url, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, payload: JSON.stringify(body), remoteAddress: '10.9.9.6' });
          expectClientOutcome(res.statusCode, res.body);
          const odd = await t.app.inject({ method: 'GET', url: `/v1/portals/formalizaciones/${encodeURIComponent(idText)}`, headers: { authorization: `Bearer ${token}` } });
          expectClientOutcome(odd.statusCode, odd.body);
        },
      ),
      RUNS,
    );
  });

  it('path parameters and query strings', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/v1/jce/', '/v1/institution-onapi/registro/', '/v1/institution-onapi/verify/', '/v1/portals/documents/'),
        fc.string({ maxLength: 60 }),
        fc.dictionary(fc.constantFrom('limit', 'page', 'paisId', 'provinciaId', 'municipioId', 'q', 'dni', 'rnc', 'contract'), fc.string({ maxLength: 20 })),
        fc.constantFrom('/v1/region/provincias', '/v1/region/municipios', '/v1/region/actividades-ciiu', '/v1/portals/exists/dni', '/v1/portals/exists/rnc', '/v1/portals/exists/inapa', '/v1/portals/forgot'),
        async (prefix, param, query, listUrl) => {
          const suffix = prefix.endsWith('documents/') ? '/download' : '';
          const one = await t.app.inject({ method: 'GET', url: `${prefix}${encodeURIComponent(param)}${suffix}`, headers: { authorization: `Bearer ${token}` } });
          expectClientOutcome(one.statusCode, one.body);
          const list = await t.app.inject({ method: 'GET', url: listUrl, query, remoteAddress: '10.9.9.7' });
          expectClientOutcome(list.statusCode, list.body);
        },
      ),
      RUNS,
    );
  });

  it('authorization and cookie headers', async () => {
    await fc.assert(
      fc.asyncProperty(headerText, headerText, async (authorization, cookie) => {
        const res = await t.app.inject({ method: 'GET', url: '/v1/portals/auth/citizens/me', headers: { authorization, cookie } });
        expect(res.statusCode).toBe(401);
        expect(res.body).toBe('{"message":"Unauthenticated."}');
      }),
      RUNS,
    );
  });
});
