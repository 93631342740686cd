/**
 * The catalogue's API on the embedded database (issue 11 §6): the filtered
 * list and the text search over the real catalogue plus 1,000 synthetic
 * services, inserted into a temporary data folder before the real server
 * (startServerOn: `npm start`'s main.ts in a child process) opens it. Each
 * figure is printed with the budget (≥ 3,000 req/s and p99 ≤ 50 ms) and ✓/✗:
 * repeated lists and searches (served from the answers kept in memory), and
 * lists and searches that differ on every request (each one a database query).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { loadConfig } from '../../packages/server/src/config';
import { createDb } from '../../packages/server/src/db/createDb';
import { insertReferenceRows } from '../../packages/server/src/db/insertReferenceRows';
import { migrate } from '../../packages/server/src/db/migrate';
import { seedReference } from '../../packages/server/src/db/seedReference';
import { startServerOn, type RealServer } from './realServer';
import { verdict } from './stats';

declare module 'autocannon' {
  interface Options {
    /** Requests each connection sends in turn (autocannon cycles through them); setupRequest may rewrite each one. */
    requests?: { path?: string; setupRequest?: (request: { path: string }) => { path: string } }[];
  }
}

export const SYNTHETIC_SERVICES = 1000;

const VERBS = ['Solicitud', 'Renovación', 'Certificación', 'Registro', 'Inscripción', 'Duplicado', 'Consulta', 'Legalización'];
const OBJECTS = ['licencia comercial', 'permiso ambiental', 'acta notarial', 'título académico', 'placa de motocicleta', 'contrato de energía', 'pasaporte diplomático', 'registro sanitario', 'certificado de origen', 'carné de residente'];
const CHANNELS = [['en_linea'], ['presencial'], ['en_linea', 'presencial'], ['presencial', 'telefonico'], ['en_linea', 'presencial', 'telefonico']];
const TYPES = ['informativo', 'en_linea', 'presencial'];

/** Services shaped like reference/catalogo/servicios.json, spread over the real areas (1–11) and institutions (1–22). */
function syntheticServices(count: number): Record<string, unknown>[] {
  return Array.from({ length: count }, (_, i) => {
    const verb = VERBS[i % VERBS.length];
    const object = OBJECTS[(i * 7) % OBJECTS.length];
    return {
      id: 10_000 + i,
      slug: `servicio-sintetico-${i}`,
      nombre: `${verb} de ${object} ${i}`,
      descripcion: `Trámite de prueba número ${i}: ${verb.toLowerCase()} de ${object} ante la institución correspondiente, con requisitos y pasos de ejemplo.`,
      institucionId: (i % 22) + 1,
      areaId: (i % 11) + 1,
      tipo: TYPES[i % TYPES.length],
      canales: CHANNELS[i % CHANNELS.length],
      costo: i % 4 === 0 ? null : 100 + (i % 50) * 25,
      tiempoEstimado: `${(i % 10) + 1} días laborables`,
      requisitos: ['Cédula de identidad y electoral vigente', `Documento ${i}`],
      pasos: ['Presente la solicitud', 'Pague la tasa', 'Retire el documento'],
    };
  });
}

let sequence = 0;
/** A search no earlier request made: each one goes to the database (the answers kept in memory never hit). */
const freshSearch = (request: { path: string }) => {
  const n = sequence++;
  const q = `${VERBS[n % VERBS.length]} ${n % SYNTHETIC_SERVICES}`;
  return { ...request, path: `/v1/portals/services?q=${encodeURIComponent(q)}&per_page=${1 + (Math.floor(n / SYNTHETIC_SERVICES) % 100)}` };
};
/** A filter combination (area, channel, type, page size, page) no earlier request asked for, within 29,700 requests. */
const freshList = (request: { path: string }) => {
  const n = sequence++;
  const channel = ['en_linea', 'presencial', 'telefonico'][Math.floor(n / 11) % 3];
  const type = TYPES[Math.floor(n / 33) % 3];
  const perPage = 1 + (Math.floor(n / 99) % 100);
  const page = 1 + (Math.floor(n / 9900) % 3);
  return { ...request, path: `/v1/portals/services?area[0]=${(n % 11) + 1}&channel[0]=${channel}&type[0]=${type}&per_page=${perPage}&page=${page}` };
};

