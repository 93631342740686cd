/**
 * One server per embedded data folder.
 *
 * The lock is a Unix socket, `.server-lock.sock`, that the holder listens on
 * inside the folder. Why a socket and not a pid file: the kernel answers
 * "is the holder alive?" exactly. A connection succeeds only while the
 * process that bound the socket lives (also from another container sharing
 * the folder, where its pid would mean nothing), and is refused as soon as
 * that process is gone, even after kill -9, which leaves the file behind.
 *
 * - Taking the lock is bind(): atomic, and it fails with EADDRINUSE while the
 *   file exists, so two servers can never both bind it.
 * - Holder alive: whoever connects gets its pid (its answer, or
 *   `.server-lock.pid` when it is too busy to answer) and stops
 *   (DataFolderInUseError).
 * - Stale file (connection refused): it is removed and bind is tried again.
 *   Removal happens only while holding `.server-lock.break` (created with
 *   O_EXCL), after checking again that the file is still refused: servers
 *   started at the same moment cannot remove a lock that one of them has just
 *   taken. A breaker file older than 10 s was left by a crash in those few
 *   milliseconds and is removed.
 *
 * Limits: the folder must be on a local file system (a network share does
 * not carry Unix socket connections between hosts), and the socket path must
 * fit the kernel's limit of ~100 bytes (a relative path is used when shorter).
 */
import { chmod, open, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';

const SOCKET_NAME = '.server-lock.sock';
const BREAKER_NAME = '.server-lock.break';
const PID_NAME = '.server-lock.pid';
/** Linux allows 107 bytes in sun_path, macOS 103. */
const MAX_SOCKET_PATH = 100;
/** A holder busy in synchronous work (PGlite starting) accepts but cannot answer: then its pid file is read. */
const ANSWER_WAIT_MS = 500;
const BREAKER_STALE_MS = 10_000;

/** Thrown when another live process holds the folder; the message (Spanish) names the folder and its pid. */
export class DataFolderInUseError extends Error {
  constructor(
    readonly folder: string,
    readonly holderPid: number | null,
  ) {
    super(
      `La carpeta de datos ${folder} ya está en uso por otro servidor (${holderPid === null ? 'pid desconocido' : `pid ${holderPid}`}). ` +
        'Detenga ese servidor o use otra carpeta (DATA_DIR); dos servidores sobre la misma base embebida la dañarían.',
    );
    this.name = 'DataFolderInUseError';
  }
}

/** A held folder lock. */
export interface DataFolderLock {
  /** Stops listening; the socket file is removed with it. */
  release(): Promise<void>;
}

type Probe = { state: 'alive'; pid: number | null } | { state: 'stale' } | { state: 'gone' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The shortest path naming the socket (bind has a length limit). */
function bindPath(socket: string): string {
  const relative = path.relative(process.cwd(), socket);
  const shortest = relative.length < socket.length ? `./${relative}` : socket;
  if (Buffer.byteLength(shortest) > MAX_SOCKET_PATH) {
    throw new Error(`La ruta de la carpeta de datos es demasiado larga para su bloqueo (${socket}); use una ruta más corta en DATA_DIR`);
  }
  return shortest;
}

/** Connects to the socket: a live holder answers with its pid. */
function probe(socket: string): Promise<Probe> {
  return new Promise((resolve) => {
    const client = net.connect(socket);
    let text = '';
    const done = (result: Probe) => {
      client.destroy();
      resolve(result);
    };
    const alive = () => done({ state: 'alive', pid: /^\d+$/.test(text.trim()) ? Number(text.trim()) : null });
    client.setTimeout(ANSWER_WAIT_MS, alive);
    client.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    client.on('end', alive);
    client.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED') done({ state: 'stale' });
      else if (error.code === 'ENOENT') done({ state: 'gone' });
      // Anything else (permissions, a full backlog): assume a holder rather than risk two servers.
      else done({ state: 'alive', pid: null });
    });
  });
}

function listen(server: net.Server, address: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(address, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** Written by the holder once it is bound (whole, by rename); only for the message of the servers it stops. */
async function writePid(file: string): Promise<void> {
  const temporary = `${file}.${process.pid}`;
  await writeFile(temporary, `${process.pid}\n`, { mode: 0o600 });
  await rename(temporary, file);
}

async function readPid(file: string): Promise<number | null> {
  const text = await readFile(file, 'utf8').catch(() => '');
  return /^\d+$/.test(text.trim()) ? Number(text.trim()) : null;
}

/** Removes a refused socket file, only while holding the breaker (see the file comment). */
async function breakStaleLock(socket: string, breaker: string): Promise<void> {
  let handle;
  try {
    handle = await open(breaker, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const age = await stat(breaker).then((s) => Date.now() - s.mtimeMs, () => 0);
    if (age > BREAKER_STALE_MS) await unlink(breaker).catch(() => undefined);
    await sleep(20 + Math.random() * 50);
    return;
  }
  try {
    if ((await probe(socket)).state === 'stale') await unlink(socket).catch(() => undefined);
  } finally {
    await handle.close();
    await unlink(breaker).catch(() => undefined);
  }
}

/**
 * Takes the folder for this process, or throws {@link DataFolderInUseError}
 * when a live server holds it. The folder must exist.
 */
export async function lockDataFolder(folder: string): Promise<DataFolderLock> {
  const absolute = path.resolve(folder);
  const socket = path.join(absolute, SOCKET_NAME);
  const address = bindPath(socket);
  const breaker = path.join(absolute, BREAKER_NAME);
  const pidFile = path.join(absolute, PID_NAME);
  const server = net.createServer((connection) => {
    // A prober may hang up first; that must not become an uncaught error in the holder.
    connection.on('error', () => undefined);
    connection.end(`${process.pid}\n`);
  });
  // Long enough to outlast a breaker left by a crash (BREAKER_STALE_MS).
  const deadline = Date.now() + BREAKER_STALE_MS + 5000;
  while (Date.now() < deadline) {
    try {
      await listen(server, address);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
      const found = await probe(address);
      if (found.state === 'alive') throw new DataFolderInUseError(absolute, found.pid ?? (await readPid(pidFile)));
      if (found.state === 'stale') await breakStaleLock(address, breaker);
      continue;
    }
    const release = async () => {
      await unlink(pidFile).catch(() => undefined);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    };
    try {
      // Only the owner may connect (connecting needs write permission on the socket), whatever the umask.
      await chmod(address, 0o600);
      await writePid(pidFile);
    } catch (error) {
      await release();
      throw error;
    }
    // The lock must not keep a process alive on its own (a CLI that forgot to close).
    server.unref();
    return { release };
  }
  throw new Error(`No se pudo tomar el bloqueo de la carpeta de datos ${absolute}`);
}
