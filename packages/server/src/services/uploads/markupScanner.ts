/**
 * Streaming search for HTML/script markup anywhere in an uploaded file: the
 * sign of a polyglot (an image or PDF that a browser, a viewer or a server
 * could also run as a page or a script).
 *
 * Each chunk is read as 8-bit text with every NUL byte removed and ASCII
 * letters lower-cased. Dropping NULs defeats `<scr\0ipt` and also turns
 * UTF-16 LE/BE (and UTF-32) text into the plain ASCII it encodes, so one
 * search covers all of them. The last {@link OVERLAP} characters of a chunk
 * are searched again with the next one, so a marker split across chunks is
 * still found.
 *
 * False positives: compressed data (PNG, JPEG, PDF streams) looks like random
 * bytes, and in 50 MB of random bytes a 4-character marker such as `<svg`
 * shows up by chance (about 1 in 400 files even with the delimiter below). So:
 * - every marker must be followed by a tag-name delimiter (whitespace, `/`,
 *   `>`; `=` after `http-equiv`), as an HTML parser needs to end a tag name;
 * - anywhere in the file only markers of five or more characters after `<`
 *   count (`<script`, `<iframe`, `<html`...): by chance about once in
 *   20,000 files of 50 MB (`<html`, `<body`), far less for the longer ones;
 * - the short `<svg` counts in the first {@link HEAD_CHARS} characters, where
 *   browsers and viewers sniff a document type, and anywhere else only with
 *   an event-handler attribute (`<svg onload=`), the way an SVG runs script
 *   without a `<script` element (which is caught on its own).
 */

/** Characters of (NUL-free) text treated as the head of the file. */
export const HEAD_CHARS = 64 * 1024;
/** Characters searched again with the next chunk; longer than any match. */
export const OVERLAP = 512;

const DELIMITER = '[\\t\\n\\f\\r />]';
const ANYWHERE = new RegExp(
  `<(?:script|iframe|object|embed|applet|frameset|html|body|\\?php|!doctype)${DELIMITER}` +
    `|<meta[\\t\\n\\f\\r /]+http-equiv[\\t\\n\\f\\r =]` +
    `|<svg(?:[\\t\\n\\f\\r /][^<>]{0,256}?)?[\\t\\n\\f\\r /"']on[a-z]{2,30}[\\t\\n\\f\\r ]*=`,
);
const HEAD_ONLY = new RegExp(`<svg${DELIMITER}`);

/** Incremental markup search; feed every chunk of the file in order to {@link MarkupScanner.push}. */
export class MarkupScanner {
  private tail = '';
  /** NUL-free characters pushed so far. */
  private seen = 0;
  /** True once markup was found; later pushes are ignored. */
  found = false;

  /** Searches the next chunk (with the end of the previous one); true when markup was found. */
  push(chunk: Buffer): boolean {
    if (this.found) return true;
    const text = chunk.toString('latin1').replace(/\0/g, '').toLowerCase();
    const window = this.tail + text;
    const windowStart = this.seen - this.tail.length;
    this.found =
      ANYWHERE.test(window) ||
      (windowStart < HEAD_CHARS && HEAD_ONLY.test(window.slice(0, HEAD_CHARS - windowStart + 8)));
    this.seen += text.length;
    this.tail = window.slice(-OVERLAP);
    return this.found;
  }
}

/** True when the whole buffer carries markup (the same rules as the streaming scan). */
export function hasActiveMarkup(content: Buffer): boolean {
  return new MarkupScanner().push(content);
}
