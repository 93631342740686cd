/**
 * The server's secret key: keys the HMAC of one-time codes (a SHA-256 of six
 * digits is reversed by trying the million values; an HMAC is not, without
 * the key). SECRET_KEY when configured (several servers must share it);
 * otherwise the embedded install keeps a generated key in DATA_DIR/secret.key
 * (owner-only, outside the database files, so a copy of the database alone
 * does not reveal it), and a PostgreSQL install without SECRET_KEY keeps one
 * in the database (with a warning at start).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';
import type { Queryable } from '../db/Db';

const KEY_BYTES = 32;

async function keyFromFile(file: string): Promise<Buffer> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    await writeFile(file, randomBytes(KEY_BYTES).toString('hex'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const text = (await readFile(file, 'utf8')).trim();
  if (!/^[0-9a-f]{64}$/.test(text)) throw new Error(`La clave secreta de ${file} está dañada; bórrela para generar otra (los códigos pendientes dejarán de valer)`);
  return Buffer.from(text, 'hex');
}

async function keyFromDatabase(db: Queryable): Promise<Buffer> {
  await db.query(`INSERT INTO server_secrets (name, value) VALUES ('hmac', $1) ON CONFLICT (name) DO NOTHING`, [randomBytes(KEY_BYTES).toString('hex')]);
  const { rows } = await db.query<{ value: string }>(`SELECT value FROM server_secrets WHERE name = 'hmac'`);
  return Buffer.from(rows[0].value, 'hex');
}

/** Where the key comes from, for the start-up log. */
export type SecretKeySource = 'env' | 'file' | 'memory' | 'database';

export async function loadSecretKey(config: Pick<Config, 'secretKey' | 'databaseUrl' | 'dataDir'>, db: Queryable): Promise<{ key: Buffer; source: SecretKeySource }> {
  if (config.secretKey !== null) return { key: Buffer.from(config.secretKey, 'utf8'), source: 'env' };
  if (config.databaseUrl === null) {
    if (config.dataDir === 'memory://') return { key: randomBytes(KEY_BYTES), source: 'memory' };
    return { key: await keyFromFile(path.join(config.dataDir, 'secret.key')), source: 'file' };
  }
  return { key: await keyFromDatabase(db), source: 'database' };
}
