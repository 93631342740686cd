/**
 * The portal's upload rules (spec §5), one definition for the browser and the
 * server: accepted extensions by kind, their MIME types, the 50 MB limit, the
 * file-name rule, the Spanish messages and the content signature of each type.
 * Plain TypeScript: no Node or DOM APIs beyond TextDecoder, which both have.
 */

/** Spec §5: what a successful and a failed upload say. */
export const UPLOAD_OK = 'Archivo subido de manera correcta';
export const UPLOAD_FAILED = 'Error subiendo documento, intente mas tarde';
/** Spec §5: a name with anything but letters, digits, spaces, dots and Ññ. */
export const INVALID_NAME = 'Nombre de archivo inválido';
/** Spec §5: a file the drop zone rejected. */
export const INVALID_FILE = 'Archivo inválido';
/** Spec §5: the hint shown beside every file input. */
export const NAME_HINT = 'Evite acentos y caracteres especiales en el nombre del archivo: use solo letras, números, espacios y puntos.';
/** An extension that is not accepted, or content that does not match its extension. */
export const TYPE_NOT_ALLOWED = 'Tipo de archivo no permitido';
/** Over {@link MAX_UPLOAD_BYTES}. */
export const TOO_LARGE = 'El archivo excede el tamaño máximo de 50 MB';
/** A file of 0 bytes (the drop zone's file-too-small). */
export const EMPTY_FILE = 'El archivo está vacío';
/** More than one file where one is expected. */
export const TOO_MANY = 'Solo se permite un archivo por solicitud';
/** Nothing chosen (spec §5 shared messages). */
export const NO_FILE = 'Debe seleccionar almenos un archivo para continuar';

/** 52428800 bytes (50 MB), the portal's upload limit. */
export const MAX_UPLOAD_BYTES = 52_428_800;
/** One file per upload unless a field says otherwise. */
export const MAX_FILES = 1;
/** The longest file name accepted. */
export const MAX_NAME_LENGTH = 200;

/** The spec's file-name rule, applied to the whole original name. */
export const FILE_NAME_RULE = /^[A-Za-z0-9Ññ .]+$/;

/** What the first bytes of a file can be recognised as. */
export type ContentKind =
  | 'pdf' | 'png' | 'jpeg' | 'tiff' | 'ole2' | 'zip' | 'postscript' | 'eps-dos'
  | 'rtf' | 'dwg' | 'dxf' | 'cdr' | 'cmx' | '3ds' | 'text';

/** One accepted extension: image or document, the MIME type it is served with, the contents it may have. */
export interface FileType {
  kind: 'image' | 'document';
  mime: string;
  contents: readonly ContentKind[];
}

const image = (mime: string, ...contents: ContentKind[]): FileType => ({ kind: 'image', mime, contents });
const doc = (mime: string, ...contents: ContentKind[]): FileType => ({ kind: 'document', mime, contents });

