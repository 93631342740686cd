import { chmod, lstat, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Stats } from 'node:fs';

const GROUP_AND_OTHERS = 0o077;

async function restrict(target: string, info: Stats): Promise<void> {
  if ((info.mode & GROUP_AND_OTHERS) !== 0) {
    try {
      await chmod(target, info.mode & 0o7777 & ~GROUP_AND_OTHERS);
    } catch (error) {
      throw new Error(`No se pudieron restringir al dueño los permisos de ${target}: ${(error as Error).message}`);
    }
  }
  if (!info.isDirectory()) return;
  for (const name of await readdir(target)) {
    const child = path.join(target, name);
    const childInfo = await lstat(child);
    // A link may point outside the folder: neither changed nor followed.
    if (!childInfo.isSymbolicLink()) await restrict(child, childInfo);
  }
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
