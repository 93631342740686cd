import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { HttpError } from '../../http/HttpError';
import { FILE_TOO_LARGE } from '../../http/installErrorHandler';
import { detectKind, SIGNATURE_BYTES, type FileKind } from './fileRules';
import { MarkupScanner } from './markupScanner';
import { findPdfActions } from './pdfActions';

export const NOT_ALLOWED = 'Tipo de archivo no permitido';

/** The most bytes a file may have here, and the 413 to answer past it. */
export interface SizeLimit {
  bytes: number;
  /** The file-size message, or the quota's when the citizen's remaining quota is the smaller limit. */
  error: HttpError;
}

/** Counts bytes, checks the signature of the first bytes and searches every chunk for markup while the file streams. */
class UploadInspector extends Transform {
  size = 0;
  private head: Buffer[] = [];
  private headBytes = 0;
  private signatureChecked = false;
  private readonly markup = new MarkupScanner();

  constructor(
    private readonly expected: FileKind,
    private readonly limit: SizeLimit,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.limit.bytes) return done(this.limit.error);
    if (!this.signatureChecked) {
      this.head.push(chunk);
      this.headBytes += chunk.length;
      if (this.headBytes >= SIGNATURE_BYTES && !this.checkSignature()) return done(new HttpError(415, NOT_ALLOWED));
    }
    if (this.markup.push(chunk)) return done(new HttpError(415, NOT_ALLOWED));
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    done(this.signatureChecked || this.checkSignature() ? null : new HttpError(415, NOT_ALLOWED));
  }

  private checkSignature(): boolean {
    this.signatureChecked = true;
    const head = Buffer.concat(this.head);
    this.head = [];
    return detectKind(head) === this.expected;
  }
}

export interface StoredUpload {
  storedName: string;
  size: number;
}

/**
 * Streams an uploaded file into `dir` under a random name, enforcing the size
 * limit, the signature and the markup search as bytes arrive; a stored PDF is
 * then searched for JavaScript and launch actions before it is accepted.
 * Anything written is deleted when a check fails or the stream breaks.
 */
export async function storeUpload(
  source: NodeJS.ReadableStream & { truncated?: boolean },
  dir: string,
  expected: FileKind,
  limit: SizeLimit,
): Promise<StoredUpload> {
  const storedName = randomUUID();
  const target = path.join(dir, storedName);
  const inspector = new UploadInspector(expected, limit);
  const out = createWriteStream(target, { flags: 'wx', mode: 0o600 });
  try {
    await pipeline(source, inspector, out);
    // busboy stops at the limit and marks the stream truncated instead of failing.
    if (source.truncated) throw new HttpError(413, FILE_TOO_LARGE);
    if (inspector.size === 0) throw new HttpError(400, 'El archivo está vacío');
    if (expected === 'pdf' && (await findPdfActions(target)) !== null) throw new HttpError(415, NOT_ALLOWED);
    return { storedName, size: inspector.size };
  } catch (error) {
    // A refused upload can fail before the file is even opened; the stream still opens it and
    // then closes it. Removing it before that close would leave an empty file behind.
    if (!out.closed) await once(out, 'close').catch(() => undefined);
    await rm(target, { force: true });
    throw error;
  }
}