const RUNS: { name: string; paths?: string[]; fresh?: (request: { path: string }) => { path: string } }[] = [
  {
    name: 'GET /v1/portals/services (filtros indexados área, tipo y canal; página 2), cuatro consultas repetidas',
    paths: [
      '/v1/portals/services?area[0]=1&area[1]=4&type[0]=en_linea&channel[0]=presencial&page=2',
      '/v1/portals/services?institutions[0]=2&institutions[1]=6&channel[0]=en_linea',
      '/v1/portals/services?area=3&type=presencial&per_page=24',
      '/v1/portals/services?channel[]=telefonico&page=3',
    ],
  },
  {
    name: 'GET /v1/portals/services?q=… (búsqueda de texto, con y sin tildes, con filtros), cuatro consultas repetidas',
    paths: [
      '/v1/portals/services?q=certificacion',
      `/v1/portals/services?q=${encodeURIComponent('Renovación de licencia')}`,
      '/v1/portals/services?q=PASAPORTE&type[0]=presencial',
      `/v1/portals/services?q=${encodeURIComponent('registro sanitario')}&area[0]=8&page=2`,
    ],
  },
  { name: 'GET /v1/portals/services con filtros distintos en cada petición (sin respuestas en memoria: cada lista va a la base)', fresh: freshList },
  { name: 'GET /v1/portals/services?q=… distinta en cada petición (sin respuestas en memoria: cada búsqueda va a la base)', fresh: freshSearch },
];

/** The budget of issue 11 §6 for each run. */
const BUDGET = { rps: 3000, p99: 50 };

/**
 * Migrates and seeds a fresh data folder as the server's first start does,
 * then adds `count` synthetic services through the import's insert (never
 * into the seed files). Returns the number of services in the catalogue.
 */
export async function seedSyntheticCatalogue(dataDir: string, count = SYNTHETIC_SERVICES): Promise<number> {
  const db = await createDb(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }));
  try {
    await migrate(db);
    await seedReference(db);
    await db.transaction((tx) => insertReferenceRows(tx, 'catalogo_servicios', syntheticServices(count)));
    return (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM catalogo_servicios')).rows[0].n;
  } finally {
    await db.close();
  }
}

/** Req/s and p99 of the catalogue calls over the real catalogue plus SYNTHETIC_SERVICES synthetic services. */
export async function catalogueBench(): Promise<string[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'portal-bench-catalogo-'));
  let server: RealServer;
  let total: number;
  try {
    total = await seedSyntheticCatalogue(dataDir);
    server = await startServerOn({ dataDir, readyPath: '/v1/portals/services?per_page=1' });
  } catch (e) {
    await rm(dataDir, { recursive: true, force: true });
    throw e;
  }
  try {
    const lines = [`catálogo: ${total} servicios en la base embebida (${SYNTHETIC_SERVICES} sintéticos)`];
    for (const run of RUNS) {
      const opts = { url: server.baseUrl, requests: run.fresh ? [{ setupRequest: run.fresh }] : (run.paths ?? []).map((path) => ({ path })) };
      await autocannon({ ...opts, connections: 10, duration: 2 }); // warm-up
      const r = await autocannon({ ...opts, connections: 20, duration: 8 });
      const bad = r.non2xx + r.errors + r.timeouts;
      const rps = Math.round(r.requests.average);
      lines.push(
        `catálogo: ${run.name}: ${rps} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms${bad ? `, ${bad} respuestas no 2xx/errores` : ''} ` +
          `(presupuesto ≥ ${BUDGET.rps} req/s y p99 ≤ ${BUDGET.p99} ms) ${verdict(rps >= BUDGET.rps && r.latency.p99 <= BUDGET.p99 && bad === 0)}`,
      );
    }
    lines.push('catálogo: base embebida (PGlite, una consulta a la vez), 2 núcleos; servidor y carga en la misma máquina');
    lines.push('catálogo: las dos primeras series repiten cuatro consultas cada una: tras la primera vez se sirven de la memoria (un minuto); las dos últimas miden la base en cada petición');
    return lines;
  } finally {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
