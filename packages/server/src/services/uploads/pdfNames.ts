/**
 * Finds the PDF names that start scripts or programs: `/JavaScript` (the
 * type of a JavaScript action, and the key of the document's script list),
 * `/Launch` (runs a program or opens a file) and `/JS` (the script of a
 * JavaScript action). A name may hide its letters as `#xx` escapes
 * (`/J#61vaScript`); they are decoded before the comparison, which ignores
 * case in case a lenient viewer does.
 *
 * The plain three bytes `/JS` appear by chance in compressed data (about once
 * in 60 MB of random bytes), so a scanner over stream data counts `/JS` only
 * when it is written with an escape; the long names and any escaped name are
 * too unlikely to appear by chance to need that care.
 */

/** A PDF name: `/` then regular characters or `#xx` escapes, up to a delimiter. */
const NAME_SOURCE = '\\/((?:[^\\0\\t\\n\\f\\r ()<>[\\]{}/%#]|#[0-9A-Fa-f]{2})*)';
const ACTION_NAMES = new Set(['javascript', 'launch']);
/** `#xx` escapes make a name at most three times longer: `/JavaScript` fully escaped is 30 characters. */
const LONGEST = 30;
/** Characters searched again with the next piece, so a name split across pieces is still read whole. */
const CARRY = 96;

function decode(raw: string): string {
  return raw.replace(/#([0-9A-Fa-f]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Incremental search for action names in consecutive pieces of PDF text (latin1, one character per byte). */
export class PdfNameScanner {
  private carry = '';
  private readonly name = new RegExp(NAME_SOURCE, 'g');
  /** The decoded name found (lower case), or null. */
  found: string | null = null;

  /** @param plainJs whether an unescaped `/JS` counts (true outside stream data and in decoded object streams) */
  constructor(private readonly plainJs: boolean) {}

  /** Scans the next piece; `final` on the last one (a name at its very end is then complete). True once a name was found. */
  push(text: string, final = false): boolean {
    if (this.found !== null) return true;
    const window = this.carry + text;
    this.name.lastIndex = 0;
    for (let match = this.name.exec(window); match !== null; match = this.name.exec(window)) {
      const end = match.index + match[0].length;
      // The name may go on in the next piece: it is read again from the carry.
      if (end === window.length && !final) break;
      // A '#' without two hex digits stays in the name literally: never one of ours.
      if (window[end] === '#') continue;
      const raw = match[1];
      if (raw.length < 2 || raw.length > LONGEST) continue;
      const escaped = raw.includes('#');
      const decoded = (escaped ? decode(raw) : raw).toLowerCase();
      if (ACTION_NAMES.has(decoded) || (decoded === 'js' && (escaped || this.plainJs))) {
        this.found = decoded;
        return true;
      }
    }
    this.carry = final ? '' : window.slice(-CARRY);
    return false;
  }
}
