/**
 * PGlite's Node file system made durable and private.
 *
 * What PGlite 0.5 does by default (read in node_modules/@electric-sql/pglite):
 * it starts PostgreSQL with `-F` (fsync off), and its Node file system
 * (Emscripten's NODEFS) writes with fs.writeSync but has no fsync operation,
 * so even with fsync on, PostgreSQL's fsync() reaches nothing and fdatasync()
 * is a no-op in the Emscripten layer. It also chmods every file it unpacks
 * to 0666. `relaxedDurability` only concerns the browser file systems.
 *
 * Here: PostgreSQL runs with fsync on, synchronous_commit on and
 * wal_sync_method=fsync (the one call that reaches the patched operation),
 * and NODEFS gets an fsync that calls the real fs.fsyncSync. A commit is
 * acknowledged after its WAL is on disk. File modes are masked to the owner
 * (0600/0700), whatever the caller's umask.
 */
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

type PgliteInstance = Parameters<NodeFS['init']>[0];
type ModuleOptions = Parameters<NodeFS['init']>[1];

interface Attributes {
  mode?: number;
}

/** The parts of Emscripten's NODEFS that are patched (untyped internals of PGlite's build). */
interface EmscriptenNodeFs {
  tryFSOperation<T>(operation: () => T): T;
  node_ops: {
    mknod(parent: unknown, name: string, mode: number, dev: number): unknown;
    setattr(node: unknown, attributes: Attributes): void;
  };
  stream_ops: {
    setattr?(stream: unknown, attributes: Attributes): void;
    fsync?(stream: { nfd: number }): number;
  };
}

const GROUP_AND_OTHERS = 0o077;
const PATCHED = Symbol('portalDurableNodeFs');

/** PGlite's defaults without `-F`, and the settings that make a commit durable. */
export const DURABLE_START_PARAMS: readonly string[] = [
  ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
  '-c', 'fsync=on',
  '-c', 'synchronous_commit=on',
  '-c', 'full_page_writes=on',
  // fdatasync() is a no-op in Emscripten; fsync() reaches the operation added below.
  '-c', 'wal_sync_method=fsync',
];

function ownerOnly<T extends Attributes>(attributes: T): T {
  return attributes.mode === undefined ? attributes : { ...attributes, mode: attributes.mode & ~GROUP_AND_OTHERS };
}

function patch(nodefs: EmscriptenNodeFs & { [PATCHED]?: true }): void {
  if (typeof nodefs?.tryFSOperation !== 'function' || !nodefs.node_ops || !nodefs.stream_ops) {
    // Failing loudly beats running without durability after a PGlite upgrade.
    throw new Error('PGlite cambió su sistema de archivos interno (NODEFS): no se puede garantizar la escritura a disco');
  }
  if (nodefs[PATCHED]) return;
  nodefs[PATCHED] = true;
  nodefs.stream_ops.fsync = (stream) => {
    nodefs.tryFSOperation(() => fs.fsyncSync(stream.nfd));
    return 0;
  };
  const { mknod, setattr } = nodefs.node_ops;
  nodefs.node_ops.mknod = (parent, name, mode, dev) => mknod(parent, name, mode & ~GROUP_AND_OTHERS, dev);
  nodefs.node_ops.setattr = (node, attributes) => setattr(node, ownerOnly(attributes));
  const streamSetattr = nodefs.stream_ops.setattr;
  if (streamSetattr) nodefs.stream_ops.setattr = (stream, attributes) => streamSetattr(stream, ownerOnly(attributes));
}

/** NodeFS with a real fsync and owner-only file modes; use with {@link DURABLE_START_PARAMS}. */
export class DurableNodeFS extends NodeFS {
  override async init(pg: PgliteInstance, opts: ModuleOptions) {
    const result = await super.init(pg, opts);
    const preRun = result.emscriptenOpts.preRun ?? [];
    result.emscriptenOpts.preRun = [...preRun, (mod) => patch((mod as unknown as { NODEFS: EmscriptenNodeFs }).NODEFS)];
    return result;
  }
}
