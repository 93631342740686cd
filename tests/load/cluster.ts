/**
 * Several real portal servers on one PostgreSQL (and one Redis) behind
 * Debian's haproxy, as operators run them: each server is
 * `node --import tsx packages/server/src/main.ts` in its own process (its pid
 * is the server's, so `kill -9` kills the server itself), all delivering mail
 * to one in-process SMTP sink and trusting haproxy's X-Forwarded-For.
 * haproxy balances round-robin, checks GET /health/ready every second and
 * retries a request whose server vanished (connection refused or closed with
 * no answer) on another one.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { startMailSink, type MailSink } from '../../packages/server/test/mailSink';
import { freePort, waitForOk } from '../bench/realServer';

const root = path.resolve(import.meta.dirname, '../..');
const mainFile = path.join(root, 'packages/server/src/main.ts');

/** One server process of the cluster. */
export interface ClusterServer {
  name: string;
  port: number;
  url: string;
  child: ChildProcess;
  /** Resolves when the process has ended (exit code, or the signal's name). */
  exited: Promise<number | string | null>;
  /** The last lines it printed (warnings and errors). */
  output(): string;
}

/** A running cluster: haproxy's address, the servers, the mail sink, and how to stop it all. */
export interface Cluster {
  proxyUrl: string;
  servers: ClusterServer[];
  mail: MailSink;
  /** haproxy's own log lines (server state changes, retries). */
  proxyOutput(): string;
  /** haproxy's counters per server of the backend (and the BACKEND row): retries, redispatches, state. */
  proxyStats(): Promise<{ name: string; retries: number; redispatches: number; status: string }[]>;
  /** `kill -9` of one server; resolves once the process is gone. */
  kill9(server: ClusterServer): Promise<void>;
  stop(): Promise<void>;
}

export interface ClusterOptions {
  servers: number;
  databaseUrl: string;
  redisUrl: string | null;
  /** Folder for haproxy's configuration and, without DOCUMENT_STORAGE=postgres, the shared UPLOAD_DIR. */
  workDir: string;
  /** Extra environment for every server (DOCUMENT_STORAGE, REDIS_PREFIX, …). */
  env?: Record<string, string>;
}

/** Where Debian installs haproxy; null when it is not installed. */
export function haproxyBinary(): string | null {
  for (const candidate of ['/usr/sbin/haproxy', '/usr/bin/haproxy']) {
    if (spawnSync(candidate, ['-v']).status === 0) return candidate;
  }
  return null;
}

/** haproxy's configuration for the given server ports, with its statistics on `statsPort` (kept valid by `haproxy -c`). */
export function haproxyConfig(listenPort: number, serverPorts: number[], statsPort: number): string {
  return [
    'global',
    '  maxconn 4096',
    // Requests are buffered whole to be retried: room for a form's JSON or a small upload.
    '  tune.bufsize 131072',
    'defaults',
    '  mode http',
    '  log stdout format raw local0 notice',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 30s',
    '  timeout http-keep-alive 10s',
    '  timeout queue 30s',
    '  option forwardfor',
    '  option redispatch 1',
    '  retries 3',
    '  retry-on conn-failure empty-response response-timeout',
    'frontend stats',
    `  bind 127.0.0.1:${statsPort}`,
    '  stats enable',
    '  stats uri /estadisticas',
    'frontend portal',
    `  bind 127.0.0.1:${listenPort}`,
    '  default_backend portal_servers',
    'backend portal_servers',
    '  balance roundrobin',
    '  option httpchk GET /health/ready',
    '  http-check expect status 200',
    // A dead server refuses the check's connection at once (down within about a second); a busy one gets
    // 3 s to answer, so a loaded machine does not take every server out (haproxy's 503 "No server is available").
    '  timeout check 3s',
    '  default-server check inter 1s fastinter 500ms downinter 500ms fall 2 rise 2',
    ...serverPorts.map((port, i) => `  server s${i + 1} 127.0.0.1:${port}`),
    '',
  ].join('\n');
}


