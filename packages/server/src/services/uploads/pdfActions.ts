import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { PdfLexer } from './pdfLexer';
import { PdfNameScanner } from './pdfNames';

/** More streams than this is no document a citizen writes; each one costs a read and maybe a decode. */
const MAX_STREAMS = 100_000;
/** Decoded bytes allowed per file, over all streams: a compression bomb stops here (and is refused). */
const DECODE_BUDGET = 256 * 1024 * 1024;
/** Compressed bytes decoded first to tell an object stream from an image or a page. */
const PEEK_BYTES = 1024;

const WHITESPACE = '[\\0\\t\\n\\f\\r ]';
const LEADING_SPACE = new RegExp(`^(?:${WHITESPACE}|%[^\\r\\n]*(?:\\r|\\n|$))*`);
const NUMBER_PAIR = new RegExp(`^[+\\-]?[0-9.]+(?:${WHITESPACE}|%[^\\r\\n]*[\\r\\n])+[+\\-]?[0-9.]`);
const CUT_NUMBER = new RegExp(`^[+\\-]?[0-9.]*(?:${WHITESPACE}|%[^\\r\\n]*)*$`);

/** A zlib header as FlateDecode requires it (viewers refuse data without one). */
function isZlibHeader(head: Buffer): boolean {
  return head.length >= 2 && (head[0] & 0x0f) === 8 && head[0] >> 4 <= 7 && ((head[0] << 8) | head[1]) % 31 === 0 && (head[1] & 0x20) === 0;
}

/** The start of a stream's decoded data, or null when the first bytes do not decode. */
function decodedStart(head: Buffer): Buffer | null {
  try {
    // 1 KB of deflate data decodes to at most about 1 MB.
    return zlib.inflateSync(head, { finishFlush: zlib.constants.Z_SYNC_FLUSH, maxOutputLength: 2 * 1024 * 1024 });
  } catch {
    return null;
  }
}

/**
 * Whether decoded data may be an object stream (a stream of PDF objects,
 * where dictionaries and so actions can hide). A viewer reads one as pairs of
 * integers first (object number, offset), after any whitespace or comments.
 * Only these streams are decoded in full: images and pages never hold
 * objects, and their random-looking data would show the short `/JS` by chance.
 */
function mayBeObjectStream(start: Buffer): boolean {
  const text = start.toString('latin1', 0, 4096).replace(LEADING_SPACE, '');
  return text === '' || NUMBER_PAIR.test(text) || CUT_NUMBER.test(text);
}

/** Decodes one stream from `offset` (to its end) and searches it; spends `budget.left`. */
async function searchDecoded(file: string, offset: number, budget: { left: number }): Promise<string | null> {
  const names = new PdfNameScanner(true);
  let overBudget = false;
  await pipeline(
    createReadStream(file, { start: offset, highWaterMark: 64 * 1024 }),
    zlib.createInflate({ finishFlush: zlib.constants.Z_SYNC_FLUSH }),
    async (decoded: AsyncIterable<Buffer>) => {
      for await (const chunk of decoded) {
        budget.left -= chunk.length;
        if (budget.left < 0) {
          overBudget = true;
          return;
        }
        if (names.push(chunk.toString('latin1'))) return;
      }
    },
    // Corrupt data ends the stream where a viewer stops decoding too; an early return aborts the read.
  ).catch(() => undefined);
  names.push('', true);
  if (names.found !== null) return names.found;
  return overBudget ? 'decoded size over the budget' : null;
}

/** Second pass: the streams compressed with FlateDecode that may hold objects, decoded and searched. */
async function searchStreams(file: string, offsets: number[]): Promise<string | null> {
  const budget = { left: DECODE_BUDGET };
  const handle = await open(file, 'r');
  try {
    const peek = Buffer.alloc(PEEK_BYTES);
    for (const offset of offsets) {
      const { bytesRead } = await handle.read(peek, 0, PEEK_BYTES, offset);
      const head = peek.subarray(0, bytesRead);
      if (!isZlibHeader(head)) continue;
      const start = decodedStart(head);
      if (start !== null) {
        budget.left -= start.length;
        if (budget.left < 0) return 'decoded size over the budget';
        if (!mayBeObjectStream(start)) continue;
      }
      const found = await searchDecoded(file, offset, budget);
      if (found !== null) return found;
    }
    return null;
  } finally {
    await handle.close();
  }
}

/**
 * Searches a stored PDF for JavaScript and launch actions: the names
 * `/JavaScript`, `/Launch` and `/JS` (also written with `#xx` escapes) in the
 * file's object text, anywhere in its raw bytes (long or escaped names) and
 * inside FlateDecode-compressed object streams, decoded with a bounded size.
 * Returns what was found (for the log) or null when the PDF is clean. A file
 * that cannot be checked within the limits (too many streams, a compression
 * bomb) is reported too: it is refused like an active one.
 *
 * Not decoded: other filters (ASCIIHex, ASCII85, LZW, RunLength), PNG/TIFF
 * predictors and encrypted PDFs; their object streams are opaque here.
 */
export async function findPdfActions(file: string): Promise<string | null> {
  const lexer = new PdfLexer(MAX_STREAMS);
  for await (const chunk of createReadStream(file, { highWaterMark: 1024 * 1024 })) {
    lexer.push(chunk as Buffer, false);
    if (lexer.found !== null) return lexer.found;
    if (lexer.tooManyStreams) return 'too many streams';
  }
  lexer.push(Buffer.alloc(0), true);
  if (lexer.found !== null) return lexer.found;
  return searchStreams(file, lexer.streamOffsets);
}
