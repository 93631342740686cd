import { readFileSync } from 'node:fs';
import { isValidCedula, isValidRnc } from '@portal/form-engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SANDBOX_DGII_TAXPAYERS,
  SANDBOX_INAPA_CONTRACTS,
  SANDBOX_JCE_CITIZENS,
  SANDBOX_ONAPI_CERTIFICATES,
  SANDBOX_ONAPI_NAMES,
} from '../src/agencies/sandbox/sandboxData';
import { LOOKUPS_PER_ACCOUNT_PER_MINUTE } from '../src/plugins/app/registerLookupGuard';
import { buildTestApp, type TestApp } from './buildTestApp';
import { bearer, DEMO, login, register } from './helpers';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await buildTestApp();
  token = await login(t.app, DEMO.cedula, DEMO.password);
});
afterAll(() => t.close());

/** The identity lookups serve the signed-in form: every call here carries the demo citizen's session. */
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

describe('identity lookups need a session', () => {
  it.each([
    '/v1/jce/40229183641',
    '/v1/institution-onapi/registro/458712',
    '/v1/institution-onapi/verify/Panaderia',
    '/v1/portals/exists/dni?dni=40229183641',
    '/v1/portals/exists/rnc?rnc=131987656',
    '/v1/portals/exists/inapa?contract=10045678',
  ])('%s answers 401 "Unauthenticated." without one', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthenticated.' });
    expect(res.body).not.toContain('Peña');
  });

  it('limits each account across all lookup routes, whatever its address', async () => {
    const own = await buildTestApp({}, { db: t.app.db });
    try {
      const person = SANDBOX_JCE_CITIZENS[6];
      await register(own.app, person.cedula, 'Clave-de-Prueba-Segura-7');
      const session = await login(own.app, person.cedula, 'Clave-de-Prueba-Segura-7');
      const urls = ['/v1/jce/40229183641', '/v1/portals/exists/rnc?rnc=131987656', '/v1/institution-onapi/registro/458712'];
      const statuses: number[] = [];
      // Spread over 40 addresses: the per-address limit (300 a minute) never bites.
      for (let i = 0; i < LOOKUPS_PER_ACCOUNT_PER_MINUTE + 10; i++) {
        const res = await own.app.inject({ method: 'GET', url: urls[i % 3], headers: bearer(session), remoteAddress: `10.1.0.${i % 40}` });
        statuses.push(res.statusCode);
      }
      expect(statuses.filter((s) => s === 200)).toHaveLength(LOOKUPS_PER_ACCOUNT_PER_MINUTE);
      expect(statuses.slice(LOOKUPS_PER_ACCOUNT_PER_MINUTE).every((s) => s === 429)).toBe(true);
      // Another account (the demo citizen's) is not affected.
      const other = await own.app.inject({ method: 'GET', url: urls[0], headers: bearer(token), remoteAddress: '10.1.0.1' });
      expect(other.statusCode).toBe(200);
    } finally {
      await own.close();
    }
  });
});

describe('sandbox data', () => {
  it('has enough fictional records whose numbers pass the real check digits', () => {
    expect(SANDBOX_JCE_CITIZENS.length).toBeGreaterThanOrEqual(10);
    for (const p of SANDBOX_JCE_CITIZENS) {
      expect(isValidCedula(p.cedula), p.cedula).toBe(true);
      expect(p.cedula.startsWith('000')).toBe(false);
    }
    expect(SANDBOX_DGII_TAXPAYERS.length).toBeGreaterThanOrEqual(5);
    for (const c of SANDBOX_DGII_TAXPAYERS) expect(isValidRnc(c.rnc), c.rnc).toBe(true);
    expect(SANDBOX_ONAPI_CERTIFICATES.length).toBeGreaterThanOrEqual(5);
    for (const c of SANDBOX_ONAPI_CERTIFICATES) expect(c.numero).toMatch(/^[A-Za-z0-9]{6}$/);
    const today = new Date().toISOString().slice(0, 10);
    expect(SANDBOX_ONAPI_CERTIFICATES.some((c) => c.vencimiento < today)).toBe(true);
    expect(SANDBOX_ONAPI_CERTIFICATES.some((c) => c.vencimiento > today)).toBe(true);
    expect(SANDBOX_ONAPI_NAMES.length).toBeGreaterThanOrEqual(5);
  });
});

