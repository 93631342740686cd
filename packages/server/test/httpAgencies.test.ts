import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpAgencies } from '../src/agencies/http/createHttpAgencies';
import { AgencyUnavailableError } from '../src/agencies/types';
import { insertCitizen } from '../src/services/citizenStore';
import { createSession } from '../src/services/sessionStore';
import { buildTestApp } from './buildTestApp';
import { bearer } from './helpers';

const API_KEY = 'clave-de-prueba';
let server: Server;
let baseUrl: string;
const seen: { url: string; key: string | undefined }[] = [];

/** A small fake gateway: answers by path, checks the API key, can be slow or broken on demand. */
function handle(req: IncomingMessage): [number, unknown] {
  const url = new URL(req.url ?? '/', 'http://x');
  if (req.headers['x-api-key'] !== API_KEY) return [401, { error: 'clave' }];
  switch (url.pathname) {
    case '/jce/citizens/40229183641':
      return [200, { cedula: '40229183641', nombres: 'Juan Carlos', apellidos: 'Peña Núñez' }];
    case '/jce/citizens/00104578232':
      return [200, { cedula: '00104578232', nombres: 42 }];
    case '/jce/citizens/40229183641/birth-date/1987-09-03':
      return [200, { match: true }];
    case '/jce/citizens/40229183641/birth-date/1990-01-01':
      return [200, { match: false }];
    case '/onapi/certificates/458712':
      return [200, { numero: '458712', vencimiento: '2031-03-15', titular: 'María' }];
    case '/onapi/names':
      return [200, url.searchParams.get('q') === 'Café Cibao' ? [{ nombre: 'Café Cibao Real' }] : []];
    case '/dgii/taxpayers/131987656':
      return [200, { rnc: '131987656', razonSocial: 'Tecnología Caribeña SRL' }];
    case '/dgii/taxpayers/101754321':
      return [503, { error: 'caído' }];
    case '/inapa/contracts/10045678':
      return [200, { contrato: '10045678' }];
    default:
      return [404, { error: 'no existe' }];
  }
}

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ url: req.url ?? '', key: req.headers['x-api-key'] as string | undefined });
    if (req.url?.startsWith('/jce/citizens/03105672194')) return void setTimeout(() => res.end('{}'), 2000);
    if (req.url?.startsWith('/onapi/certificates/612044')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      return void res.end('{no es json');
    }
    const [status, body] = handle(req);
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('HTTP agency adapters', () => {
  const agencies = () => createHttpAgencies({ baseUrl, apiKey: API_KEY, timeoutMs: 300 });

  it('maps found and not-found answers and sends the API key', async () => {
    const a = agencies();
    expect(await a.jce.lookup('40229183641')).toEqual({ cedula: '40229183641', nombres: 'Juan Carlos', apellidos: 'Peña Núñez' });
    expect(await a.jce.lookup('00113918205')).toBeNull();
    expect(await a.onapi.certificate('458712')).toEqual({ numero: '458712', vencimiento: '2031-03-15', titular: 'María' });
    expect(await a.onapi.certificate('999999')).toBeNull();
    expect(await a.onapi.verifyName('Café Cibao')).toEqual([{ nombre: 'Café Cibao Real' }]);
    expect(await a.onapi.verifyName('Libre')).toEqual([]);
    expect(await a.dgii.taxpayer('131987656')).toEqual({ rnc: '131987656', razonSocial: 'Tecnología Caribeña SRL' });
    expect(await a.inapa.contractExists('10045678')).toBe(true);
    expect(await a.inapa.contractExists('99999999')).toBe(false);
    expect(await a.jce.birthDateMatches('40229183641', '1987-09-03')).toBe(true);
    expect(await a.jce.birthDateMatches('40229183641', '1990-01-01')).toBe(false);
    expect(await a.jce.birthDateMatches('00113918205', '1990-01-01')).toBe(false);
    expect(seen.every((s) => s.key === API_KEY)).toBe(true);
  });

  it('never calls out for malformed input', async () => {
    const before = seen.length;
    const a = agencies();
    expect(await a.jce.lookup('40229183642')).toBeNull();
    expect(await a.jce.lookup('123')).toBeNull();
    expect(await a.jce.lookup('../../admin')).toBeNull();
    expect(await a.onapi.certificate('12/45')).toBeNull();
    expect(await a.onapi.verifyName('   ')).toEqual([]);
    expect(await a.dgii.taxpayer('131987650')).toBeNull();
    expect(await a.inapa.contractExists('abc')).toBe(false);
    expect(await a.jce.birthDateMatches('40229183641', '../x')).toBe(false);
    expect(seen.length).toBe(before);
  });

  it('reports timeouts, 5xx, invalid JSON, unexpected shapes and a wrong key as unavailable', async () => {
    const a = agencies();
    await expect(a.jce.lookup('03105672194')).rejects.toBeInstanceOf(AgencyUnavailableError);
    await expect(a.dgii.taxpayer('101754321')).rejects.toThrow(/DGII no disponible: respuesta HTTP 503/);
    await expect(a.onapi.certificate('612044')).rejects.toThrow(/no es JSON válido/);
    await expect(a.jce.lookup('00104578232')).rejects.toThrow(/falta el campo nombres/);
    const wrongKey = createHttpAgencies({ baseUrl, apiKey: 'otra', timeoutMs: 300 });
    await expect(wrongKey.jce.lookup('40229183641')).rejects.toBeInstanceOf(AgencyUnavailableError);
  });

  it('fails fast when nothing listens', async () => {
    const none = createHttpAgencies({ baseUrl: 'http://127.0.0.1:9', apiKey: API_KEY, timeoutMs: 300 });
    await expect(none.jce.lookup('40229183641')).rejects.toThrow(/error de red|tiempo de espera/);
  });

  it('drives the API routes in AGENCIES=http mode', async () => {
    const t = await buildTestApp({ agencies: { mode: 'http', baseUrl, apiKey: API_KEY, timeoutMs: 300 } });
    try {
      // No demo account outside sandbox mode.
      expect((await t.app.db.query('SELECT 1 FROM citizens')).rows).toHaveLength(0);
      // The lookups need a session: a citizen created the way a confirmed registration creates one.
      const citizen = await insertCitizen(t.app.db, { cedula: '40229183641', email: 'j@example.com', passwordHash: 'x', nombres: 'Juan Carlos', apellidos: 'Peña Núñez' });
      const headers = bearer(await createSession(t.app.db, citizen!.id, 1));
      const inject = (url: string) => t.app.inject({ method: 'GET', url, headers });
      const found = await inject('/v1/jce/40229183641');
      expect(found.json()).toEqual({ data: { cedula: '40229183641', nombres: 'Juan Carlos', apellidos: 'Peña Núñez' } });
      const missing = await inject('/v1/jce/00113918205');
      expect(missing.statusCode).toBe(404);
      const down = await inject('/v1/portals/exists/rnc?rnc=101754321');
      expect(down.statusCode).toBe(502);
    } finally {
      await t.close();
    }
  });
});
