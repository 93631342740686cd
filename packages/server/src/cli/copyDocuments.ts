/**
 * Copies every stored document from one document storage to another, before
 * DOCUMENT_STORAGE is changed (docs/operations.md, «Almacenamiento de documentos»):
 *   npx tsx packages/server/src/cli/copyDocuments.ts <origen> <destino>   (local, postgres o s3)
 * Reads the same variables as the server (UPLOAD_DIR for local, DATABASE_URL
 * or DATA_DIR for the database, S3_* for s3; DOCUMENT_STORAGE itself is not
 * used). Skips what the destination already has, so it can run again after
 * the switch to catch the uploads made meanwhile; never deletes anything.
 */
import { rm } from 'node:fs/promises';
import { loadConfig, type Config } from '../config';
import { createDb } from '../db/createDb';
import { migrate } from '../db/migrate';
import { copyDocuments } from '../services/storage/copyDocuments';
import { createDocumentStorage } from '../services/storage/createDocumentStorage';
import type { DocumentStorage, DocumentStorageKind } from '../services/storage/DocumentStorage';
import { createStagingDir } from '../services/storage/registerStorage';
import { runCommand } from './runCommand';

const KINDS: readonly string[] = ['local', 'postgres', 's3'];
const USAGE = 'Uso: copyDocuments <origen> <destino>   (cada uno: local, postgres o s3; distintos)';

async function run(args: string[]): Promise<number> {
  const [from, to] = args;
  if (args.length !== 2 || !KINDS.includes(from) || !KINDS.includes(to) || from === to) {
    console.error(USAGE);
    return 2;
  }
  // The S3_* variables are validated as the server does, when either side is s3.
  const s3 = from === 's3' || to === 's3' ? loadConfig({ ...process.env, DOCUMENT_STORAGE: 's3' }).s3 : null;
  const config: Config = { ...loadConfig({ ...process.env, DOCUMENT_STORAGE: 'local' }), s3 };
  const db = await createDb(config);
  const stagingDir = await createStagingDir(config.dataDir);
  const open = (kind: string) => createDocumentStorage({ ...config, documentStorage: kind as DocumentStorageKind }, db);
  let source: DocumentStorage | null = null;
  let target: DocumentStorage | null = null;
  try {
    [source, target] = [await open(from), await open(to)];
    await migrate(db);
    for (const [kind, storage] of [[from, source], [to, target]] as const) {
      await storage.probe().catch((error: unknown) => {
        throw new Error(`No se puede usar el almacenamiento ${kind}: ${error instanceof Error ? error.message : String(error)}`);
      });
    }
    const report = await copyDocuments(db, source, target, stagingDir, (done) => {
      if (done % 100 === 0) console.log(`${done} documentos copiados...`);
    });
    console.log(`Copiados: ${report.copied}. Ya estaban en el destino: ${report.present}. Sin archivo en el origen: ${report.missing.length}.`);
    for (const name of report.missing) console.log(`  sin archivo: ${name}`);
    return 0;
  } finally {
    await source?.close();
    await target?.close();
    await rm(stagingDir, { recursive: true, force: true });
    await db.close();
  }
}

runCommand(import.meta.url, run);
