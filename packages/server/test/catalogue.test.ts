/**
 * The service catalogue's API (issue 11 §2) on the seeded catalogue data: every
 * call and filter, the accent- and case-insensitive Spanish search and its
 * ranking, pages, slugs, Puntos GOB, the statistics and bad input. Runs on
 * PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogueService, CatalogueServicePage } from '@portal/api-contract';
import { createPgliteDb } from '../src/db/createPgliteDb';
import { replaceReferenceTable } from '../src/db/replaceReferenceTable';
import { cacheKey, createResultCache } from '../src/services/catalogue/resultCache';
import { submittableSrl } from './applicationData';
import { buildTestApp, type TestApp } from './buildTestApp';
import { DEMO, SAMPLE_FILES, bearer, login, multipart } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ rateLimitAllowList: ['127.0.0.1'] });
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });
async function page(query: string): Promise<CatalogueServicePage> {
  const res = await get(`/v1/portals/services${query ? `?${query}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
/** Every service matching the query (one page of 100 is enough for the seeded catalogue). */
async function all(query: string): Promise<CatalogueService[]> {
  const result = await page(`${query}${query ? '&' : ''}per_page=100`);
  expect(result.total).toBe(result.data.length);
  return result.data;
}
const slugs = (services: CatalogueService[]) => services.map((s) => s.slug).sort();

async function areaId(slug: string): Promise<number> {
  const areas = (await get('/v1/portals/area/services')).json().data as { id: number; slug: string }[];
  return areas.find((a) => a.slug === slug)!.id;
}
async function institutionId(acronym: string): Promise<number> {
  const list = (await get('/v1/portals/institutions')).json().data as { id: number; acronym: string }[];
  return list.find((i) => i.acronym === acronym)!.id;
}

