/**
 * `npm start` and `npm run serve` as operators run them: SIGTERM sent to the
 * npm process reaches the server, which stops accepting connections, finishes
 * the request in flight (its answer written to the database), closes and
 * exits; no process of the tree is left running.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testServerEnv } from './serverProcess';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
let workDir: string;
const started: ChildProcess[] = [];

interface Started {
  child: ChildProcess;
  exited: Promise<number | null>;
  output(): string;
  /** Resolves with the first match of `re` in the output (stdout and stderr). */
  waitFor(re: RegExp, ms?: number): Promise<RegExpExecArray>;
}

/**
 * The data folder of every server of this file. The tests run one after the other and each waits
 * for its server to be gone, so they take turns in one folder: only the first server creates and
 * migrates the embedded database (seconds of a busy machine); the others open it as an operator's
 * restart would. A server a failed test left behind is killed (afterEach), and its stale lock is
 * taken over by the next one.
 */
const DATA_FOLDER = 'data';

/** Runs a command in its own process group (so that every process it starts can be found). */
function launch(command: string, args: string[]): Started {
  const child = spawn(command, args, {
    cwd: repoRoot,
    detached: true,
    env: { ...testServerEnv(path.join(workDir, DATA_FOLDER)), PORTAL_SKIP_BUILD: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let text = '';
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    text += chunk.toString('utf8');
    for (const listener of listeners) listener();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const waitFor = (re: RegExp, ms = 60_000) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no apareció ${re} en la salida:\n${text}`)), ms);
      const check = () => {
        const match = re.exec(text);
        if (!match) return;
        clearTimeout(timer);
        listeners.delete(check);
        resolve(match);
      };
      listeners.add(check);
      check();
    });
  return { child, exited, output: () => text, waitFor };
}

/** True while the process exists. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The pids of a process group still running (zombies excluded). */
function groupMembers(pgid: number): number[] {
  const ps = spawnSync('ps', ['-eo', 'pid=,pgid=,stat='], { encoding: 'utf8' });
  return ps.stdout
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([, group, stat]) => Number(group) === pgid && stat !== undefined && !stat.startsWith('Z'))
    .map(([pid]) => Number(pid));
}

/** Resolves once nothing runs any more in the group (or rejects listing what still runs). */
async function groupGone(pgid: number, ms = 15_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (groupMembers(pgid).length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`siguen corriendo: ${spawnSync('ps', ['-o', 'pid,stat,cmd', '-g', String(pgid)], { encoding: 'utf8' }).stdout}`);
}

/** Whether a TCP connection to the port is accepted. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Retries `accepts` until the port refuses connections (or the time runs out). */
async function refusedWithin(port: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (!(await accepts(port))) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

const REPORT = JSON.stringify({ description: 'La página de pago se quedó cargando después de enviar el formulario.', path: '/pagos', email: null });

/**
 * Starts an error report whose body arrives in two halves: the request is in
 * flight until `finish()` sends the second half; `response` gives its status and body.
 */
function slowReport(port: number) {
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/v1/portals/error-reports',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(REPORT) },
  });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.once('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    request.once('error', reject);
  });
  const half = Math.floor(REPORT.length / 2);
  request.write(REPORT.slice(0, half));
  return { response, finish: () => request.end(REPORT.slice(half)) };
}

// Embedded database only (DATABASE_URL is emptied above): CI's PostgreSQL pass (TEST_DATABASE_URL)
// would start the very same processes again.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('parada ordenada por SIGTERM al proceso npm', () => {
  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'portal-shutdown-'));
    // `npm run serve` runs the built server: build it (the SPA build is not needed here).
    const build = spawnSync(process.execPath, ['scripts/buildServer.mjs'], { cwd: repoRoot, encoding: 'utf8' });
    expect(build.status, build.stderr).toBe(0);
  }, 120_000);

  afterEach(() => {
    // A failed test must not leave its processes behind: kill each group still alive.
    for (const child of started.splice(0)) if (groupMembers(child.pid!).length > 0) process.kill(-child.pid!, 'SIGKILL');
  });

  afterAll(async () => {
    await rm(workDir, { recursive: true, force: true });
  });

  it('npm start: deja de aceptar conexiones, termina la petición en curso, cierra y no deja procesos', async () => {
    const portal = launch('npm', ['start']);
    const port = Number((await portal.waitFor(/Server listening at http:\/\/127\.0\.0\.1:(\d+)/))[1]);
    const serverPid = Number((await portal.waitFor(/"pid":(\d+)[^\n]*Server listening/))[1]);
    expect(serverPid).not.toBe(portal.child.pid);
    expect(await accepts(port)).toBe(true);

    // A request in flight (headers in, half its body sent) when the signal arrives.
    const slow = slowReport(port);
    await portal.waitFor(/"url":"\/v1\/portals\/error-reports"[^\n]*incoming request/);
    process.kill(portal.child.pid!, 'SIGTERM');
    await portal.waitFor(/"signal":"SIGTERM"[^\n]*cerrando el servidor/, 10_000);

    // New connections are refused while the request in flight is still open.
    expect(await refusedWithin(port, 5_000)).toBe(true);
    expect(alive(serverPid)).toBe(true);

    // The request in flight completes, its report stored in the still open database.
    slow.finish();
    const answer = await slow.response;
    expect(answer.status, answer.body).toBe(201);
    expect(JSON.parse(answer.body).data.reference).toMatch(/^REP-\d{4}-\d{6}$/);

    // Then the server exits, and with it every process `npm start` started.
    await groupGone(portal.child.pid!);
    expect(alive(serverPid)).toBe(false);
    expect(portal.output()).not.toMatch(/error al cerrar/);
  }, 120_000);

  it('npm run serve (servidor ya compilado, sin tsx): SIGTERM al npm lo para y no deja procesos', async () => {
    const portal = launch('npm', ['run', 'serve']);
    const port = Number((await portal.waitFor(/Server listening at http:\/\/127\.0\.0\.1:(\d+)/))[1]);
    const serverPid = Number((await portal.waitFor(/"pid":(\d+)[^\n]*Server listening/))[1]);
    const tree = spawnSync('ps', ['-o', 'cmd=', '-g', String(portal.child.pid)], { encoding: 'utf8' }).stdout;
    expect(tree).toMatch(/dist\/server\/main\.js/);
    expect(tree).not.toMatch(/tsx|vite/);
    const res = await fetch(`http://127.0.0.1:${port}/docs/json`);
    expect(res.status).toBe(200);

    process.kill(portal.child.pid!, 'SIGTERM');
    await portal.waitFor(/cerrando el servidor/, 10_000);
    expect(await refusedWithin(port, 5_000)).toBe(true);
    await groupGone(portal.child.pid!);
    expect(alive(serverPid)).toBe(false);
  }, 120_000);

  it('npm terminado con SIGKILL (sin pasar la señal): el servidor para solo y no queda huérfano', async () => {
    const portal = launch('npm', ['run', 'serve']);
    const port = Number((await portal.waitFor(/Server listening at http:\/\/127\.0\.0\.1:(\d+)/))[1]);
    const serverPid = Number((await portal.waitFor(/"pid":(\d+)[^\n]*Server listening/))[1]);
    process.kill(portal.child.pid!, 'SIGKILL');
    await portal.exited;
    expect(await refusedWithin(port, 10_000)).toBe(true);
    await groupGone(portal.child.pid!);
    expect(alive(serverPid)).toBe(false);
  }, 120_000);

  it('Ctrl+C (SIGINT a todo el grupo: npm, lanzador y servidor a la vez): la petición en curso termina', async () => {
    const portal = launch('npm', ['run', 'serve']);
    const port = Number((await portal.waitFor(/Server listening at http:\/\/127\.0\.0\.1:(\d+)/))[1]);
    const serverPid = Number((await portal.waitFor(/"pid":(\d+)[^\n]*Server listening/))[1]);
    const slow = slowReport(port);
    await portal.waitFor(/"url":"\/v1\/portals\/error-reports"[^\n]*incoming request/);
    process.kill(-portal.child.pid!, 'SIGINT');
    await portal.waitFor(/cerrando el servidor/, 10_000);
    // The server gets SIGINT twice (terminal and launcher; often merged into one): a later
    // one, sent here on purpose, must not kill it mid-shutdown.
    process.kill(serverPid, 'SIGINT');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(alive(serverPid)).toBe(true);
    slow.finish();
    const answer = await slow.response;
    expect(answer.status, answer.body).toBe(201);
    await groupGone(portal.child.pid!);
  }, 120_000);

  it('el lanzador pasa SIGINT al servidor y sale con su código (0 tras una parada ordenada)', async () => {
    const portal = launch(process.execPath, ['scripts/start.mjs', '--built']);
    await portal.waitFor(/Server listening at/);
    process.kill(portal.child.pid!, 'SIGINT');
    expect(await portal.exited).toBe(0);
    expect(portal.output()).toMatch(/"signal":"SIGINT"[^\n]*cerrando el servidor/);
    await groupGone(portal.child.pid!);
  }, 120_000);
});
