/**
 * The mixed load of tests/load (BENCH_SOLO=carga): the same virtual users
 * (200 × 30 s by default; BENCH_CARGA_USUARIOS, BENCH_CARGA_SEGUNDOS,
 * BENCH_CARGA_PAUSA_MS) against one server on the embedded database (PGlite)
 * and against three servers on a throwaway PostgreSQL and Redis behind
 * haproxy, on this machine in this run. Prints req/s, p50, p99, transport
 * errors, 5xx and other unexpected answers for each.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDb } from '../../packages/server/src/db/createDb';
import { startCluster } from '../load/cluster';
import { runMixedLoad, seedCitizens, totals, type LoadResult } from '../load/mixedLoad';
import { missing, startThrowaway } from '../load/throwaway';
import { startServerOn } from './realServer';

const USERS = Number(process.env.BENCH_CARGA_USUARIOS ?? 200);
const SECONDS = Number(process.env.BENCH_CARGA_SEGUNDOS ?? 30);
const THINK_MS = Number(process.env.BENCH_CARGA_PAUSA_MS ?? 1500);
/** Users start spread over this many seconds (their logins: argon2id with production costs). */
const RAMP = Math.min(10, SECONDS / 3);

function line(label: string, result: LoadResult): string {
  const t = totals(result);
  // The unexpected answers grouped (request kind, status, start of the message), the commonest first.
  const groups = new Map<string, number>();
  for (const u of result.unexpected) groups.set(u.slice(0, 110), (groups.get(u.slice(0, 110)) ?? 0) + 1);
  const top = [...groups.entries()].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([u, n]) => `${n} × ${u}`);
  return `carga: ${label}: ${t.rps.toFixed(1)} req/s, p50 ${t.p50.toFixed(0)} ms, p99 ${t.p99.toFixed(0)} ms, errores de transporte ${t.transport}, 5xx ${t.fiveXx}` +
    `, respuestas inesperadas en total ${t.unexpected} (${t.requests} peticiones)${top.length ? `\n       ${top.join('\n       ')}` : ''}`;
}

/** One server on PGlite: started once to migrate and seed, accounts added while it is stopped, started again for the load. */
async function embedded(): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-bench-carga-'));
  try {
    const first = await startServerOn({ dataDir, readyPath: '/health/ready' });
    await first.close();
    const db = await createDb({ databaseUrl: null, databaseSchema: null, pgliteDataDir: path.join(dataDir, 'pglite') });
    let users;
    try {
      users = await seedCitizens(db, USERS);
    } finally {
      await db.close();
    }
    // Rate limits as in production: each virtual user has its own address (startServerOn lifts them for 127.0.0.1 only).
    const server = await startServerOn({ dataDir, readyPath: '/health/ready' });
    try {
      const result = await runMixedLoad({ baseUrl: server.baseUrl, users, durationSeconds: SECONDS, rampSeconds: RAMP, thinkMs: THINK_MS });
      return line('1 servidor, base embebida (PGlite)', result);
    } finally {
      await server.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Three servers on a throwaway PostgreSQL and Redis behind haproxy. */
async function clustered(): Promise<string> {
  const lacking = missing();
  if (lacking !== null) return `carga: 3 servidores en PostgreSQL detrás de haproxy: no disponible: falta ${lacking}`;
  const services = await startThrowaway();
  const workDir = await mkdtemp(path.join(tmpdir(), 'portal-bench-cluster-'));
  try {
    const cluster = await startCluster({ servers: 3, databaseUrl: services.databaseUrl, redisUrl: services.redisUrl, workDir, env: { DOCUMENT_STORAGE: 'postgres' } });
    try {
      const db = new pg.Client({ connectionString: services.databaseUrl });
      await db.connect();
      const users = await seedCitizens(db, USERS).finally(() => db.end());
      const result = await runMixedLoad({ baseUrl: cluster.proxyUrl, users, durationSeconds: SECONDS, rampSeconds: RAMP, thinkMs: THINK_MS });
      return line('3 servidores, PostgreSQL y Redis, detrás de haproxy', result);
    } finally {
      await cluster.stop();
    }
  } finally {
    services.stop();
    await rm(workDir, { recursive: true, force: true });
  }
}

export async function mixedLoadBench(): Promise<string[]> {
  // Both set-ups without the overload check, as the proof's servers: the load shares the two cores with them.
  const overload = process.env.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS;
  process.env.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS = '0';
  const lines = [
    `carga: ${USERS} usuarios virtuales × ${SECONDS} s, pausa media ${THINK_MS} ms entre peticiones (login, JCE, municipios, catálogo, subida, borrador y autoguardado, envío, pago ONAPI del sandbox), cada usuario desde su propia dirección de loopback; comprobación de sobrecarga de los servidores apagada`,
  ];
  try {
    lines.push(await embedded());
    lines.push(await clustered());
  } finally {
    if (overload === undefined) delete process.env.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS;
    else process.env.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS = overload;
  }
  lines.push('carga: los req/s los fija sobre todo la pausa de los usuarios (carga ofrecida igual en ambos); lo que cambia son las latencias y los errores');
  lines.push('carga: servidores, base de datos, haproxy y generador de carga en la misma máquina (2 núcleos)');
  return lines;
}
