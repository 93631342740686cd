import { PdfNameScanner } from './pdfNames';

/**
 * A stream keyword (not the end of `endstream`) and the end of its line: the
 * stream's data starts right after. Viewers skip anything up to the line end.
 */
const STREAM_START = /(?<![A-Za-z])stream[^\r\n]{0,64}?(?:\r\n|\r|\n)/g;
const STREAM_END = 'endstream';
/** Unfinished text kept for the next chunk: longer than any STREAM_START match. */
const CARRY = 96;

/**
 * First pass over a PDF, chunk by chunk: action names anywhere in the raw
 * bytes, the short `/JS` outside stream data, and the file offset where each
 * stream's data starts (for the second pass, which decodes compressed ones).
 *
 * Stream data is told apart from the object text by the `stream` and
 * `endstream` keywords. Every `stream` keyword is a candidate, even one that
 * seems to sit inside data, so a confused boundary cannot hide a stream.
 */
export class PdfLexer {
  /** Names that count anywhere (long or escaped), over every byte of the file. */
  readonly anywhere = new PdfNameScanner(false);
  /** Names outside stream data, where the plain `/JS` counts too. */
  readonly objects = new PdfNameScanner(true);
  /** File offsets where stream data starts, in order. */
  readonly streamOffsets: number[] = [];

  private carry = '';
  /** File offset of the first character of `carry`. */
  private carryStart = 0;
  /** File offset up to which the object text has been given to `objects`. */
  private done = 0;
  private inStream = false;
  /** Start of the last STREAM_START match recorded (they are found again in the carry). */
  private lastStart = -1;

  constructor(private readonly maxStreams: number) {}

  /** The action name found (lower case), or null. */
  get found(): string | null {
    return this.anywhere.found ?? this.objects.found;
  }

  /** True when the file has more streams than the second pass may look at. */
  get tooManyStreams(): boolean {
    return this.streamOffsets.length > this.maxStreams;
  }

  /** Reads the next chunk; `final` with the last one (or an empty one at the end). */
  push(chunk: Buffer, final: boolean): void {
    const text = chunk.toString('latin1');
    this.anywhere.push(text, final);
    const window = this.carry + text;
    const start = this.carryStart;
    // A line end may be "\r\n" split between chunks: the last character waits for the next one.
    const limit = final ? window.length : window.length - 1;
    this.recordStreams(window, start, limit);
    let pos = this.done - start;
    while (pos < limit) {
      if (!this.inStream) {
        STREAM_START.lastIndex = pos;
        const match = STREAM_START.exec(window);
        const end = match ? match.index + match[0].length : -1;
        if (match === null || end > limit) {
          this.objects.push(window.slice(pos, limit), final);
          pos = limit;
        } else {
          this.objects.push(window.slice(pos, end));
          pos = end;
          this.inStream = true;
        }
      } else {
        const end = window.indexOf(STREAM_END, pos);
        if (end >= 0 && end + STREAM_END.length <= limit) {
          pos = end;
          this.inStream = false;
        } else {
          // Keep what could be the start of a split "endstream".
          pos = Math.max(pos, limit - STREAM_END.length);
          break;
        }
      }
    }
    if (final && !this.inStream) this.objects.push('', true);
    this.done = start + pos;
    const keep = Math.max(0, Math.min(pos, window.length - CARRY));
    this.carry = window.slice(keep);
    this.carryStart = start + keep;
  }

  private recordStreams(window: string, start: number, limit: number): void {
    STREAM_START.lastIndex = 0;
    for (let match = STREAM_START.exec(window); match !== null; match = STREAM_START.exec(window)) {
      const end = match.index + match[0].length;
      if (end > limit) break;
      // At the carry's first character the lookbehind cannot see the letter before (the end of an `endstream`).
      if ((match.index === 0 && start > 0) || start + match.index <= this.lastStart) continue;
      this.lastStart = start + match.index;
      this.streamOffsets.push(start + end);
      if (this.tooManyStreams) return;
    }
  }
}