describe('GET /v1/portals/services', () => {
  it('lists the seeded catalogue: at least 60 services from 15 institutions in 8 areas, 12 a page by default', async () => {
    const first = await page('');
    expect(first.page).toBe(1);
    expect(first.per_page).toBe(12);
    expect(first.data).toHaveLength(12);
    expect(first.total).toBeGreaterThanOrEqual(60);
    const everything = await all('');
    expect(new Set(everything.map((s) => s.institution?.id)).size).toBeGreaterThanOrEqual(15);
    expect(new Set(everything.map((s) => s.area?.id)).size).toBeGreaterThanOrEqual(8);
    for (const s of everything) {
      expect(s.institution, s.slug).not.toBeNull();
      expect(s.area, s.slug).not.toBeNull();
      expect(s.channels.length, s.slug).toBeGreaterThan(0);
    }
  });

  it('pages through the whole list without repeating or losing a service', async () => {
    const total = (await page('')).total;
    const seen: string[] = [];
    for (let n = 1; n <= Math.ceil(total / 25); n++) seen.push(...(await page(`per_page=25&page=${n}`)).data.map((s) => s.slug));
    expect(new Set(seen).size).toBe(total);
    expect(seen).toEqual((await all('')).map((s) => s.slug));
    const past = await page(`per_page=25&page=${Math.ceil(total / 25) + 1}`);
    expect(past).toMatchObject({ data: [], total, page: Math.ceil(total / 25) + 1 });
  });

  it('filters by area, by institution, by type and by channel', async () => {
    const empresas = await areaId('empresas');
    const byArea = await all(`area=${empresas}`);
    expect(byArea.length).toBeGreaterThan(3);
    expect(byArea.every((s) => s.area?.id === empresas)).toBe(true);
    const counts = (await get('/v1/portals/area/services')).json().data as { id: number; services_count: number }[];
    expect(byArea).toHaveLength(counts.find((a) => a.id === empresas)!.services_count);

    const dgii = await institutionId('DGII');
    const byInstitution = await all(`institutions=${dgii}`);
    expect(byInstitution.length).toBeGreaterThan(3);
    expect(byInstitution.every((s) => s.institution?.acronym === 'DGII')).toBe(true);

    const online = await all('type=en_linea');
    expect(online.length).toBeGreaterThan(10);
    expect(online.every((s) => s.type === 'en_linea')).toBe(true);
    expect(online.map((s) => s.slug)).toContain('formalizacion-de-empresas');

    const phone = await all('channel=telefonico');
    expect(phone.length).toBeGreaterThan(3);
    expect(phone.every((s) => s.channels.includes('telefonico'))).toBe(true);
    expect(phone.length).toBeLessThan((await page('')).total);
  });

  it('takes several values in the indexed, empty-bracket and repeated forms alike (OR within a filter)', async () => {
    const [a, b] = [await areaId('viajes'), await areaId('identidad')];
    const indexed = await all(`area[0]=${a}&area[1]=${b}`);
    expect(slugs(await all(`area=${a}&area=${b}`))).toEqual(slugs(indexed));
    expect(slugs(await all(`area[]=${a}&area[]=${b}`))).toEqual(slugs(indexed));
    expect(slugs(indexed)).toEqual(slugs([...(await all(`area=${a}`)), ...(await all(`area=${b}`))]));
    const [dgii, jce] = [await institutionId('DGII'), await institutionId('JCE')];
    expect(slugs(await all(`institutions[0]=${dgii}&institutions[1]=${jce}`))).toEqual(slugs(await all(`institutions=${dgii}&institutions=${jce}`)));
    const types = await all('type[0]=informativo&type[1]=presencial');
    expect(types.every((s) => s.type !== 'en_linea')).toBe(true);
    expect(new Set(types.map((s) => s.type))).toEqual(new Set(['informativo', 'presencial']));
    expect(slugs(await all('channel[]=telefonico&channel[]=presencial'))).toEqual(slugs(await all('channel=telefonico&channel=presencial')));
  });

  it('combines filters with AND, and with the text search', async () => {
    const transporte = await areaId('transporte');
    const intrant = await institutionId('INTRANT');
    const combined = await all(`area[0]=${transporte}&institutions[0]=${intrant}&type[0]=en_linea&channel[0]=en_linea`);
    expect(combined.length).toBeGreaterThan(0);
    for (const s of combined) {
      expect(s).toMatchObject({ area: { id: transporte }, institution: { id: intrant }, type: 'en_linea' });
      expect(s.channels).toContain('en_linea');
    }
    const searched = await all(`area[0]=${transporte}&q=licencia`);
    expect(searched.length).toBeGreaterThan(0);
    expect(searched.every((s) => s.area?.id === transporte && /licencia/i.test(s.name + s.description))).toBe(true);
    expect(await all(`area=${await areaId('salud')}&q=pasaporte`)).toEqual([]);
  });

  it('searches in Spanish without minding accents or case', async () => {
    const lower = await all('q=pasaporte');
    expect(lower.length).toBeGreaterThanOrEqual(3);
    expect(lower.slice(0, 3).every((s) => /pasaporte/i.test(s.name))).toBe(true);
    expect(await all('q=PASAPORTE')).toEqual(lower);
    expect(await all('q=Pasaportes')).toEqual(lower);
    expect(await all(`q=${encodeURIComponent('pasaporté')}`)).toEqual(lower);

    const plain = await all('q=certificacion');
    expect(plain.map((s) => s.name)).toContain('Certificación de acta de nacimiento');
    expect(await all(`q=${encodeURIComponent('CERTIFICACIÓN')}`)).toEqual(plain);
    // Decomposed accents (NFD, as some keyboards send them) too.
    expect(await all(`q=${encodeURIComponent('certificación'.normalize('NFD'))}`)).toEqual(plain);

    expect((await all(`q=${encodeURIComponent('inscripción rnc')}`)).map((s) => s.slug)).toContain('inscripcion-rnc-persona-fisica');
    expect(await all('q=zzzxqj')).toEqual([]);
    // Stop words only: no terms, so no text filter.
    expect((await page('q=de%20la')).total).toBe((await page('')).total);
  });

  it('ranks a match in the name above a match in the description only', async () => {
    const results = await all('q=registro%20mercantil');
    const names = results.map((s) => s.name);
    expect(names[0].toLowerCase()).toContain('registro mercantil');
    expect(names).toContain('Registro mercantil');
    const formalizacion = names.indexOf('Formalización de empresas');
    expect(formalizacion, 'la formalización menciona el registro mercantil en su descripción').toBeGreaterThan(0);
    for (const name of names.slice(0, formalizacion)) expect(name.toLowerCase()).toContain('registro mercantil');
  });

  it('answers bad query shapes with a Spanish 400', async () => {
    const bad = [
      'area=abc', 'area=1.5', 'area=1e309', 'area=0', 'area=99999999999', 'area[x]=1', 'area[0][1]=2', 'institutions[]=-3',
      'type=otro', 'type[0]=en_linea&type[1]=nada', 'channel=fax', 'page=0', 'page=abc', 'per_page=101', 'per_page=0',
      `q=${'a'.repeat(201)}`, 'q=a&q=b', Array.from({ length: 51 }, (_, i) => `area[${i}]=${i + 1}`).join('&'),
    ];
    for (const query of bad) {
      const res = await get(`/v1/portals/services?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toMatch(/inválid|Demasiados/);
    }
  });
});

describe('rate limit', () => {
  it('allows 600 catalogue calls a minute per address, then a Spanish 429', async () => {
    const from = (remoteAddress: string) => t.app.inject({ method: 'GET', url: '/v1/portals/services?per_page=1', remoteAddress });
    const first = await from('10.9.9.9');
    expect(first.headers['x-ratelimit-limit']).toBe('600');
    for (let i = 1; i < 600; i++) expect((await from('10.9.9.9')).statusCode).toBe(200);
    const limited = await from('10.9.9.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: 'Demasiados intentos, intente más tarde' });
    expect((await from('10.9.9.10')).statusCode, 'otra dirección sigue').toBe(200);
  });
});

describe('GET /v1/portals/services/{slug}/slug', () => {
  it('gives everything about a service, with the Puntos GOB that offer it', async () => {
    const res = await get('/v1/portals/services/formalizacion-de-empresas/slug');
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json().data;
    expect(s).toMatchObject({ slug: 'formalizacion-de-empresas', type: 'en_linea', online_form: 'formalizacion', apply_path: null });
    expect(s.requirements.length).toBeGreaterThan(2);
    expect(s.steps.length).toBeGreaterThan(2);
    expect(s.institution.site).toMatch(/^https:\/\//);
    expect(s.puntos_gob.length).toBeGreaterThan(0);
    expect(s.puntos_gob.map((p: { slug: string }) => p.slug)).toContain('punto-gob-megacentro');
    expect(s.puntos_gob[0].province).toMatchObject({ id: expect.any(Number), name: expect.any(String) });
    const free = (await get('/v1/portals/services/inscripcion-rnc-persona-fisica/slug')).json().data;
    expect(free.cost).toBeNull();
    expect((await get('/v1/portals/services/pasaporte-primera-vez/slug')).json().data.cost).toBeGreaterThan(0);
  });

  it('answers an unknown slug with a Spanish 404', async () => {
    const res = await get('/v1/portals/services/no-existe-este-servicio/slug');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'El servicio solicitado no existe o ya no está disponible' });
    expect((await get(`/v1/portals/services/${'x'.repeat(121)}/slug`)).statusCode).toBe(400);
  });
});

describe('areas, institutions, provinces and the classified list', () => {
  it('counts the services of each area and institution', async () => {
    const total = (await page('')).total;
    const areas = (await get('/v1/portals/area/services')).json().data as { services_count: number }[];
    expect(areas.length).toBeGreaterThanOrEqual(8);
    expect(areas.reduce((sum, a) => sum + a.services_count, 0)).toBe(total);
    const institutions = (await get('/v1/portals/institutions')).json().data as { acronym: string; site: string; services_count: number }[];
    expect(institutions.length).toBeGreaterThanOrEqual(15);
    expect(institutions.reduce((sum, i) => sum + i.services_count, 0)).toBe(total);
    expect(institutions.every((i) => i.site.startsWith('https://'))).toBe(true);
    expect(institutions.map((i) => i.acronym)).toEqual(expect.arrayContaining(['ONAPI', 'DGII', 'JCE', 'INTRANT', 'INAPA']));
  });

  it('lists the provinces that have Puntos GOB', async () => {
    const provinces = (await get('/v1/portals/provinces')).json().data as { id: number; name: string; puntos_gob_count: number }[];
    expect(provinces.map((p) => p.name)).toEqual(expect.arrayContaining(['Distrito Nacional', 'Santiago', 'San Cristóbal', 'La Romana', 'Santo Domingo']));
    expect(provinces.every((p) => p.puntos_gob_count > 0)).toBe(true);
    expect(provinces.map((p) => p.name)).not.toContain('Pedernales');
  });

  it('groups the services by area, with the same filters and search', async () => {
    const res = await get('/v2/portals/classified');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: { area: { id: number }; services: CatalogueService[] }[]; total: number };
    expect(body.total).toBe((await page('')).total);
    for (const group of body.data) expect(group.services.every((s) => s.area?.id === group.area.id)).toBe(true);
    const online = (await get('/v2/portals/classified?type[0]=en_linea&q=registro')).json() as typeof body;
    expect(online.total).toBeGreaterThan(0);
    expect(online.data.flatMap((g) => g.services).every((s) => s.type === 'en_linea')).toBe(true);
    expect((await get('/v2/portals/classified?channel=correo')).statusCode).toBe(400);
  });
});

describe('Puntos GOB', () => {
  it('lists every centre and filters by province and by service, area and institution', async () => {
    const everything = (await get('/v2/punto-gob/getall')).json();
    expect(everything.total).toBeGreaterThanOrEqual(5);
    const santiago = (await get('/v2/punto-gob/getall?provinces[0]=25')).json();
    expect(santiago.total).toBeGreaterThan(0);
    expect(santiago.data.every((p: { province: { name: string } }) => p.province.name === 'Santiago')).toBe(true);

    const inapa = (await get('/v1/portals/services/contrato-de-agua-inapa/slug')).json().data;
    const byService = (await get(`/v2/punto-gob/getall?services[]=${inapa.id}`)).json();
    expect(byService.data.map((p: { slug: string }) => p.slug).sort()).toEqual(inapa.puntos_gob.map((p: { slug: string }) => p.slug).sort());
    expect(byService.total).toBeLessThan(everything.total);

    const both = (await get(`/v2/punto-gob/getall?services=${inapa.id}&provinces=1`)).json();
    expect(both.total).toBe(0);
    const byInstitution = (await get(`/v2/punto-gob/getall?institutions[0]=${await institutionId('CAASD')}`)).json();
    expect(byInstitution.total).toBeGreaterThan(0);
    expect(byInstitution.total).toBeLessThan(everything.total);
    const byArea = (await get(`/v2/punto-gob/getall?areas[0]=${await areaId('identidad')}`)).json();
    expect(byArea.total).toBe(everything.total);
    expect((await get('/v2/punto-gob/getall?provinces=Santiago')).statusCode).toBe(400);
  });

  it('gives one centre with its hours and services, and a Spanish 404 for an unknown slug', async () => {
    const res = await get('/v2/portal-punto-gob/punto-gob-santiago/slug');
    expect(res.statusCode, res.body).toBe(200);
    const punto = res.json().data;
    expect(punto).toMatchObject({ slug: 'punto-gob-santiago', province: { id: 25, name: 'Santiago' } });
    expect(punto.hours).toMatch(/a\.m\./);
    expect(punto.services.length).toBe(punto.services_count);
    expect(punto.services.map((s: CatalogueService) => s.slug)).toContain('certificado-de-no-antecedentes-penales');
    const missing = await get('/v2/portal-punto-gob/punto-gob-marte/slug');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'El Punto GOB solicitado no existe' });
  });
});

describe('GET /v2/portal/dashboard/statistics', () => {
  it('counts from the database, including a request submitted this month', async () => {
    const before = (await get('/v2/portal/dashboard/statistics')).json().data;
    expect(before).toMatchObject({ services: (await page('')).total, average_rating: null });
    expect(before.institutions).toBe((await get('/v1/portals/institutions')).json().data.length);
    expect(before.online_services).toBe((await page('type=en_linea')).total);

    const token = await login(t.app, DEMO.cedula, DEMO.password);
    const me = (await t.app.inject({ method: 'GET', url: '/v1/portals/auth/citizens/me', headers: bearer(token) })).json().data.id;
    const form = multipart([
      { name: 'citizen_profile_id', value: String(me) },
      { name: 'file', value: SAMPLE_FILES.pdf, filename: 'Estatutos.pdf', contentType: 'application/pdf' },
    ]);
    const doc = (await t.app.inject({ method: 'POST', url: '/v1/portals/documents', payload: form.payload, headers: { ...form.headers, ...bearer(token) } })).json().data.id;
    const draft = (await t.app.inject({ method: 'POST', url: '/v1/portals/formalizaciones', headers: bearer(token), payload: { data: submittableSrl(doc) } })).json().data;
    expect((await get('/v2/portal/dashboard/statistics')).json().data.requests_this_month, 'un borrador no cuenta').toBe(before.requests_this_month);
    const submitted = await t.app.inject({ method: 'POST', url: `/v1/portals/formalizaciones/${draft.id}/submit`, headers: bearer(token) });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect((await get('/v2/portal/dashboard/statistics')).json().data.requests_this_month).toBe(before.requests_this_month + 1);
    // A request of an earlier month does not count.
    await t.app.db.query("UPDATE applications SET submitted_at = now() - interval '40 days' WHERE id = $1", [draft.id]);
    expect((await get('/v2/portal/dashboard/statistics')).json().data.requests_this_month).toBe(before.requests_this_month);
  });
});

describe('replacing a catalogue table', () => {
  it('serves and searches the new rows at once', async () => {
    const own = await buildTestApp({ rateLimitAllowList: ['127.0.0.1'] });
    try {
      const count = await replaceReferenceTable(own.app.db, 'catalogo_servicios', [
        {
          id: 1, slug: 'permiso-de-pesca', nombre: 'Permiso de pesca deportiva', descripcion: 'Autorización anual para pescar en aguas dominicanas.',
          institucionId: 1, areaId: 1, tipo: 'presencial', canales: 'presencial|telefonico', costo: '500.50', tiempoEstimado: '1 día',
          requisitos: '["Cédula"]', pasos: ['Solicitar', 'Pagar'],
        },
      ]);
      expect(count).toBe(1);
      const res = await own.app.inject({ method: 'GET', url: '/v1/portals/services?q=PESCA' });
      expect(res.json()).toMatchObject({ total: 1, data: [{ slug: 'permiso-de-pesca', cost: 500.5, channels: ['presencial', 'telefonico'] }] });
      const detail = (await own.app.inject({ method: 'GET', url: '/v1/portals/services/permiso-de-pesca/slug' })).json().data;
      expect(detail).toMatchObject({ requirements: ['Cédula'], steps: ['Solicitar', 'Pagar'], puntos_gob: [] });
      expect((await own.app.inject({ method: 'GET', url: '/v2/portal/dashboard/statistics' })).json().data.services).toBe(1);

      // Ranking on rows made for it: the name match comes first though its name sorts last.
      const row = (id: number, slug: string, nombre: string, descripcion: string) => ({
        id, slug, nombre, descripcion, institucionId: 1, areaId: 1, tipo: 'informativo', canales: ['en_linea'], tiempoEstimado: '1 día', requisitos: [], pasos: [],
      });
      await replaceReferenceTable(own.app.db, 'catalogo_servicios', [
        row(1, 'a-guia', 'Aaa guía de trámites', 'Incluye la solicitud de la licencia de pesca y otros permisos.'),
        row(2, 'z-licencia', 'Zzz licencia de pesca', 'Autorización anual.'),
        row(3, 'm-otro', 'Mmm otro trámite', 'Nada que ver.'),
      ]);
      const ranked = (await own.app.inject({ method: 'GET', url: '/v1/portals/services?q=licencia%20pesca' })).json();
      expect(ranked.data.map((s: { slug: string }) => s.slug)).toEqual(['z-licencia', 'a-guia']);
      const unranked = (await own.app.inject({ method: 'GET', url: '/v1/portals/services' })).json();
      expect(unranked.data.map((s: { slug: string }) => s.slug)).toEqual(['a-guia', 'm-otro', 'z-licencia']);
      // A row the table refuses leaves the previous rows in place.
      await expect(replaceReferenceTable(own.app.db, 'catalogo_servicios', [{ id: 2, slug: 'x', nombre: 'X', descripcion: 'x', institucionId: 1, areaId: 1, tipo: 'otro', canales: ['fax'], tiempoEstimado: '1', requisitos: [], pasos: [] }])).rejects.toThrow();
      expect((await own.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM catalogo_servicios')).rows[0].n).toBe(3);
    } finally {
      await own.close();
    }
  });
});

describe('importReference with a catalogue JSON file', () => {
  it('replaces the Puntos GOB table in one transaction, and refuses a CSV for it', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'portal-import-catalogo-'));
    const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
    const run = (args: string[]) =>
      promisify(execFile)(path.join(repoRoot, 'node_modules/.bin/tsx'), [path.join(repoRoot, 'packages/server/src/cli/importReference.ts'), ...args], {
        env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '' },
        cwd: repoRoot,
      }).then(
        (r) => ({ code: 0, ...r }),
        (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
      );
    try {
      const file = path.join(dir, 'puntos.json');
      await writeFile(file, JSON.stringify([{ id: 7, slug: 'punto-gob-prueba', nombre: 'Punto GOB Prueba', provinciaId: 18, direccion: 'Calle 1', horario: '8:00 a.m. a 5:00 p.m.', servicios: ['acta-de-nacimiento'] }]));
      const result = await run(['puntos-gob', file]);
      expect(result.stderr).toBe('');
      expect(result.stdout).toContain('Tabla puntos_gob reemplazada: 1 filas.');
      const csv = await run(['catalogo-servicios', path.join(dir, 'x.csv')]);
      expect(csv.code).not.toBe(0);
      const db = await createPgliteDb(path.join(dir, 'pglite'));
      try {
        expect((await db.query('SELECT slug, provincia_id, servicios FROM puntos_gob')).rows).toEqual([{ slug: 'punto-gob-prueba', provincia_id: 18, servicios: ['acta-de-nacimiento'] }]);
      } finally {
        await db.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('the answers kept in memory', () => {
  it('loads once per key within the time, again after it, and forgets a failed load', async () => {
    const cache = createResultCache<number>(40, 2);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('a', load)).toBe(1);
    expect(await cache.get('a', load)).toBe(1);
    await new Promise((r) => setTimeout(r, 60));
    expect(await cache.get('a', load)).toBe(2);
    await expect(cache.get('b', () => Promise.reject(new Error('x')))).rejects.toThrow();
    expect(await cache.get('b', load)).toBe(3);
    expect(cacheKey({ area: [2, 1], q: ' pasaporte ' })).toBe(cacheKey({ q: 'pasaporte', area: ['1', '2', '1'] }));
    expect(cacheKey({ area: [1] })).not.toBe(cacheKey({ institutions: [1] }));
  });
});