/** Starts one server process on `port` with `env` added to this process's environment (not waited for). */
export function startServer(name: string, port: number, env: Record<string, string>): ClusterServer {
  const child = spawn(process.execPath, ['--import', 'tsx', mainFile], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const keep = (chunk: Buffer) => {
    text = (text + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | string | null>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  return { name, port, url: `http://127.0.0.1:${port}`, child, exited, output: () => text };
}

const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

/** Starts the servers (in parallel: the first migrates, the others wait on its lock), then haproxy in front. */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const haproxy = haproxyBinary();
  if (haproxy === null) throw new Error('haproxy no está instalado (apt-get install haproxy)');
  await mkdir(options.workDir, { recursive: true });
  const mail = await startMailSink();
  const servers: ClusterServer[] = [];
  let proxy: ChildProcess | null = null;
  let proxyText = '';
  // If this process dies without stop() (an uncaught error), the servers and haproxy die with it.
  const killAll = () => {
    for (const child of [proxy, ...servers.map((server) => server.child)]) if (child && running(child)) child.kill('SIGKILL');
  };
  process.once('exit', killAll);
  const stop = async () => {
    process.off('exit', killAll);
    if (proxy !== null && running(proxy)) {
      const gone = new Promise((resolve) => proxy!.once('exit', resolve));
      proxy.kill('SIGTERM');
      await gone;
    }
    await Promise.all(
      servers.map(async (server) => {
        if (running(server.child)) server.child.kill('SIGTERM');
        const timer = setTimeout(() => running(server.child) && server.child.kill('SIGKILL'), 10_000);
        await server.exited;
        clearTimeout(timer);
      }),
    );
    await mail.close();
  };
  try {
    const env: Record<string, string> = {
      DATABASE_URL: options.databaseUrl,
      REDIS_URL: options.redisUrl ?? '',
      DATA_DIR: path.join(options.workDir, 'data'),
      UPLOAD_DIR: path.join(options.workDir, 'uploads'),
      STATIC_DIR: path.join(options.workDir, 'no-static'),
      SMTP_URL: mail.url,
      AGENCIES: 'sandbox',
      PAYMENTS: 'sandbox',
      // haproxy connects from 127.0.0.1: its X-Forwarded-For entry is the client's address.
      TRUST_PROXY: '127.0.0.1',
      SECRET_KEY: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_ALLOWLIST: '',
      // Servers, PostgreSQL, haproxy and the load share the machine's cores: a long tick is the machine, not
      // an overloaded server (as for the test suite's servers; operations.test.ts tests the check itself).
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
      ...options.env,
    };
    const ports: number[] = [];
    for (let i = 0; i < options.servers; i++) ports.push(await freePort());
    servers.push(...ports.map((port, i) => startServer(`s${i + 1}`, port, env)));
    await Promise.all(
      servers.map(async (server) => {
        const ready = waitForOk(`${server.url}/health/ready`, 120_000);
        const died = server.exited.then((code) => {
          throw new Error(`el servidor ${server.name} terminó al arrancar (${code}):\n${server.output()}`);
        });
        await Promise.race([ready, died]);
      }),
    );
    const listenPort = await freePort();
    const statsPort = await freePort();
    const configFile = path.join(options.workDir, 'haproxy.cfg');
    await writeFile(configFile, haproxyConfig(listenPort, ports, statsPort));
    const check = spawnSync(haproxy, ['-c', '-q', '-f', configFile], { encoding: 'utf8' });
    if (check.status !== 0) throw new Error(`configuración de haproxy inválida:\n${check.stdout}${check.stderr}`);
    proxy = spawn(haproxy, ['-f', configFile, '-db'], { stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (chunk: Buffer) => {
      proxyText = (proxyText + chunk.toString('utf8')).slice(-50_000);
    };
    proxy.stdout!.on('data', keep);
    proxy.stderr!.on('data', keep);
    const proxyUrl = `http://127.0.0.1:${listenPort}`;
    await waitForOk(`${proxyUrl}/health/ready`, 20_000);
    return {
      proxyUrl,
      servers,
      mail,
      proxyOutput: () => proxyText,
      async proxyStats() {
        const csv = await (await fetch(`http://127.0.0.1:${statsPort}/estadisticas;csv`)).text();
        const [header, ...rows] = csv.replace(/^# /, '').trim().split('\n').map((line) => line.split(','));
        const col = (name: string) => header.indexOf(name);
        return rows
          .filter((r) => r[0] === 'portal_servers')
          .map((r) => ({ name: r[1], retries: Number(r[col('wretr')] || 0), redispatches: Number(r[col('wredis')] || 0), status: r[col('status')] }));
      },
      async kill9(server) {
        server.child.kill('SIGKILL');
        await server.exited;
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
