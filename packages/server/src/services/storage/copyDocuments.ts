import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Queryable } from '../../db/Db';
import type { DocumentStorage } from './DocumentStorage';

/** What a copy did. */
export interface CopyReport {
  /** Documents copied to the target now. */
  copied: number;
  /** Documents the target already had (an earlier run): left alone. */
  present: number;
  /** Stored names of documents the source does not have either (their downloads already answer 404). */
  missing: string[];
}

/** Names read from the documents table per query. */
const BATCH = 500;

/**
 * Copies every document `documents.stored_name` references from one storage
 * to another, one file at a time through `stagingDir` (never a whole file in
 * memory). Objects the target already has are skipped, so it can run again
 * to catch up; nothing is ever deleted from the source.
 */
export async function copyDocuments(db: Queryable, from: DocumentStorage, to: DocumentStorage, stagingDir: string, onProgress?: (done: number) => void): Promise<CopyReport> {
  const existing = new Set(await to.listOlderThan(0));
  const report: CopyReport = { copied: 0, present: 0, missing: [] };
  let lastId = 0;
  for (;;) {
    const { rows } = await db.query<{ id: number; stored_name: string }>('SELECT id, stored_name FROM documents WHERE id > $1 ORDER BY id LIMIT $2', [lastId, BATCH]);
    if (rows.length === 0) return report;
    lastId = rows[rows.length - 1].id;
    for (const { stored_name: name } of rows) {
      if (existing.has(name)) {
        report.present++;
        continue;
      }
      const source = await from.open(name);
      if (source === null) {
        report.missing.push(name);
        continue;
      }
      const file = path.join(stagingDir, `copia-${randomUUID()}`);
      try {
        await pipeline(source.stream, createWriteStream(file, { flags: 'wx', mode: 0o600 }));
        await to.put(name, file, source.size);
      } finally {
        await rm(file, { force: true });
      }
      existing.add(name);
      report.copied++;
      onProgress?.(report.copied);
    }
  }
}
