/**
 * The portal server as a real process (`node --import tsx src/main.ts`, one
 * process, so its pid is the server's and kill -9 kills the server itself).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const mainFile = path.join(repoRoot, 'packages/server/src/main.ts');

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
 * Starts the server on an embedded data folder, on a free port of 127.0.0.1,
 * without the SPA. `env` overrides or adds variables (DATABASE_URL,
 * DATABASE_SCHEMA, REDIS_URL, DOCUMENT_STORAGE, …).
 */
export function startServer(dataDir: string, env: Record<string, string> = {}): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', mainFile], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PORT: '0',
      HOST: '127.0.0.1',
      STATIC_DIR: path.join(dataDir, '..', 'no-static'),
      SMTP_URL: '',
      AGENCIES: 'sandbox',
      LOG_LEVEL: 'info',
      // Several servers and the tests share two cores: a long tick is the machine, not an overloaded server.
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
      ...env,
    },
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