/** Every extension the portal accepts (spec §5), with its MIME type and possible contents. */
export const PORTAL_FILE_TYPES: Readonly<Record<string, FileType>> = {
  jpeg: image('image/jpeg', 'jpeg'),
  png: image('image/png', 'png'),
  jpg: image('image/jpeg', 'jpeg'),
  pdf: doc('application/pdf', 'pdf'),
  dwg: doc('image/vnd.dwg', 'dwg'),
  '3ds': doc('application/x-3ds', '3ds'),
  docx: doc('application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'zip'),
  xlsx: doc('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'zip'),
  pptx: doc('application/vnd.openxmlformats-officedocument.presentationml.presentation', 'zip'),
  ppsx: doc('application/vnd.openxmlformats-officedocument.presentationml.slideshow', 'zip'),
  doc: doc('application/msword', 'ole2'),
  xls: doc('application/vnd.ms-excel', 'ole2'),
  ppt: doc('application/vnd.ms-powerpoint', 'ole2'),
  pps: doc('application/vnd.ms-powerpoint', 'ole2'),
  ods: doc('application/vnd.oasis.opendocument.spreadsheet', 'zip'),
  odp: doc('application/vnd.oasis.opendocument.presentation', 'zip'),
  odt: doc('application/vnd.oasis.opendocument.text', 'zip'),
  ai: doc('application/postscript', 'pdf', 'postscript'),
  ps: doc('application/postscript', 'postscript'),
  eps: doc('application/postscript', 'postscript', 'eps-dos'),
  cmx: doc('image/x-cmx', 'cmx'),
  // CorelDRAW X4 and later write ZIP packages; earlier versions RIFF.
  cdr: doc('application/vnd.corel-draw', 'cdr', 'zip'),
  rtf: doc('application/rtf', 'rtf'),
  vsd: doc('application/vnd.visio', 'ole2'),
  txt: doc('text/plain', 'text'),
  tif: image('image/tiff', 'tiff'),
  tiff: image('image/tiff', 'tiff'),
};

/** Accepted image extensions (spec §5). */
export const IMAGE_EXTENSIONS: readonly string[] = ['jpeg', 'png', 'jpg'];
/** Accepted document extensions (spec §5). */
export const DOCUMENT_EXTENSIONS: readonly string[] = Object.keys(PORTAL_FILE_TYPES).filter((ext) => !IMAGE_EXTENSIONS.includes(ext));
/** The portal-wide list (the profile's documents, request attachments): images then documents. */
export const PORTAL_ACCEPT: readonly string[] = Object.keys(PORTAL_FILE_TYPES);

/**
 * Types a form may list in `x-accept` beyond the portal's (the formalization
 * form's drawings in DXF). The upload route stores them because the forms'
 * upload dialogs send to it; the profile's own dialog does not offer them.
 */
export const FORM_ONLY_FILE_TYPES: Readonly<Record<string, FileType>> = {
  dxf: doc('image/vnd.dxf', 'dxf'),
};

/** The formalization form's list (its spec), used when a file field declares no `x-accept`. */
export const FORM_DEFAULT_ACCEPT: readonly string[] = ['jpeg', 'jpg', 'png', 'pdf', 'dwg', 'dxf'];

/** Any extension the server stores: the portal's list and the forms' own additions. */
export function fileTypeOf(extension: string): FileType | undefined {
  const ext = extension.toLowerCase();
  return Object.hasOwn(PORTAL_FILE_TYPES, ext) ? PORTAL_FILE_TYPES[ext] : Object.hasOwn(FORM_ONLY_FILE_TYPES, ext) ? FORM_ONLY_FILE_TYPES[ext] : undefined;
}

/** Lower-case extension of a file name, without the dot ('' when none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 || dot === name.length - 1 ? '' : name.slice(dot + 1).toLowerCase();
}

/** The `accept` attribute of a file input: `.jpeg,.jpg,…`. */
export function acceptAttribute(accept: readonly string[]): string {
  return accept.map((ext) => `.${ext.toLowerCase()}`).join(',');
}

/** Whether a stored document can be shown as an image thumbnail (TIFF is not drawn by browsers). */
export function isImageExtension(extension: string): boolean {
  return ['jpeg', 'jpg', 'png', 'gif', 'webp'].includes(extension.replace(/^\./, '').toLowerCase());
}

/** Splits a file name into name and lower-case extension, or null when it breaks the name rule. */
export function splitFileName(fileName: string): { name: string; extension: string } | null {
  if (fileName.length > MAX_NAME_LENGTH || !FILE_NAME_RULE.test(fileName)) return null;
  const dot = fileName.lastIndexOf('.');
  if (dot <= 0) return { name: fileName, extension: '' };
  const name = fileName.slice(0, dot);
  if (!/[A-Za-z0-9Ññ]/.test(name)) return null;
  return { name, extension: fileName.slice(dot + 1).toLowerCase() };
}

/**
 * The Spanish message for a file that cannot be uploaded, or null when it can,
 * checked in the server's order: name, type, size, empty. The content is
 * checked by {@link ContentCheck}.
 */
export function uploadProblem(file: { name: string; size: number }, accept: readonly string[] = PORTAL_ACCEPT, maxBytes: number = MAX_UPLOAD_BYTES): string | null {
  const split = splitFileName(file.name);
  if (split === null) return INVALID_NAME;
  if (!accept.some((a) => a.toLowerCase() === split.extension)) return TYPE_NOT_ALLOWED;
  if (file.size > maxBytes) return TOO_LARGE;
  if (file.size === 0) return EMPTY_FILE;
  return null;
}

/** The drop zone's rejection codes (spec §5) and what each says. */
export const REJECTION_MESSAGES: Readonly<Record<string, string>> = {
  'file-invalid-type': TYPE_NOT_ALLOWED,
  'file-too-large': TOO_LARGE,
  'file-too-small': EMPTY_FILE,
  'too-many-files': TOO_MANY,
};

/** What a drop the zone rejected says: 'Archivo inválido', then the reason of its first known code. */
export function rejectionMessage(codes: readonly string[]): string {
  for (const code of codes) if (Object.hasOwn(REJECTION_MESSAGES, code)) return `${INVALID_FILE}. ${REJECTION_MESSAGES[code]}`;
  return INVALID_FILE;
}

/** Bytes read before the content kind is decided (an ODF package's `mimetype` entry fits). */
export const SIGNATURE_BYTES = 128;

const latin1 = (bytes: Uint8Array, start: number, end: number): string => String.fromCharCode(...bytes.subarray(start, end));
const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0): boolean => prefix.every((b, i) => bytes[at + i] === b);

/** In an ODF package the first entry is an uncompressed `mimetype`; when it is, it must name this kind of document. */
const ODF_MIMES: Record<string, string> = {
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
};

/** The ODF mimetype stored as a ZIP's first entry, or null when the first entry is something else. */
function zipMimetype(head: Uint8Array): string | null {
  const nameLength = head[26] | (head[27] << 8);
  const extraLength = head[28] | (head[29] << 8);
  if (nameLength !== 8 || latin1(head, 30, 38) !== 'mimetype') return null;
  const size = head[18] | (head[19] << 8);
  const start = 38 + extraLength;
  return latin1(head, start, Math.min(start + size, head.length));
}

/** Content kinds the first bytes of a file match (several for a ZIP or a PDF-based AI). */
export function detectKinds(head: Uint8Array): ContentKind[] {
  const kinds: ContentKind[] = [];
  const text4 = latin1(head, 0, 4);
  if (latin1(head, 0, 5) === '%PDF-') kinds.push('pdf');
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) kinds.push('png');
  if (startsWith(head, [0xff, 0xd8, 0xff])) kinds.push('jpeg');
  if (startsWith(head, [0x49, 0x49, 0x2a, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2a])) kinds.push('tiff');
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) kinds.push('ole2');
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) kinds.push('zip');
  if (latin1(head, 0, 4) === '%!PS') kinds.push('postscript');
  if (startsWith(head, [0xc5, 0xd0, 0xd3, 0xc6])) kinds.push('eps-dos');
  if (latin1(head, 0, 5) === '{\\rtf') kinds.push('rtf');
  if (text4 === 'AC10') kinds.push('dwg');
  if (/^\s*0\r?\nSECTION/.test(latin1(head, 0, 64))) kinds.push('dxf');
  if (text4 === 'RIFF' || text4 === 'RIFX') {
    const form = latin1(head, 8, 11);
    if (form === 'CDR' || form === 'cdr') kinds.push('cdr');
    if (form === 'CMX' || form === 'cmx') kinds.push('cmx');
  }
  if (startsWith(head, [0x4d, 0x4d]) && head.length >= 6) kinds.push('3ds');
  return kinds;
}

