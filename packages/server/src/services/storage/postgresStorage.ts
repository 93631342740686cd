import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type { Db } from '../../db/Db';
import type { DocumentStorage, StoredObject } from './DocumentStorage';

/** Bytes per document_contents row: a 50 MB file is 100 rows, and at most one row is in memory at a time. */
export const CHUNK_BYTES = 512 * 1024;

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * DOCUMENT_STORAGE=postgres: the documents' bytes in the database
 * (migration 022: document_objects + document_contents in chunks), on
 * PGlite or PostgreSQL. Several servers on one PostgreSQL then share every
 * document with nothing else to run; the cost is the database's size and its backups.
 */
export function createPostgresStorage(db: Db): DocumentStorage {
  return {
    kind: 'postgres',
    async put(storedName, file, size) {
      // Chunk by chunk outside a transaction (one would hold up the embedded database for the whole
      // file); the object counts only once marked complete, and the caller removes it on failure.
      await db.query('INSERT INTO document_objects (stored_name, size) VALUES ($1, $2)', [storedName, size]);
      let seq = 0;
      let written = 0;
      for await (const chunk of createReadStream(file, { highWaterMark: CHUNK_BYTES })) {
        await db.query('INSERT INTO document_contents (stored_name, seq, bytes) VALUES ($1, $2, $3)', [storedName, seq++, chunk as Buffer]);
        written += (chunk as Buffer).length;
      }
      if (written !== size) throw new Error(`el archivo tiene ${written} bytes, se esperaban ${size}`);
      await db.query('UPDATE document_objects SET complete = true WHERE stored_name = $1', [storedName]);
    },
    async open(storedName): Promise<StoredObject | null> {
      const { rows } = await db.query<{ size: string | number }>('SELECT size FROM document_objects WHERE stored_name = $1 AND complete', [storedName]);
      if (rows.length === 0) return null;
      const size = Number(rows[0].size);
      let seq = 0;
      let sent = 0;
      // One chunk per read: the reply pulls the next row only when it has sent the last one.
      const stream = new Readable({
        read() {
          db.query<{ bytes: Uint8Array }>('SELECT bytes FROM document_contents WHERE stored_name = $1 AND seq = $2', [storedName, seq]).then(
            ({ rows: chunk }) => {
              seq++;
              if (chunk.length > 0) {
                sent += chunk[0].bytes.byteLength;
                this.push(asBuffer(chunk[0].bytes));
              } else if (sent === size) this.push(null);
              // Removed while it was being read: the reply breaks off rather than end short of its Content-Length.
              else this.destroy(new Error(`documento ${storedName} incompleto: ${sent} de ${size} bytes`));
            },
            (error: unknown) => this.destroy(error as Error),
          );
        },
      });
      return { stream, size };
    },
    async remove(storedName) {
      await db.query('DELETE FROM document_objects WHERE stored_name = $1', [storedName]);
    },
    async listOlderThan(ageMs) {
      const { rows } = await db.query<{ stored_name: string }>(
        "SELECT stored_name FROM document_objects WHERE created_at <= now() - $1::float8 * interval '1 millisecond'",
        [ageMs],
      );
      return rows.map((row) => row.stored_name);
    },
    async probe() {
      await db.query('SELECT 1 FROM document_objects LIMIT 1');
    },
    async close() {},
  };
}
