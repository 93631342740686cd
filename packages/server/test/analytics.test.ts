/**
 * Page-view analytics (POST /v1/portals/analytics/page-views, ANALYTICS), the
 * visits-per-path count for the dashboard, and the shell configuration served
 * to the browser (GET /v1/portals/shell-config, HEADER_SCRIPT_URL in the CSP,
 * SURVEY_URL, REGISTRO_UNICO_URL) with its start-up checks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { PAGE_VIEWS_PER_MINUTE } from '../src/routes/analytics/pageViewRoutes';
import { cleanPagePath } from '../src/services/analytics/pagePath';
import { countPageViews } from '../src/services/analytics/pageViewStore';
import { buildTestApp, type TestApp } from './buildTestApp';
import { bearer, DEMO, login } from './helpers';

const VIEWS = '/v1/portals/analytics/page-views';
const PATH_MESSAGE = 'La ruta debe empezar por "/" y no puede contener espacios ni caracteres de control';

let own: TestApp;
let none: TestApp;
let nextAddress = 1;
const freshAddress = () => `10.88.0.${nextAddress++}`;

beforeAll(async () => {
  own = await buildTestApp();
  // A second app on the same database: ANALYTICS=ninguno, an external header, real addresses for the prompts.
  const shell = loadConfig({
    ANALYTICS: 'ninguno',
    HEADER_SCRIPT_URL: 'https://cdn.gob.do/encabezado/v2/header.js',
    SURVEY_URL: 'https://forms.gob.do/encuesta-portal',
    REGISTRO_UNICO_URL: 'https://registro.gob.do/alta',
  });
  const { analytics, headerScriptUrl, surveyUrl, registroUnicoUrl } = shell;
  none = await buildTestApp({ analytics, headerScriptUrl, surveyUrl, registroUnicoUrl }, { db: own.app.db });
});
afterAll(async () => {
  await none?.close();
  await own?.close();
});

const view = (app: TestApp, payload: unknown, headers: Record<string, string> = {}, remoteAddress = freshAddress()) =>
  app.app.inject({ method: 'POST', url: VIEWS, payload: payload as object, headers, remoteAddress });

async function storedPaths(): Promise<string[]> {
  return (await own.app.db.query<{ path: string }>('SELECT path FROM page_views ORDER BY id')).rows.map((r) => r.path);
}

describe('POST /v1/portals/analytics/page-views', () => {
  it('answers 204 and stores the path without query string or fragment', async () => {
    const res = await view(own, { path: '/mis-solicitudes?dni=40229183641#lista' });
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    expect((await storedPaths()).at(-1)).toBe('/mis-solicitudes');
  });

  it('masks path segments that identify a person (cédulas, e-mails, phone numbers), also percent-encoded', async () => {
    const cases: [string, string][] = [
      ['/perfil/40229183641', '/perfil/:oculto'],
      ['/perfil/402-2918364-1/documentos', '/perfil/:oculto/documentos'],
      ['/buscar/maria@example.com', '/buscar/:oculto'],
      ['/buscar/maria%40example.com', '/buscar/:oculto'],
      ['/contacto/(809)%20555-1234', '/contacto/:oculto'],
      ['/perfil/%34%30%32%32%39%31%38%33%36%34%31', '/perfil/:oculto'],
      ['/solicitudes/123/pago', '/solicitudes/123/pago'],
      ['/servicios/registro-de-nombre-comercial', '/servicios/registro-de-nombre-comercial'],
      ['/', '/'],
    ];
    for (const [sent, stored] of cases) {
      expect(cleanPagePath(sent)).toBe(stored);
      expect((await view(own, { path: sent })).statusCode).toBe(204);
      expect((await storedPaths()).at(-1)).toBe(stored);
    }
  });

  it('stores path and time only: no address, citizen, session or user agent', async () => {
    const token = await login(own.app, DEMO.cedula, DEMO.password);
    const res = await view(own, { path: '/inicio' }, { ...bearer(token), 'user-agent': 'NavegadorDePrueba/9.9' }, '10.88.200.7');
    expect(res.statusCode).toBe(204);
    const { rows: columns } = await own.app.db.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'page_views' AND table_schema = current_schema() ORDER BY ordinal_position`,
    );
    expect(columns.map((c) => c.column_name)).toEqual(['id', 'path', 'viewed_at']);
    const dump = JSON.stringify((await own.app.db.query('SELECT * FROM page_views')).rows);
    for (const secret of ['10.88.200.7', 'NavegadorDePrueba', DEMO.cedula, token]) expect(dump).not.toContain(secret);
  });

  it.each([
    [{}, 'Requerido'],
    [{ path: '' }, 'Formato inválido'],
    [{ path: 'mis-solicitudes' }, 'Formato inválido'],
    [{ path: 'https://otro.example/x' }, 'Formato inválido'],
    [{ path: `/${'a'.repeat(300)}` }, 'Debe tener como máximo 300 caracteres'],
    [{ path: { ruta: '/' } }, 'Tipo de dato inválido'],
  ])('refuses %j with a Spanish 400', async (payload, message) => {
    const before = (await storedPaths()).length;
    const res = await view(own, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ message: 'Datos inválidos', errors: [{ path: 'path', message }] });
    expect((await storedPaths()).length).toBe(before);
  });

  it.each(['/a b', '/a\tb', '/a%00b', '/a%ZZ'])('refuses %j (whitespace, control characters, bad escapes) with a Spanish 400', async (path) => {
    const res = await view(own, { path });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ message: 'Datos inválidos', errors: [{ path: 'path', message: PATH_MESSAGE }] });
  });

  it(`allows ${PAGE_VIEWS_PER_MINUTE} route changes a minute from one address, then the Spanish 429`, async () => {
    const address = freshAddress();
    for (let i = 0; i < PAGE_VIEWS_PER_MINUTE; i++) expect((await view(own, { path: `/pagina-${i}` }, {}, address)).statusCode).toBe(204);
    const refused = await view(own, { path: '/una-mas' }, {}, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: 'Demasiados intentos, intente más tarde' });
    expect((await view(own, { path: '/otra-direccion' })).statusCode).toBe(204);
  });

  it('with ANALYTICS=ninguno answers 204 and stores nothing (bad input is still a 400)', async () => {
    const before = (await storedPaths()).length;
    expect((await view(none, { path: '/inicio' })).statusCode).toBe(204);
    expect((await storedPaths()).length).toBe(before);
    expect((await view(none, { path: 'inicio' })).statusCode).toBe(400);
  });
});

describe('countPageViews', () => {
  it('counts visits per path in a half-open date range, most visited first', async () => {
    const at = (iso: string, path: string) => own.app.db.query('INSERT INTO page_views (path, viewed_at) VALUES ($1, $2)', [path, iso]);
    await at('2020-03-01T04:00:00Z', '/informe/a');
    await at('2020-03-01T12:00:00Z', '/informe/a');
    await at('2020-03-02T03:59:59Z', '/informe/b');
    await at('2020-03-02T04:00:00Z', '/informe/a');
    await at('2020-02-29T23:00:00Z', '/informe/c');
    const day = { from: new Date('2020-03-01T04:00:00Z'), to: new Date('2020-03-02T04:00:00Z') };
    expect(await countPageViews(own.app.db, day)).toEqual([
      { path: '/informe/a', visits: 2 },
      { path: '/informe/b', visits: 1 },
    ]);
    const next = { from: day.to, to: new Date('2020-03-03T04:00:00Z') };
    expect(await countPageViews(own.app.db, next)).toEqual([{ path: '/informe/a', visits: 1 }]);
    expect(await countPageViews(own.app.db, { from: new Date('2019-01-01'), to: new Date('2019-12-31') })).toEqual([]);
  });
});

describe('GET /v1/portals/shell-config', () => {
  it('answers the defaults without a session, cacheable for 5 minutes', async () => {
    const res = await own.app.inject({ method: 'GET', url: '/v1/portals/shell-config' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const body = res.json();
    expect({ ...body, sandbox: undefined }).toEqual({ headerScriptUrl: null, surveyUrl: '/encuesta', registroUnicoUrl: '/registro-unico', analytics: 'propio' });
    // The simulated agencies: fictional JCE people to register with (not the demo citizen, who has an account);
    // mail goes to this test's SMTP sink, so not to the log.
    expect(body.sandbox.mailInLog).toBe(false);
    expect(body.sandbox.identities).toHaveLength(4);
    for (const person of body.sandbox.identities as { cedula: string; nombre: string; fechaNacimiento: string }[]) {
      expect(person.cedula).toMatch(/^\d{11}$/);
      expect(person.cedula).not.toBe(DEMO.cedula);
      expect(person.fechaNacimiento).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      // Each one registers: the birth date is the JCE record's.
      const reg = await own.app.inject({
        method: 'POST', url: '/v1/portals/auth/citizens/register',
        payload: { cedula: person.cedula, fecha_nacimiento: '1900-01-01', email: 'x@example.com', password: 'Clave-Larga-2026!', password_confirmation: 'Clave-Larga-2026!' },
      });
      expect(reg.statusCode).toBe(400);
      const ok = await own.app.inject({
        method: 'POST', url: '/v1/portals/auth/citizens/register',
        payload: { cedula: person.cedula, fecha_nacimiento: person.fechaNacimiento, email: 'x@example.com', password: 'Clave-Larga-2026!', password_confirmation: 'Clave-Larga-2026!' },
      });
      expect(ok.statusCode).toBe(202);
    }
  });

  it('says mail goes to the log without SMTP_URL, and offers no sandbox people with real agencies', async () => {
    const logged = await buildTestApp({ smtpUrl: null }, { db: own.app.db });
    const real = await buildTestApp({ agencies: { mode: 'http', baseUrl: 'https://gateway.example.com', apiKey: 'k', timeoutMs: 1000 } }, { db: own.app.db });
    try {
      expect((await logged.app.inject({ method: 'GET', url: '/v1/portals/shell-config' })).json().sandbox.mailInLog).toBe(true);
      expect((await real.app.inject({ method: 'GET', url: '/v1/portals/shell-config' })).json().sandbox).toBeNull();
    } finally {
      await logged.close();
      await real.close();
    }
  });

  it('answers the configured addresses and analytics adapter', async () => {
    const res = await none.app.inject({ method: 'GET', url: '/v1/portals/shell-config' });
    expect({ ...res.json(), sandbox: undefined }).toEqual({
      headerScriptUrl: 'https://cdn.gob.do/encabezado/v2/header.js',
      surveyUrl: 'https://forms.gob.do/encuesta-portal',
      registroUnicoUrl: 'https://registro.gob.do/alta',
      analytics: 'ninguno',
    });
  });

  it("lets the CSP load scripts from HEADER_SCRIPT_URL's origin only when it is set", async () => {
    const scriptSrc = (csp: unknown) => /(?:^|;)\s*script-src ([^;]*)/.exec(String(csp))?.[1];
    for (const url of ['/v1/portals/shell-config', '/v1/no-existe']) {
      expect(scriptSrc((await own.app.inject({ method: 'GET', url })).headers['content-security-policy'])).toBe("'self'");
      expect(scriptSrc((await none.app.inject({ method: 'GET', url })).headers['content-security-policy'])).toBe("'self' https://cdn.gob.do");
    }
    // Only script-src widens: the other directives keep their defaults.
    const csp = String((await none.app.inject({ method: 'GET', url: '/v1/portals/shell-config' })).headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
  });
});

describe('shell configuration at start', () => {
  it('reads the defaults and valid values', () => {
    expect(loadConfig({})).toMatchObject({ analytics: 'propio', headerScriptUrl: null, surveyUrl: '/encuesta', registroUnicoUrl: '/registro-unico' });
    expect(loadConfig({ ANALYTICS: 'ninguno', HEADER_SCRIPT_URL: 'https://cdn.gob.do/h.js', SURVEY_URL: 'http://localhost:5173/encuesta' })).toMatchObject({
      analytics: 'ninguno',
      headerScriptUrl: 'https://cdn.gob.do/h.js',
      surveyUrl: 'http://localhost:5173/encuesta',
    });
  });

  it.each([
    [{ ANALYTICS: 'google' }, 'ANALYTICS', 'debe ser "propio" o "ninguno" (recibido "google")'],
    [{ HEADER_SCRIPT_URL: 'cdn.gob.do/h.js' }, 'HEADER_SCRIPT_URL', 'debe ser una dirección https:// completa'],
    [{ HEADER_SCRIPT_URL: 'http://cdn.gob.do/h.js' }, 'HEADER_SCRIPT_URL', 'debe empezar por https://'],
    [{ HEADER_SCRIPT_URL: 'http://localhost:8080/h.js', NODE_ENV: 'production' }, 'HEADER_SCRIPT_URL', 'debe empezar por https://'],
    [{ HEADER_SCRIPT_URL: 'https://usuario:clave@cdn.gob.do/h.js' }, 'HEADER_SCRIPT_URL', 'no debe contener usuario ni contraseña'],
    [{ SURVEY_URL: 'javascript:alert(1)' }, 'SURVEY_URL', 'debe empezar por https://'],
    [{ SURVEY_URL: '/otra-encuesta' }, 'SURVEY_URL', 'debe ser una dirección https:// completa'],
    [{ REGISTRO_UNICO_URL: 'ftp://registro.gob.do' }, 'REGISTRO_UNICO_URL', 'debe empezar por https://'],
  ])('refuses %j naming %s in Spanish', (env, variable, detail) => {
    let caught: unknown;
    try {
      loadConfig(env);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    expect((caught as ConfigError).variable).toBe(variable);
    expect((caught as ConfigError).message).toContain(`Configuración inválida: ${variable} ${detail}`);
  });
});
