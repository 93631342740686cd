/**
 * API throughput on the embedded database: the real server in a child process
 * (as `npm start` runs it), autocannon in this one. Rate limits are lifted for
 * the loopback address through RATE_LIMIT_ALLOWLIST; logging at "warn".
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { fullSrlApplication } from './fullSrlApplication';

const root = resolve(import.meta.dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
  });
}

async function waitFor(url: string, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`el servidor no respondió en ${ms} ms`);
}

export async function serverBench(): Promise<string[]> {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'portal-bench-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', RATE_LIMIT_ALLOWLIST: '127.0.0.1,::1,::ffff:127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/v1/region/provincias?limit=1`, 60_000);
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
      // The identity lookups need a session (the signed-in form calls them).
      { name: 'GET /v1/jce/{cédula} (con sesión)', opts: { url: `${base}/v1/jce/00104578232`, headers: auth } },
      { name: 'PUT /v1/portals/formalizaciones/{id} (autoguardado, SRL completa)', opts: { url: `${base}/v1/portals/formalizaciones/${draftId}`, method: 'PUT', headers: auth, body: draftBody } },
    ];
    const lines: string[] = [];
    for (const run of runs) {
      await autocannon({ ...run.opts, connections: 10, duration: 2 }); // warm-up
      const r = await autocannon({ ...run.opts, connections: 20, duration: 8 });
      const bad = r.non2xx + r.errors + r.timeouts;
      lines.push(`api: ${run.name}: ${Math.round(r.requests.average)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms${bad ? `, ${bad} respuestas no 2xx/errores` : ''}`);
    }
    lines.push('api: presupuesto de las consultas: ≥ 3000 req/s y p99 ≤ 50 ms (base embebida, 2 núcleos; servidor y carga en la misma máquina)');
    return lines;
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await rm(dataDir, { recursive: true, force: true });
  }
}
