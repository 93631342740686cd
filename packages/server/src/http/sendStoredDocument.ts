/**
 * Sends a stored document as a download, the same way on every route that
 * gives one out (the citizen's documents, a request's and a claim's documents
 * in the back office): an attachment with its name, never shown inline or
 * sniffed, never cached; 404 when the document storage has no such object.
 */
import type { FastifyReply } from 'fastify';
import type { DocumentStorage } from '../services/storage/DocumentStorage';
import { HttpError } from './HttpError';

export interface StoredDocument {
  /** The generated name of its object in the document storage. */
  stored_name: string;
  mime: string;
  size: number | string;
  /** The citizen's name for it, without the extension. */
  name: string;
  extension: string;
}

/** `attachment` with an ASCII fallback name and the exact UTF-8 name (RFC 6266). */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.normalize('NFD').replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '') || 'documento';
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Streams the document from the storage with the download headers; 404 with `notFoundMessage` when its object is gone. */
export async function sendStoredDocument(reply: FastifyReply, storage: DocumentStorage, document: StoredDocument, notFoundMessage: string): Promise<FastifyReply> {
  const stored = await storage.open(document.stored_name);
  if (stored === null) throw new HttpError(404, notFoundMessage);
  return reply
    .header('content-type', document.mime)
    .header('content-length', String(document.size))
    .header('content-disposition', contentDisposition(`${document.name}.${document.extension}`))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(stored.stream);
}
