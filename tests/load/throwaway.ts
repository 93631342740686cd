/**
 * A throwaway PostgreSQL cluster and Redis server for the mixed-load bench,
 * started from Debian's binaries in a temporary folder on free loopback
 * ports (as .ci/run does: initdb as the postgres user when running as root),
 * stopped and removed by `stop`. `missing` names what is not installed.
 */
import { spawnSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../bench/realServer';
import { haproxyBinary } from './cluster';

export interface Throwaway {
  databaseUrl: string;
  redisUrl: string;
  stop(): void;
}

function pgBinDir(): string | null {
  const found = spawnSync('sh', ['-c', 'ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1'], { encoding: 'utf8' }).stdout.trim();
  return found === '' ? null : found;
}

/** What the three-server bench needs and this machine lacks, or null when all is there. */
export function missing(): string | null {
  const lacks: string[] = [];
  if (pgBinDir() === null) lacks.push('PostgreSQL (apt-get install postgresql)');
  if (spawnSync('redis-server', ['--version']).status !== 0) lacks.push('redis-server');
  if (haproxyBinary() === null) lacks.push('haproxy');
  return lacks.length ? lacks.join(', ') : null;
}

const asRoot = process.getuid?.() === 0;

function run(command: string, args: string[], asPostgres = false): void {
  const [cmd, argv] = asPostgres && asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  const r = spawnSync(cmd, argv, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${command} falló: ${r.stderr || r.stdout}`);
}

/** Starts PostgreSQL (trust auth, loopback only) and Redis (no persistence) in a temporary folder. */
export async function startThrowaway(): Promise<Throwaway> {
  const bin = pgBinDir();
  if (bin === null) throw new Error('PostgreSQL no está instalado');
  const work = mkdtempSync(path.join(tmpdir(), 'portal-carga-'));
  if (asRoot) {
    const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    chownSync(work, uid, uid);
  }
  const pgPort = await freePort();
  const redisPort = await freePort();
  const data = path.join(work, 'data');
  let pgStarted = false;
  let redisStarted = false;
  const stop = () => {
    if (pgStarted) spawnSync(asRoot ? 'runuser' : path.join(bin, 'pg_ctl'), asRoot ? ['-u', 'postgres', '--', path.join(bin, 'pg_ctl'), '-D', data, '-m', 'immediate', 'stop'] : ['-D', data, '-m', 'immediate', 'stop']);
    if (redisStarted) spawnSync('redis-cli', ['-p', String(redisPort), 'shutdown', 'nosave']);
    rmSync(work, { recursive: true, force: true });
  };
  try {
    run(path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8'], true);
    run(path.join(bin, 'pg_ctl'), ['-D', data, '-o', `-p ${pgPort} -k ${work} -c listen_addresses=127.0.0.1`, '-l', path.join(work, 'log'), '-w', 'start'], true);
    pgStarted = true;
    run('redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', work, '--daemonize', 'yes', '--logfile', path.join(work, 'redis.log')]);
    redisStarted = true;
    for (let i = 0; i < 50 && spawnSync('redis-cli', ['-p', String(redisPort), 'ping'], { encoding: 'utf8' }).stdout.trim() !== 'PONG'; i++) {
      await new Promise((r) => setTimeout(r, 100));
    }
  } catch (error) {
    stop();
    throw error;
  }
  return { databaseUrl: `postgres://postgres@127.0.0.1:${pgPort}/postgres`, redisUrl: `redis://127.0.0.1:${redisPort}`, stop };
}
