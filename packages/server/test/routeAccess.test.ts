/**
 * The access matrix over every route the app serves (read from the app, so a
 * new route lands here by itself): an anonymous caller gets 401 from every
 * route except the public ones named below, and the OpenAPI document says the
 * same (a `security` entry exactly on the routes that need a session). Who
 * may reach whose resource is tested per resource (documents, drafts, requests).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './buildTestApp';
import { routeList } from './fuzz/routeCatalog';

/** Routes an anonymous visitor may call: reference lists, account entry, and the shell's own. */
const PUBLIC = [
  /^GET \/v1\/region\//,
  /^POST \/v1\/portals\/auth\/citizens\/(login|register|confirm|resend|reset)$/,
  // The undo link mailed to the old address when the e-mail changed (issue 25 §1): its token authenticates it, not a session.
  /^POST \/v1\/portals\/auth\/citizens\/email-undo$/,
  // The link of the password-reset mail (issue 25 §1, finding 5): its token authenticates it, like the code.
  /^POST \/v1\/portals\/auth\/citizens\/reset-link$/,
  // How a new password would be judged: the strength hint of the registration, which has no session yet.
  /^POST \/v1\/portals\/auth\/citizens\/password-check$/,
  // Signing in with a passkey (issue 25 §3): the options and the answer, before any session.
  /^POST \/v1\/portals\/auth\/citizens\/passkeys\/(login-options|login)$/,
  /^GET \/v1\/portals\/forgot$/,
  /^POST \/v1\/portals\/error-reports$/,
  /^POST \/v1\/portals\/analytics\/page-views$/,
  /^GET \/v1\/portals\/shell-config$/,
  /^GET \/v1\/portals\/links\/interests$/,
  // The service catalogue (issue 11).
  /^GET \/v1\/portals\/services$/,
  /^GET \/v1\/portals\/services\/:slug\/slug$/,
  /^GET \/v1\/portals\/(area\/services|institutions|provinces)$/,
  /^GET \/v2\/portals\/classified$/,
  /^GET \/v2\/portal\/dashboard\/statistics$/,
  /^GET \/v2\/punto-gob\/getall$/,
  /^GET \/v2\/portal-punto-gob\/:slug\/slug$/,
  // What an online service's form asks, read before starting it (PREVIEW).
  /^GET \/v1\/portals\/previewformulary\/:id\/show$/,
  // The published forms, their versions and their validators' modules (issue 26 §1): what every service asks, and by which rules.
  /^GET \/v1\/forms\/:form(\/version|\/versions\/:version|\/validators\/:file)?$/,
  // Suggest a missing service (issue 11 §5): anonymous visitors may, within a rate limit.
  /^POST \/v2\/service-suggested$/,
  // The back office's sign-in (issue 12 §4).
  // … and its second step (issue 25 §2), which takes the pending sign-in of the password step, not a session.
  /^POST \/v1\/backoffice\/auth\/(login|second-factor|enrolment)$/,
  // … and the options of its passkey ceremonies (issue 25 §2), for the same pending sign-in.
  /^POST \/v1\/backoffice\/auth\/(second-factor|enrolment)\/passkey-options$/,
  // The claim types (issue 12 §2).
  /^GET \/v1\/issues$/,
  // The card payment page's signed return (issue 13): the hash authenticates it, not a session.
  /^POST \/v1\/institution-camara\/return$/,
];

/**
 * Public routes whose credential is the pending sign-in of the staff's password step (issue 25 §2):
 * without one (an anonymous `{}`) they answer its own 401 «El ingreso venció…», never a session's.
 */
const PENDING_SIGN_IN = /^POST \/v1\/backoffice\/auth\/(second-factor|enrolment)\/passkey-options$/;

/** Back-office routes: staff only, with the back office's own 401 (never the citizen app's 'Unauthenticated.'). */
const STAFF = /^[A-Z]+ \/v1\/backoffice\//;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ rateLimitAllowList: ['127.0.0.1'] });
});
afterAll(() => t.close());

describe('route access matrix', () => {
  it('every /v1 and /v2 route answers an anonymous caller 401 unless it is public, and OpenAPI agrees', async () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, { security?: unknown[] }>> };
    const routes = routeList(t.app).filter((r) => /^\/v[12]\//.test(r.url) && r.method !== 'HEAD');
    expect(routes.length).toBeGreaterThan(20);
    for (const { method, url } of routes) {
      const key = `${method} ${url}`;
      const isPublic = PUBLIC.some((re) => re.test(key));
      const res = await t.app.inject({ method: method as 'GET', url: url.replace(/:[A-Za-z0-9_]+/g, '1'), payload: method === 'GET' || method === 'DELETE' ? undefined : {} });
      if (isPublic && PENDING_SIGN_IN.test(key)) expect([res.statusCode, res.body], key).toEqual([401, '{"message":"El ingreso venció: escriba de nuevo su correo y su contraseña"}']);
      else if (isPublic) expect(res.statusCode, key).not.toBe(401);
      else if (STAFF.test(key)) expect([res.statusCode, res.body], key).toEqual([401, '{"message":"Inicie sesión con su cuenta de la institución"}']);
      else expect([res.statusCode, res.body], key).toEqual([401, '{"message":"Unauthenticated."}']);
      const op = doc.paths[url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')]?.[method.toLowerCase()];
      // A session is required when every security alternative names a scheme; `{}` among them means optional.
      const required = (op?.security?.length ?? 0) > 0 && op!.security!.every((s) => Object.keys(s as object).length > 0);
      expect(required, `${key}: security en OpenAPI`).toBe(!isPublic);
    }
  });
});