describe('GET /v1/jce/:cedula', () => {
  it('returns the person for every sandbox cédula, with or without dashes', async () => {
    for (const p of SANDBOX_JCE_CITIZENS) {
      const res = await get(`/v1/jce/${p.cedula}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: { cedula: p.cedula, nombres: p.nombres, apellidos: p.apellidos } });
    }
    const dashed = await get('/v1/jce/402-2918364-1');
    expect(dashed.json().data.nombres).toBe('Juan Carlos');
  });

  it('answers 404 "Cédula inválida" for a valid but unregistered cédula', async () => {
    const res = await get('/v1/jce/00113918205');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Cédula inválida' });
  });

  it.each(['4022918364', '40229183642', 'abcdefghijk', '00000000000', '12345678901', '%27%20OR%201%3D1', 'x'.repeat(90)])(
    'never answers 200 for malformed %s',
    async (cedula) => {
      const res = await get(`/v1/jce/${cedula}`);
      expect([400, 404]).toContain(res.statusCode);
      expect(res.json()).toEqual({ message: 'Cédula inválida' });
    },
  );
});

describe('ONAPI', () => {
  it('returns a certificate in data.data, expired ones included with their date', async () => {
    for (const c of SANDBOX_ONAPI_CERTIFICATES) {
      const res = await get(`/v1/institution-onapi/registro/${c.numero}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: { data: { numero: c.numero, vencimiento: c.vencimiento, titular: c.titular } } });
    }
  });

  it.each(['999999', '12345', '1234567', 'ab$%12'])('answers "Número de certificado inválido" for %s', async (numero) => {
    const res = await get(`/v1/institution-onapi/registro/${encodeURIComponent(numero)}`);
    expect([400, 404]).toContain(res.statusCode);
    expect(res.json()).toEqual({ message: 'Número de certificado inválido' });
  });

  it('verifies names ignoring case, accents and extra spaces', async () => {
    const res = await get(`/v1/institution-onapi/verify/${encodeURIComponent('  PANADERIA   la esperanza ')}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { data: [{ nombre: 'Panadería La Esperanza' }] } });
    const partial = await get(`/v1/institution-onapi/verify/${encodeURIComponent('doña ñeca')}`);
    expect(partial.json().data.data).toEqual([{ nombre: 'Colmado Doña Ñeca' }]);
  });

  it('returns an empty list for a free name', async () => {
    const res = await get(`/v1/institution-onapi/verify/${encodeURIComponent('Zapatería Los Tres Hermanos')}`);
    expect(res.json()).toEqual({ data: { data: [] } });
  });

  it('treats LIKE wildcards literally', async () => {
    const res = await get(`/v1/institution-onapi/verify/${encodeURIComponent('%')}`);
    expect(res.json()).toEqual({ data: { data: [] } });
  });

  it('rejects a blank name with 400', async () => {
    const res = await get('/v1/institution-onapi/verify/%20%20');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Nombre inválido' });
  });
});

describe('region lists', () => {
  const reference = (file: string) => JSON.parse(readFileSync(new URL(`../src/db/reference/${file}`, import.meta.url), 'utf8')) as unknown[];

  it('lists provincias with the spec field names and the paisId filter', async () => {
    const res = await get('/v1/region/provincias?limit=1000&page=1&paisId=1');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(reference('provincias.json').length);
    expect(body).toMatchObject({ page: 1, limit: 1000 });
    expect(Object.keys(body.data[0]).sort()).toEqual(['codigoProvinciaDGII', 'geoCode', 'id', 'nombreProvincia', 'paisId']);
    const none = await get('/v1/region/provincias?paisId=999');
    expect(none.json()).toEqual({ data: [], page: 1, limit: 1000, total: 0 });
  });

  it('chains provincia -> municipios -> sectores', async () => {
    const municipios = (await get('/v1/region/municipios?limit=100&page=1&provinciaId=1')).json();
    expect(municipios.data.length).toBeGreaterThan(0);
    for (const m of municipios.data) expect(m.provinciaId).toBe(1);
    expect(Object.keys(municipios.data[0]).sort()).toEqual(['geoCode', 'id', 'municipioDGII', 'nombre', 'provinciaId']);
    const sectores = (await get(`/v1/region/sectores?limit=500&page=1&municipioId=${municipios.data[0].id}`)).json();
    expect(sectores.data.length).toBeGreaterThan(0);
    for (const s of sectores.data) expect(s.municipioId).toBe(municipios.data[0].id);
    expect(Object.keys(sectores.data[0]).sort()).toEqual(['geoCode', 'id', 'municipioId', 'nombreSector']);
  });

  it('pages through a list', async () => {
    const first = (await get('/v1/region/sectores?limit=3&page=1')).json();
    const second = (await get('/v1/region/sectores?limit=3&page=2')).json();
    expect(first.data).toHaveLength(3);
    expect(second.page).toBe(2);
    expect(second.data[0].id).not.toBe(first.data[0].id);
    expect(first.total).toBe(reference('sectores.json').length);
  });

  it('lists nacionalidades, bancos and CIIU activities, with ?q= search', async () => {
    const nacionalidades = (await get('/v1/region/nacionalidades')).json();
    expect(nacionalidades.total).toBe(reference('nacionalidades.json').length);
    expect(Object.keys(nacionalidades.data[0]).sort()).toEqual(['id', 'nacionalidad', 'nombrePais']);
    const bancos = (await get('/v1/region/bancos')).json();
    expect(bancos.total).toBe(reference('bancos.json').length);
    const all = (await get('/v1/region/actividades-ciiu')).json();
    expect(all.total).toBe(reference('actividades-ciiu.json').length);
    expect(all.data[0]).toHaveProperty('codigoCiiuDGII');
    expect(all.data[0]).toHaveProperty('descripcionCrm');
    const arroz = (await get('/v1/region/actividades-ciiu?q=ARROZ')).json();
    expect(arroz.total).toBeGreaterThan(0);
    expect(arroz.total).toBeLessThan(all.total);
    for (const a of arroz.data) expect(a.descripcionCrm.toLowerCase()).toContain('arroz');
  });

  it('finds CIIU activities by words in any order, accents ignored, in the code, the description and the division and section titles', async () => {
    type Activity = { codigoCiiuDGII: string; descripcionCrm: string; seccion: string; division: string; busqueda: string };
    const seed = reference('actividades-ciiu.json') as Activity[];
    const codes = async (q: string) => ((await get(`/v1/region/actividades-ciiu?q=${encodeURIComponent(q)}`)).json().data as Activity[]).map((a) => a.codigoCiiuDGII);

    // «Comercio al por mayor…» titles division 46 and section G («Comercio al por mayor y al por menor; …»):
    // no description of theirs says «comercio», yet the search finds division 46, within section G.
    const codesOf = (keep: (a: Activity) => boolean) => seed.filter(keep).map((a) => a.codigoCiiuDGII);
    const division46 = codesOf((a) => a.division === '46');
    expect(division46.length).toBeGreaterThan(5);
    expect(codesOf((a) => a.division === '46' && /comercio/i.test(a.descripcionCrm))).toEqual([]);
    const mayor = await codes('comercio al por mayor');
    expect(mayor).toEqual(expect.arrayContaining(division46));
    expect(mayor).toEqual(codesOf((a) => a.seccion === 'G'));
    expect(await codes('mayor comercio')).toEqual(mayor);
    expect(await codes('  MAYOR,  Comercio ')).toEqual(mayor);
    // A word of the description with one of the division's title.
    expect(await codes('cereales ganaderia')).toEqual(['0111']);

    // The code, whole or its beginning.
    expect(await codes('4610')).toEqual(['4610']);
    expect(await codes('461')).toEqual(['4610']);
    // Accents and case ignored; the words' beginnings, not their insides.
    expect(await codes('PROGRAMACION informatica')).toContain('6201');
    expect(await codes('ramacion')).toEqual([]);

    // The list serves the search text, so the forms filter the loaded list by the same text.
    const all = (await get('/v1/region/actividades-ciiu')).json().data as Activity[];
    expect(all.find((a) => a.codigoCiiuDGII === '4610')?.busqueda).toContain('comercio al por mayor excepto el de vehiculos automotores y motocicletas');
  });

  it.each(['limit=0', 'limit=1001', 'page=0', 'limit=abc', 'paisId=-1'])('rejects ?%s with 400 "Datos inválidos"', async (query) => {
    const res = await get(`/v1/region/provincias?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Datos inválidos');
    expect(res.json().errors[0]).toHaveProperty('path');
  });
});

