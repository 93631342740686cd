import { chmod, lstat, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Stats } from 'node:fs';

const GROUP_AND_OTHERS = 0o077;

async function restrict(target: string, info: Stats): Promise<void> {
  if ((info.mode & GROUP_AND_OTHERS) !== 0) {
    try {
      await chmod(target, info.mode & 0o7777 & ~GROUP_AND_OTHERS);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw new Error(`No se pudieron restringir al dueño los permisos de ${target}: ${(error as Error).message}`);
    }
  }
  if (!info.isDirectory()) return;
  for (const name of (await readdir(target).catch(ignoreGone)) ?? []) {
    const child = path.join(target, name);
    // Another server starting on the same folder may remove its own files (the lock's temporary
    // file) while this walks: what is gone needs no restricting.
    const childInfo = await lstat(child).catch(ignoreGone);
    // A link may point outside the folder: neither changed nor followed.
    if (childInfo && !childInfo.isSymbolicLink()) await restrict(child, childInfo);
  }
}

function ignoreGone(error: NodeJS.ErrnoException): undefined {
  if (error.code === 'ENOENT') return undefined;
  throw error;
}

/**
 * Removes the group and others bits from `dir` and everything under it.
 * Older installs created their data files 0666/0777, and they hold password
 * hashes and personal data. `dir` itself may be a link (a mounted volume);
 * links inside it are left alone. A folder that does not exist is skipped.
 */
export async function ownerOnlyTree(dir: string): Promise<void> {
  let info: Stats;
  try {
    info = await stat(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  await restrict(dir, info);
}
