import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { HttpError } from '../../http/HttpError';
import { FILE_TOO_LARGE } from '../../http/installErrorHandler';
import { detectKind, hasActiveMarkup, SCAN_BYTES, SIGNATURE_BYTES, type FileKind } from './fileRules';

export const NOT_ALLOWED = 'Tipo de archivo no permitido';

/** Counts bytes and checks the signature and markup of the first bytes while the file streams. */
class UploadInspector extends Transform {
  size = 0;
  private head: Buffer[] = [];
  private headBytes = 0;
  private signatureChecked = false;
  private scanned = false;

  constructor(
    private readonly expected: FileKind,
    private readonly maxBytes: number,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.maxBytes) return done(new HttpError(413, FILE_TOO_LARGE));
    if (!this.scanned) {
      this.head.push(chunk);
      this.headBytes += chunk.length;
      const problem = this.inspect(false);
      if (problem) return done(problem);
    }
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    done(this.scanned ? null : this.inspect(true));
  }

  private inspect(final: boolean): HttpError | null {
    const head = Buffer.concat(this.head);
    if (!this.signatureChecked && (final || this.headBytes >= SIGNATURE_BYTES)) {
      this.signatureChecked = true;
      if (detectKind(head) !== this.expected) return new HttpError(415, NOT_ALLOWED);
    }
    if (final || this.headBytes >= SCAN_BYTES) {
      this.scanned = true;
      this.head = [];
      if (hasActiveMarkup(head)) return new HttpError(415, NOT_ALLOWED);
    }
    return null;
  }
}

export interface StoredUpload {
  storedName: string;
  size: number;
}

/**
 * Streams an uploaded file into `dir` under a random name, enforcing the size
 * limit and the content checks as bytes arrive. Anything written is deleted
 * when a check fails or the stream breaks.
 */
export async function storeUpload(
  source: NodeJS.ReadableStream & { truncated?: boolean },
  dir: string,
  expected: FileKind,
  maxBytes: number,
): Promise<StoredUpload> {
  const storedName = randomUUID();
  const target = path.join(dir, storedName);
  const inspector = new UploadInspector(expected, maxBytes);
  const out = createWriteStream(target, { flags: 'wx', mode: 0o600 });
  try {
    await pipeline(source, inspector, out);
    // busboy stops at the limit and marks the stream truncated instead of failing.
    if (source.truncated) throw new HttpError(413, FILE_TOO_LARGE);
    if (inspector.size === 0) throw new HttpError(400, 'El archivo está vacío');
    return { storedName, size: inspector.size };
  } catch (error) {
    // A refused upload can fail before the file is even opened; the stream still opens it and
    // then closes it. Removing it before that close would leave an empty file behind.
    if (!out.closed) await once(out, 'close').catch(() => undefined);
    await rm(target, { force: true });
    throw error;
  }
}