describe('region lists, unknown parameters', () => {
  it('ignores unknown query parameters (e.g. cache busters)', async () => {
    expect((await get('/v1/region/bancos?_=123')).statusCode).toBe(200);
  });
});

describe('existence checks', () => {
  it('dni', async () => {
    expect((await get(`/v1/portals/exists/dni?dni=${SANDBOX_JCE_CITIZENS[0].cedula}`)).json()).toEqual({ exist: true });
    expect((await get('/v1/portals/exists/dni?dni=00113918205')).json()).toEqual({ exist: false });
    expect((await get('/v1/portals/exists/dni?dni=123')).json()).toEqual({ exist: false });
  });
  it('rnc', async () => {
    expect((await get(`/v1/portals/exists/rnc?rnc=${SANDBOX_DGII_TAXPAYERS[0].rnc}`)).json()).toEqual({ exist: true });
    expect((await get('/v1/portals/exists/rnc?rnc=101000015')).json()).toEqual({ exist: false });
    expect((await get('/v1/portals/exists/rnc?rnc=abc')).json()).toEqual({ exist: false });
  });
  it('inapa', async () => {
    expect((await get(`/v1/portals/exists/inapa?contract=${SANDBOX_INAPA_CONTRACTS[0]}`)).json()).toEqual({ exist: true });
    expect((await get('/v1/portals/exists/inapa?contract=99999999')).json()).toEqual({ exist: false });
  });
  it('requires the query parameter', async () => {
    const res = await get('/v1/portals/exists/dni');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Datos inválidos', errors: [{ path: 'dni', message: 'Requerido' }] });
  });
});

describe('OpenAPI', () => {
  it('serves the document and the UI at /docs', async () => {
    const ui = await get('/docs');
    expect(ui.statusCode).toBe(200);
    const doc = (await get('/docs/json')).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/v1/jce/{cedula}', '/v1/portals/documents', '/v1/region/provincias']));
  });
});
