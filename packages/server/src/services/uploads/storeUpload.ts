import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { HttpError } from '../../http/HttpError';
import { FILE_TOO_LARGE } from '../../http/installErrorHandler';
import { EMPTY_FILE, TYPE_NOT_ALLOWED } from '@portal/form-engine/uploads';
import { ContentCheck } from './fileRules';
import { MarkupScanner } from './markupScanner';
import { findPdfActions } from './pdfActions';

/** Spec §5 list: an extension not accepted, content that does not match it, or active markup. */
export const NOT_ALLOWED = TYPE_NOT_ALLOWED;

/** The most bytes a file may have here, and the 413 to answer past it. */
export interface SizeLimit {
  bytes: number;
  /** The file-size message, or the quota's when the citizen's remaining quota is the smaller limit. */
  error: HttpError;
}

/** Counts bytes, checks the content against the extension (the shared rules) and searches every chunk for markup while the file streams. */
class UploadInspector extends Transform {
  size = 0;
  readonly content: ContentCheck;
  private readonly markup = new MarkupScanner();

  constructor(
    extension: string,
    private readonly limit: SizeLimit,
    /** Whether the parser cut the file at its own size limit (then the size, not the content, is what is wrong). */
    private readonly truncated: () => boolean,
  ) {
    super();
    this.content = new ContentCheck(extension);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.limit.bytes) return done(this.limit.error);
    if (!this.content.push(chunk)) return done(new HttpError(415, NOT_ALLOWED));
    if (this.markup.push(chunk)) return done(new HttpError(415, NOT_ALLOWED));
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    if (this.size === 0) return done(new HttpError(400, EMPTY_FILE));
    if (this.truncated()) return done(new HttpError(413, FILE_TOO_LARGE));
    done(this.content.finish() ? null : new HttpError(415, NOT_ALLOWED));
  }
}

export interface StoredUpload {
  storedName: string;
  size: number;
}

/**
 * Streams an uploaded file into `dir` under a random name, enforcing the size
 * limit, the content of its `extension` (signature; for text, every byte) and
 * the markup search as bytes arrive; a stored PDF (an AI file too, when it is
 * PDF-based) is then searched for JavaScript and launch actions before it is accepted.
 * Anything written is deleted when a check fails or the stream breaks.
 */
export async function storeUpload(
  source: NodeJS.ReadableStream & { truncated?: boolean },
  dir: string,
  extension: string,
  limit: SizeLimit,
): Promise<StoredUpload> {
  const storedName = randomUUID();
  const target = path.join(dir, storedName);
  const inspector = new UploadInspector(extension, limit, () => source.truncated === true);
  const out = createWriteStream(target, { flags: 'wx', mode: 0o600 });
  try {
    await pipeline(source, inspector, out);
    // busboy stops at the limit and marks the stream truncated instead of failing.
    if (source.truncated) throw new HttpError(413, FILE_TOO_LARGE);
    if (inspector.content.kind === 'pdf' && (await findPdfActions(target)) !== null) throw new HttpError(415, NOT_ALLOWED);
    return { storedName, size: inspector.size };
  } catch (error) {
    // A refused upload can fail before the file is even opened; the stream still opens it and
    // then closes it. Removing it before that close would leave an empty file behind.
    if (!out.closed) await once(out, 'close').catch(() => undefined);
    await rm(target, { force: true });
    throw error;
  }
}
