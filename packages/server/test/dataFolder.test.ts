/**
 * The embedded data folder: one server per folder (real processes, kill -9),
 * commits durable on disk (fsync on), files for the owner only.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { chmod, lstat, mkdir, mkdtemp, readdir, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPgliteDb } from '../src/db/createPgliteDb';
import { DataFolderInUseError, lockDataFolder } from '../src/db/dataFolderLock';
import { ownerOnlyTree } from '../src/db/ownerOnlyTree';
import { DEMO } from './helpers';
import { startServer, type ServerProcess } from './serverProcess';

let root: string;
const running: ServerProcess[] = [];

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'portal-datafolder-'));
});
afterEach(() => {
  for (const server of running.splice(0)) if (server.child.exitCode === null) server.child.kill('SIGKILL');
});
afterAll(() => rm(root, { recursive: true, force: true }));

function start(dataDir: string): ServerProcess {
  const server = startServer(dataDir);
  running.push(server);
  return server;
}

/** Every file and folder under dir (dir included) whose mode has group or others bits. */
async function openToOthers(dir: string): Promise<string[]> {
  const found: string[] = [];
  const info = await lstat(dir);
  if ((info.mode & 0o077) !== 0) found.push(`${dir} ${(info.mode & 0o777).toString(8)}`);
  if (info.isDirectory()) for (const name of await readdir(dir)) found.push(...(await openToOthers(path.join(dir, name))));
  return found;
}

async function loginOver(port: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/v1/portals/auth/citizens/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ cedula: DEMO.cedula, password: DEMO.password }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