/**
 * Checks a file's bytes against its extension while they stream: the
 * signature of the first {@link SIGNATURE_BYTES} bytes, an ODF package's
 * `mimetype`, and for text files every byte (valid UTF-8, no NUL). Push every
 * chunk in order; `push` and `finish` answer false as soon as the content is refused.
 */
export class ContentCheck {
  /** The content kind recognised, once the head has been read (null until then or when refused). */
  kind: ContentKind | null = null;
  private head: Uint8Array[] = [];
  private headBytes = 0;
  private decided = false;
  private refused = false;
  private readonly decoder: TextDecoder | null;
  private readonly extension: string;

  constructor(extension: string) {
    this.extension = extension.toLowerCase();
    const type = fileTypeOf(extension);
    this.decoder = type?.contents.includes('text') ? new TextDecoder('utf-8', { fatal: true }) : null;
    if (!type) this.refused = true;
  }

  /** Feeds the next chunk; false once the file is refused. */
  push(chunk: Uint8Array): boolean {
    if (this.refused) return false;
    if (!this.decided) {
      this.head.push(chunk);
      this.headBytes += chunk.length;
      if (this.headBytes >= SIGNATURE_BYTES) this.decide();
    }
    if (!this.refused && this.decoder) this.refused = !this.text(chunk, true);
    return !this.refused;
  }

  /** Ends the file; false when it is refused (an empty file is refused too). */
  finish(): boolean {
    if (!this.refused && !this.decided) this.decide();
    if (!this.refused && this.decoder) this.refused = !this.text(new Uint8Array(0), false);
    return !this.refused && this.kind !== null;
  }

  private decide(): void {
    this.decided = true;
    const head = concat(this.head, this.headBytes);
    this.head = [];
    const allowed = fileTypeOf(this.extension)?.contents ?? [];
    const found = allowed.includes('text') ? (head.length > 0 ? (['text'] as ContentKind[]) : []) : detectKinds(head).filter((k) => allowed.includes(k));
    const kind = found[0];
    if (kind === undefined || (kind === 'zip' && !this.odfMatches(head))) {
      this.refused = true;
      return;
    }
    this.kind = kind;
  }

  private odfMatches(head: Uint8Array): boolean {
    const mimetype = zipMimetype(head);
    if (mimetype === null) return !Object.hasOwn(ODF_MIMES, this.extension);
    return ODF_MIMES[this.extension] === mimetype;
  }

  private text(chunk: Uint8Array, stream: boolean): boolean {
    if (chunk.includes(0)) return false;
    try {
      this.decoder?.decode(chunk, { stream });
      return true;
    } catch {
      return false;
    }
  }
}

function concat(chunks: Uint8Array[], length: number): Uint8Array {
  const out = new Uint8Array(length);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** Whole-content check of a file already in memory (the browser's first bytes, or a test's sample). */
export function contentMatches(extension: string, bytes: Uint8Array): boolean {
  const check = new ContentCheck(extension);
  return check.push(bytes) && check.finish();
}

/**
 * Whether the first bytes of a file (up to {@link SIGNATURE_BYTES}) can be its
 * extension's: the browser's early look before sending. `complete` says the
 * bytes are the whole file. Text is only judged on those bytes here.
 */
export function headMatches(extension: string, head: Uint8Array, complete: boolean): boolean {
  const check = new ContentCheck(extension);
  if (!check.push(head)) return false;
  return complete || head.length < SIGNATURE_BYTES ? check.finish() : true;
}
