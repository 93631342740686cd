/**
 * API throughput on the embedded database: the real server in a child process
 * (startServerOn: as `npm start` runs it, rate limits lifted for the loopback
 * address, logging at "warn"), autocannon in this one.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { fullSrlApplication } from './fullSrlApplication';
import { startServerOn } from './realServer';

export async function serverBench(): Promise<string[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'portal-bench-'));
  let server;
  try {
    server = await startServerOn({ dataDir });
  } catch (e) {
    await rm(dataDir, { recursive: true, force: true });
    throw e;
  }
  const base = server.baseUrl;
  try {
    const login = await fetch(`${base}/v1/portals/auth/citizens/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ cedula: '40229183641', password: 'Demo-Portal-2026' }),
    });
    const { token } = (await login.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const created = await fetch(`${base}/v1/portals/formalizaciones`, { method: 'POST', headers: auth, body: JSON.stringify({ data: {} }) });
    const draftId = ((await created.json()) as { data: { id: number } }).data.id;
    const draftBody = JSON.stringify({ data: fullSrlApplication() });

    const runs = [
      { name: 'GET /v1/region/municipios?limit=100&page=1&provinciaId=32', opts: { url: `${base}/v1/region/municipios?limit=100&page=1&provinciaId=32` } },
      // The biggest sector list (San José de las Matas, 387 of the 12,779 sectors), as the forms ask it.
      { name: 'GET /v1/region/sectores?limit=500&page=1&municipioId=2505 (387 sectores)', opts: { url: `${base}/v1/region/sectores?limit=500&page=1&municipioId=2505` } },
      // The identity lookups need a session (the signed-in form calls them).
      { name: 'GET /v1/jce/{cédula} (con sesión)', opts: { url: `${base}/v1/jce/00104578232`, headers: auth } },
      { name: 'PUT /v1/portals/formalizaciones/{id} (autoguardado, SRL completa)', opts: { url: `${base}/v1/portals/formalizaciones/${draftId}`, method: 'PUT', headers: auth, body: draftBody } },
    ];
    const lines: string[] = [];
    // BENCH_RUTA=sectores (any part of a run's name) measures only those runs.
    const only = process.env.BENCH_RUTA?.toLowerCase();
    for (const run of runs.filter((r) => !only || r.name.toLowerCase().includes(only))) {
      await autocannon({ ...run.opts, connections: 10, duration: 2 }); // warm-up
      const r = await autocannon({ ...run.opts, connections: 20, duration: 8 });
      const bad = r.non2xx + r.errors + r.timeouts;
      lines.push(`api: ${run.name}: ${Math.round(r.requests.average)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms${bad ? `, ${bad} respuestas no 2xx/errores` : ''}`);
    }
    lines.push('api: presupuesto de las consultas: ≥ 3000 req/s y p99 ≤ 50 ms (base embebida, 2 núcleos; servidor y carga en la misma máquina)');
    return lines;
  } finally {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
