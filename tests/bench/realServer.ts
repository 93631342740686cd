/**
 * The portal as `npm start` runs it, for every bench that needs the server:
 * startServerOn runs packages/server/src/main.ts in a child process on a free
 * port over a given data folder; startRealServer first builds the SPA with the
 * repo's vite.config.ts (precompressed assets included) into a temporary
 * folder and serves it from a temporary DATA_DIR.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import { asProduction } from '../support/buildSpa';

const root = resolve(import.meta.dirname, '../..');

/** A TCP port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
  });
}

/** Polls `url` until it answers 2xx, or fails after `ms`. */
export async function waitForOk(url: string, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} no respondió en ${ms} ms`);
}

/** A running portal: its base URL and how to stop it (server and temporary folders). */
export interface RealServer {
  baseUrl: string;
  close(): Promise<void>;
}

/** What startServerOn needs: the data folder (the caller's), and optionally the built app. */
export interface ServerOptions {
  dataDir: string;
  /** The built SPA (STATIC_DIR); without it the server answers the API only. */
  staticDir?: string;
  /** A path that answers 2xx once the server is up. */
  readyPath?: string;
}

/**
 * The bench's one way to run the server: packages/server/src/main.ts (what
 * `npm start` runs) in a child process on a free loopback port, logging at
 * "warn", rate limits lifted for the loopback address (the load comes from
 * there). Resolves once `readyPath` answers; `close` stops the child (the
 * caller removes its folders).
 */
export async function startServerOn({ dataDir, staticDir, readyPath = '/v1/region/provincias?limit=1' }: ServerOptions): Promise<RealServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ...(staticDir ? { STATIC_DIR: staticDir } : {}),
      LOG_LEVEL: 'warn', RATE_LIMIT_ALLOWLIST: '127.0.0.1,::1,::ffff:127.0.0.1',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((r) => child.once('exit', r));
  const baseUrl = `http://127.0.0.1:${port}`;
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  try {
    await waitForOk(`${baseUrl}${readyPath}`, 60_000);
  } catch (e) {
    await close();
    throw e;
  }
  return { baseUrl, close };
}

/** BENCH_MINIFY=0 (as for the browser bench's page): an unminified build, to read a CPU profile's function names. */
async function buildApp(outDir: string): Promise<void> {
  const minify = process.env.BENCH_MINIFY !== '0';
  await asProduction(() => build({ mode: 'production', configFile: join(root, 'vite.config.ts'), root: join(root, 'app'), build: { outDir, emptyOutDir: true, minify }, logLevel: 'silent' }));
}

/**
 * Builds the SPA and starts the real server on it with a temporary data
 * folder; `prepareData` may fill that folder before the server opens it.
 */
export async function startRealServer(prepareData?: (dataDir: string) => Promise<void>): Promise<RealServer> {
  const staticDir = await mkdtemp(join(tmpdir(), 'portal-bench-app-'));
  const dataDir = await mkdtemp(join(tmpdir(), 'portal-bench-data-'));
  const removeFolders = async () => {
    await rm(dataDir, { recursive: true, force: true });
    await rm(staticDir, { recursive: true, force: true });
  };
  let server: RealServer;
  try {
    await buildApp(staticDir);
    await prepareData?.(dataDir);
    server = await startServerOn({ dataDir, staticDir });
  } catch (e) {
    await removeFolders();
    throw e;
  }
  return {
    baseUrl: server.baseUrl,
    async close() {
      await server.close();
      await removeFolders();
    },
  };
}
