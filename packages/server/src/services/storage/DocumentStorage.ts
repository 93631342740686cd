import type { Readable } from 'node:stream';

/** DOCUMENT_STORAGE values: where the citizens' documents are kept. */
export type DocumentStorageKind = 'local' | 'postgres' | 's3';

/** A stored document opened for reading. */
export interface StoredObject {
  /** Its bytes, read as the reply sends them (never the whole file in memory). */
  stream: Readable;
  /** Its size in bytes, as stored. */
  size: number;
}

/**
 * Where documents live once an upload passed every check (services/uploads):
 * the upload folder of this server, the database, or S3-compatible object
 * storage. Names are the UUIDs storeUpload generates; `documents.stored_name`
 * references them. Every server on one database must use the same storage.
 */
export interface DocumentStorage {
  readonly kind: DocumentStorageKind;
  /** Stores the finished, checked file at `file` (a staging file, left in place) under `storedName`; `size` is its length. */
  put(storedName: string, file: string, size: number): Promise<void>;
  /** Opens a stored object for reading, or null when the storage has no such object. */
  open(storedName: string): Promise<StoredObject | null>;
  /** Deletes an object; nothing happens when it is already gone. */
  remove(storedName: string): Promise<void>;
  /** Names of the stored objects at least `ageMs` old (all of them for 0), for the orphan sweep. */
  listOlderThan(ageMs: number): Promise<string[]>;
  /** Throws when the storage cannot take a document now (the readiness check). */
  probe(): Promise<void>;
  /** Releases connections; the storage is not used afterwards. */
  close(): Promise<void>;
}

/** The names storeUpload gives files (randomUUID); no other name is ever listed or swept. */
export const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
