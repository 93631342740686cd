import { open, readdir } from 'node:fs/promises';
import path from 'node:path';

async function syncOne(target: string): Promise<void> {
  const handle = await open(target, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Flushes every file and folder under `dir` to disk (symbolic links are not
 * followed). Used once after PGlite unpacks a new cluster: those files are
 * written outside PostgreSQL, so no checkpoint would ever fsync them.
 */
export async function syncFolderTree(dir: string): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const target = path.join(dir, entry.name);
    if (entry.isDirectory()) await syncFolderTree(target);
    else if (entry.isFile()) await syncOne(target);
  }
  await syncOne(dir);
}