async function meStatus(port: number, token: string): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${port}/v1/portals/auth/citizens/me`, { headers: { authorization: `Bearer ${token}` } });
  return res.status;
}

const inUse = (dataDir: string, pid: number) => `La carpeta de datos ${dataDir} ya está en uso por otro servidor (pid ${pid})`;

// Embedded database only: CI's PostgreSQL pass (TEST_DATABASE_URL) would start the same processes again.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('one server per embedded data folder (real processes)', () => {
  it('refuses a second server, keeps files for the owner, survives kill -9 with its commits and its stale lock', async () => {
    const dataDir = path.join(root, 'data');
    // An older install: a world-writable folder and file.
    await mkdir(path.join(dataDir, 'antiguo'), { recursive: true });
    await writeFile(path.join(dataDir, 'antiguo', 'notas.txt'), 'x');
    await chmod(dataDir, 0o777);
    await chmod(path.join(dataDir, 'antiguo'), 0o777);
    await chmod(path.join(dataDir, 'antiguo', 'notas.txt'), 0o666);

    const first = start(dataDir);
    const port = await first.listening;
    expect(port, first.output()).not.toBeNull();
    expect(await openToOthers(dataDir)).toEqual([]);
    // A commit acknowledged by the server (a session row) before it is killed.
    const token = await loginOver(port!);

    const second = start(dataDir);
    expect(await second.exited, second.output()).toBe(1);
    expect(second.output()).toContain(inUse(dataDir, first.pid));
    expect(second.output()).not.toContain('Server listening');
    expect(await meStatus(port!, token)).toBe(200);

    first.child.kill('SIGKILL');
    expect(await first.exited).toBeNull();
    // The lock file is left behind, refused: the next servers are not blocked by it, and only one of two comes up.
    expect(fs.existsSync(path.join(dataDir, '.server-lock.sock'))).toBe(true);
    const [a, b] = [start(dataDir), start(dataDir)];
    const ports = await Promise.all([a.listening, b.listening]);
    expect(ports.filter((p) => p !== null), a.output() + b.output()).toHaveLength(1);
    const [up, refused] = ports[0] !== null ? [a, b] : [b, a];
    const upPort = ports[0] ?? ports[1]!;
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toContain(inUse(dataDir, up.pid));
    expect(await meStatus(upPort, token)).toBe(200);

    up.child.kill('SIGTERM');
    expect(await up.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, '.server-lock.sock'))).toBe(false);
    expect(await openToOthers(dataDir)).toEqual([]);
  }, 300_000);

  it('three servers started together on a new folder: one comes up, two are refused', async () => {
    const dataDir = path.join(root, 'together');
    const servers = [start(dataDir), start(dataDir), start(dataDir)];
    const ports = await Promise.all(servers.map((s) => s.listening));
    expect(ports.filter((p) => p !== null), servers.map((s) => s.output()).join('\n')).toHaveLength(1);
    const up = servers[ports.findIndex((p) => p !== null)];
    for (const server of servers.filter((s) => s !== up)) {
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain(inUse(dataDir, up.pid));
    }
  }, 300_000);
});

describe('embedded database on disk (in process)', () => {
  it('runs with fsync on, a commit reaches fsync, files are the owner\'s without a umask', async () => {
    const dataDir = path.join(root, 'durable');
    const fsync = vi.spyOn(fs, 'fsyncSync');
    const db = await createPgliteDb(path.join(dataDir, 'pglite'));
    try {
      for (const [setting, value] of [['fsync', 'on'], ['synchronous_commit', 'on'], ['wal_sync_method', 'fsync'], ['full_page_writes', 'on']]) {
        const { rows } = await db.query<Record<string, string>>(`SHOW ${setting}`);
        expect(rows[0][setting], setting).toBe(value);
      }
      await db.exec('CREATE TABLE durable_probe (n int)');
      const before = fsync.mock.calls.length;
      await db.query('INSERT INTO durable_probe VALUES (1)');
      expect(fsync.mock.calls.length - before).toBeGreaterThan(0);
      // No umask is set in this process; PGlite's own chmod to 0666 (which no umask masks) is masked in durableNodeFs.
      expect(await openToOthers(dataDir)).toEqual([]);
    } finally {
      fsync.mockRestore();
      await db.close();
    }
  });

  it('refuses a second open of the folder in the same process until the first is closed', async () => {
    const pgliteDir = path.join(root, 'twice', 'pglite');
    const db = await createPgliteDb(pgliteDir);
    try {
      const error = await createPgliteDb(pgliteDir).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DataFolderInUseError);
      expect((error as Error).message).toContain(inUse(path.join(root, 'twice'), process.pid));
    } finally {
      await db.close();
    }
    const again = await createPgliteDb(pgliteDir);
    await again.close();
  });

  it('takes over a lock file left by a killed process, and a breaker file left by a crash', async () => {
    const folder = path.join(root, 'stale');
    await mkdir(folder, { recursive: true });
    const socket = path.join(folder, '.server-lock.sock');
    // A process that held the lock and was killed: its socket file stays, refusing connections.
    const holder = spawn(process.execPath, ['-e', `require('node:net').createServer().listen(${JSON.stringify(socket)}, () => console.log('ok'))`]);
    await new Promise((resolve) => holder.stdout.once('data', resolve));
    holder.kill('SIGKILL');
    await new Promise((resolve) => holder.once('exit', resolve));
    expect(fs.existsSync(socket)).toBe(true);
    // A breaker 11 s old: its owner crashed while removing a stale lock.
    const breaker = path.join(folder, '.server-lock.break');
    await writeFile(breaker, '');
    const old = new Date(Date.now() - 11_000);
    await utimes(breaker, old, old);
    const lock = await lockDataFolder(folder);
    try {
      await expect(lockDataFolder(folder)).rejects.toThrow(inUse(folder, process.pid));
    } finally {
      await lock.release();
    }
    expect(fs.existsSync(socket)).toBe(false);
  });

  it('ownerOnlyTree restricts an older install and leaves what links point to alone', async () => {
    const dataDir = path.join(root, 'older');
    const outside = path.join(root, 'outside.txt');
    await mkdir(path.join(dataDir, 'uploads'), { recursive: true });
    await writeFile(path.join(dataDir, 'uploads', 'a.pdf'), 'x');
    await writeFile(outside, 'y');
    await symlink(outside, path.join(dataDir, 'enlace'));
    for (const [file, mode] of [[dataDir, 0o777], [path.join(dataDir, 'uploads'), 0o777], [path.join(dataDir, 'uploads', 'a.pdf'), 0o666], [outside, 0o644]] as const) {
      await chmod(file, mode);
    }
    await ownerOnlyTree(dataDir);
    expect((await lstat(dataDir)).mode & 0o777).toBe(0o700);
    expect((await lstat(path.join(dataDir, 'uploads'))).mode & 0o777).toBe(0o700);
    expect((await lstat(path.join(dataDir, 'uploads', 'a.pdf'))).mode & 0o777).toBe(0o600);
    expect((await lstat(outside)).mode & 0o777).toBe(0o644);
    await expect(ownerOnlyTree(path.join(root, 'no-existe'))).resolves.toBeUndefined();
  });

  it('ownerOnlyTree skips files another server removes while it walks (its lock\'s temporary file)', async () => {
    // Seen in CI: three servers starting together, one walked the folder while another renamed its
    // temporary lock file away, and failed to start with ENOENT instead of being refused cleanly.
    const dataDir = path.join(root, 'vanishing');
    await mkdir(dataDir, { recursive: true });
    const names = Array.from({ length: 400 }, (_, i) => `.server-lock.pid.${i}`);
    await Promise.all(names.map((n) => writeFile(path.join(dataDir, n), 'x', { mode: 0o644 })));
    const walking = ownerOnlyTree(dataDir);
    await Promise.all(names.map((n) => rm(path.join(dataDir, n))));
    await expect(walking).resolves.toBeUndefined();
    expect((await lstat(dataDir)).mode & 0o777).toBe(0o700);
  });
});
