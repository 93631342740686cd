/**
 * The portal server as a real process, one process (so its pid is the server's
 * and kill -9 kills the server itself): `node main.js` of the run's server build
 * (the server project's global setup builds it once, as `npm run build` does,
 * and names it in BUILT_SERVER_ENV), else `node --import tsx src/main.ts`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const mainFile = path.join(repoRoot, 'packages/server/src/main.ts');

/** The environment variable naming the run's built server (dist-like main.js), when there is one. */
export const BUILT_SERVER_ENV = 'PORTAL_TEST_BUILT_SERVER';

/** How to start the server: the run's build with plain node (~1 s), else its sources through tsx (8-24 s on a busy machine). */
function serverArgs(): string[] {
  const built = process.env[BUILT_SERVER_ENV];
  return built ? [built] : ['--import', 'tsx', mainFile];
}

export interface ServerProcess {
  child: ChildProcess;
  pid: number;
  /** Resolves with the port once listening, or with null if the process ends first. */
  listening: Promise<number | null>;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  output(): string;
}

/**
 * The environment of a server process a test starts (this file's, and `npm start` in shutdown.test.ts):
 * the embedded data folder, a free port of 127.0.0.1, no SPA, no mail, the sandbox agencies.
 */
export function testServerEnv(dataDir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    PORT: '0',
    HOST: '127.0.0.1',
    STATIC_DIR: path.join(dataDir, '..', 'no-static'),
    SMTP_URL: '',
    AGENCIES: 'sandbox',
    LOG_LEVEL: 'info',
    // Several servers and the tests share two cores: a long tick is the machine, not an overloaded server
    // (a 503 would hide what a test checks).
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
  };
}

/**
 * Starts the server on an embedded data folder, on a free port of 127.0.0.1,
 * without the SPA. `env` overrides or adds variables (DATABASE_URL,
 * DATABASE_SCHEMA, REDIS_URL, DOCUMENT_STORAGE, …).
 */
export function startServer(dataDir: string, env: Record<string, string> = {}): ServerProcess {
  const child = spawn(process.execPath, serverArgs(), {
    cwd: repoRoot,
    env: { ...testServerEnv(dataDir), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const listening = new Promise<number | null>((resolve) => {
    const onData = (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const match = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(text);
      if (match) resolve(Number(match[1]));
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then(() => resolve(null));
  });
  return { child, pid: child.pid!, listening, exited, output: () => text };
}
