/**
 * A full disk (issue 25 §1 finding 4): the folders the server writes to are
 * watched with statfs against DISK_MIN_FREE_MB. Below it an upload or a draft
 * save is refused with 507 before a byte is written (requireRoom), and the
 * readiness check answers 503 with `storage: lleno` until space returns. A
 * write that fails anyway (the disk filled between the check and the write,
 * or another program filled it) is recognised by isDiskFull and answered 507
 * by the one error handler (http/installErrorHandler.ts); uploads and the
 * stores write whole or not at all, so nothing is left half-written.
 */
import { statfs } from 'node:fs/promises';
import type { Config } from '../../config';
import { HttpError } from '../../http/HttpError';

/** What a citizen reads when a document cannot be stored now (uploads). */
export const DOCUMENTS_NOT_STORED = 'En este momento no podemos guardar documentos. Intente de nuevo más tarde; lo que ya guardó no se perdió.';
/** What a citizen reads when their changes cannot be saved now (drafts, and any other write). */
export const CHANGES_NOT_SAVED = 'En este momento no podemos guardar sus cambios. Intente de nuevo más tarde; lo que ya guardó no se perdió.';

/** What a write stores: a document (staging, document storage, its row) or changes in the database. */
export type SpaceUse = 'documentos' | 'cambios';

/** A folder the server writes to, and which writes go there. */
export interface WatchedFolder {
  path: string;
  uses: readonly SpaceUse[];
}

export interface DiskSpace {
  /** The watched folders (for `use`, or all of them) whose free space is below the minimum. */
  lowFolders(use?: SpaceUse): Promise<string[]>;
  /** 507 with the Spanish message of `use` when a folder it writes to is below the minimum. */
  requireRoom(use: SpaceUse): Promise<void>;
}

/** Free bytes an unprivileged process may use in the file system holding `dir`. */
export async function freeBytes(dir: string): Promise<number> {
  const stats = await statfs(dir);
  return stats.bavail * stats.bsize;
}

/**
 * The folders this server writes to: its staging folder (every upload streams
 * there first), UPLOAD_DIR with DOCUMENT_STORAGE=local, and the embedded
 * database's folder (document rows, drafts; documents too with
 * DOCUMENT_STORAGE=postgres). A PostgreSQL server or S3 watch their own disks:
 * their disk-full errors still reach isDiskFull.
 */
export function watchedFolders(config: Pick<Config, 'databaseUrl' | 'pgliteDataDir' | 'documentStorage' | 'uploadDir'>, stagingDir: string): WatchedFolder[] {
  const folders: WatchedFolder[] = [{ path: stagingDir, uses: ['documentos'] }];
  if (config.documentStorage === 'local') folders.push({ path: config.uploadDir, uses: ['documentos'] });
  if (config.databaseUrl === null && !config.pgliteDataDir.startsWith('memory://')) folders.push({ path: config.pgliteDataDir, uses: ['documentos', 'cambios'] });
  return folders;
}

/** Watches `folders` against `minFreeBytes` (0: never low). A folder that cannot be read counts as low. */
export function createDiskSpace(folders: readonly WatchedFolder[], minFreeBytes: number): DiskSpace {
  const lowFolders = async (use?: SpaceUse): Promise<string[]> => {
    if (minFreeBytes <= 0) return [];
    const low: string[] = [];
    for (const folder of folders) {
      if (use !== undefined && !folder.uses.includes(use)) continue;
      const free = await freeBytes(folder.path).catch(() => 0);
      if (free < minFreeBytes) low.push(folder.path);
    }
    return low;
  };
  return {
    lowFolders,
    async requireRoom(use) {
      if ((await lowFolders(use)).length > 0) throw new HttpError(507, use === 'documentos' ? DOCUMENTS_NOT_STORED : CHANGES_NOT_SAVED);
    },
  };
}

/** Error codes of a full disk: the file system's (ENOSPC, EDQUOT) and PostgreSQL's disk_full (SQLSTATE 53100). */
const DISK_FULL_CODES = new Set(['ENOSPC', 'EDQUOT', '53100']);
/** PostgreSQL's and PGlite's words for it when no code comes along. */
const DISK_FULL_TEXT = /no space left on device|could not extend file|disk quota exceeded/i;

/** Whether `error` (or one of its causes) says the disk is full. */
export function isDiskFull(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== null && typeof current === 'object'; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && DISK_FULL_CODES.has(code)) return true;
    if (typeof message === 'string' && DISK_FULL_TEXT.test(message)) return true;
    current = cause;
  }
  return false;
}
