/**
 * Issue 25 §1.3 (ASVS V14.3.2): every answer to an authenticated request
 * carries `Cache-Control: no-store`, so no browser or shared cache keeps
 * personal data. The routes are read from the app (a new route is checked by
 * itself): each GET that answers an anonymous caller 401 is called again with
 * a session of the kind it asks for (the citizen's, or the back office's),
 * and its answer must say no-store (a route's more specific header, such as
 * a download's `private, no-store`, counts). Public reference routes keep
 * their caching, also when the caller happens to send a session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_STAFF } from '../src/agencies/sandbox/sandboxData';
import { STAFF_UNAUTHENTICATED } from '../src/plugins/app/registerStaffAuth';
import { buildTestApp, type TestApp } from './buildTestApp';
import { routeList } from './fuzz/routeCatalog';
import { bearer, DEMO, login, staffLogin } from './helpers';

let t: TestApp;
let citizen = '';
let admin = '';
beforeAll(async () => {
  t = await buildTestApp({ rateLimitAllowList: ['127.0.0.1'] });
  citizen = await login(t.app, DEMO.cedula, DEMO.password);
  admin = await staffLogin(t.app, SANDBOX_STAFF.find((s) => s.role === 'administrador')!);
});
afterAll(() => t.close());

const fill = (url: string) => url.replace(/:[A-Za-z0-9_]+/g, '1');

describe('Cache-Control: no-store on every authenticated answer', () => {
  it('every authenticated GET route of the app answers its session with no-store', async () => {
    const checked: string[] = [];
    const failures: string[] = [];
    for (const { method, url } of routeList(t.app).filter((r) => r.method === 'GET')) {
      const anonymous = await t.app.inject({ method: 'GET', url: fill(url) });
      if (anonymous.statusCode !== 401) continue;
      const staffRoute = anonymous.json<{ message: string }>().message === STAFF_UNAUTHENTICATED;
      const res = await t.app.inject({ method: 'GET', url: fill(url), headers: bearer(staffRoute ? admin : citizen) });
      const key = `${method} ${url} (${staffRoute ? 'personal' : 'ciudadano'}) → ${res.statusCode}`;
      checked.push(key);
      if (res.statusCode === 401) failures.push(`${key}: la sesión no valió`);
      else if (!/(^|[\s,])no-store($|[\s,])/.test(String(res.headers['cache-control'] ?? ''))) failures.push(`${key}: Cache-Control ${String(res.headers['cache-control'])}`);
    }
    expect(failures).toEqual([]);
    // The issue counted 34 authenticated GET routes; among them these four.
    expect(checked.length).toBeGreaterThanOrEqual(34);
    for (const url of ['/v1/portals/requests/:id', '/v1/backoffice/requests/:id', '/v1/backoffice/audit', '/v1/backoffice/payments']) {
      expect(checked.some((key) => key.startsWith(`GET ${url} `)), url).toBe(true);
    }
  });

  it('a 404 after authentication says no-store too', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/v1/portals/requests/999999', headers: bearer(citizen) });
    expect([missing.statusCode, missing.headers['cache-control']]).toEqual([404, 'no-store']);
  });

  it('public reference routes keep their caching, with or without a session', async () => {
    const region = routeList(t.app).find((r) => r.method === 'GET' && /^\/v1\/region\/[a-z-]+$/.test(r.url))!.url;
    for (const url of ['/v1/portals/services', region, '/v1/portals/shell-config']) {
      for (const headers of [{}, bearer(citizen)]) {
        const res = await t.app.inject({ method: 'GET', url, headers });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['cache-control'], url).toMatch(/^public, max-age=\d+$/);
      }
    }
  });
});
