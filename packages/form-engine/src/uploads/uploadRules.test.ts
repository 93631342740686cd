import { describe, expect, it } from 'vitest';
import {
  ContentCheck, DOCUMENT_EXTENSIONS, EMPTY_FILE, IMAGE_EXTENSIONS, INVALID_FILE, INVALID_NAME, MAX_UPLOAD_BYTES, PORTAL_ACCEPT,
  TOO_LARGE, TOO_MANY, TYPE_NOT_ALLOWED, acceptAttribute, contentMatches, extensionOf, fileTypeOf, isImageExtension,
  headMatches, rejectionMessage, splitFileName, uploadProblem,
} from './uploadRules';

const bytes = (...parts: (string | number[])[]): Uint8Array =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));
const le16 = (n: number) => [n & 0xff, n >> 8];
const le32 = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >>> 24) & 0xff];

/** A ZIP's first local header holding `name` stored (uncompressed), as real packages start. */
function zipEntry(name: string, content: string): Uint8Array {
  return bytes([0x50, 0x4b, 0x03, 0x04], le16(20), le16(0), le16(0), le16(0), le16(0), le32(0), le32(content.length), le32(content.length), le16(name.length), le16(0), name, content);
}

const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ODT = zipEntry('mimetype', 'application/vnd.oasis.opendocument.text');
const ODS = zipEntry('mimetype', 'application/vnd.oasis.opendocument.spreadsheet');
const ODP = zipEntry('mimetype', 'application/vnd.oasis.opendocument.presentation');
const OOXML = zipEntry('[Content_Types].xml', '<?xml version="1.0"?><Types/>');

/** The smallest real start of each accepted type. */
const SAMPLES: Record<string, Uint8Array> = {
  jpeg: bytes([0xff, 0xd8, 0xff, 0xe0], le16(16), 'JFIF'),
  jpg: bytes([0xff, 0xd8, 0xff, 0xdb]),
  png: bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], le32(13), 'IHDR'),
  pdf: bytes('%PDF-1.7\n%%EOF\n'),
  dwg: bytes('AC1032', [0, 0, 0, 0]),
  '3ds': bytes([0x4d, 0x4d], le32(10), [0x02, 0x00], le32(10)),
  docx: OOXML, xlsx: OOXML, pptx: OOXML, ppsx: OOXML,
  doc: bytes(OLE2), xls: bytes(OLE2), ppt: bytes(OLE2), pps: bytes(OLE2), vsd: bytes(OLE2),
  odt: ODT, ods: ODS, odp: ODP,
  ai: bytes('%PDF-1.5\n%AI\n'),
  ps: bytes('%!PS-Adobe-3.0\n'),
  eps: bytes('%!PS-Adobe-3.0 EPSF-3.0\n'),
  cmx: bytes('RIFF', le32(100), 'CMX1'),
  cdr: bytes('RIFF', le32(100), 'CDRAvrsn'),
  rtf: bytes('{\\rtf1\\ansi Hola}'),
  txt: new TextEncoder().encode('Constancia de residencia. Año 2024: Peña\n'),
  tif: bytes('II*', [0], le32(8)),
  tiff: bytes('MM', [0, 42], le32(8)),
};

describe('the accepted lists (spec §5)', () => {
  it('are the images and documents of the spec, each with a MIME type and a content sample here', () => {
    expect(IMAGE_EXTENSIONS).toEqual(['jpeg', 'png', 'jpg']);
    expect(DOCUMENT_EXTENSIONS).toEqual(['pdf', 'dwg', '3ds', 'docx', 'xlsx', 'pptx', 'ppsx', 'doc', 'xls', 'ppt', 'pps', 'ods', 'odp', 'odt', 'ai', 'ps', 'eps', 'cmx', 'cdr', 'rtf', 'vsd', 'txt', 'tif', 'tiff']);
    expect(Object.keys(SAMPLES).sort()).toEqual([...PORTAL_ACCEPT].sort());
    for (const ext of PORTAL_ACCEPT) expect(fileTypeOf(ext)?.mime).toMatch(/^[a-z]+\/[a-z0-9.+-]+$/);
    expect(fileTypeOf('dxf')?.mime).toBe('image/vnd.dxf');
    expect(fileTypeOf('exe')).toBeUndefined();
    expect(fileTypeOf('constructor')).toBeUndefined();
  });
});

describe('content checks', () => {
  it.each(Object.entries(SAMPLES))('accepts a real %s', (ext, sample) => {
    expect(contentMatches(ext, sample)).toBe(true);
    expect(contentMatches(ext.toUpperCase(), sample)).toBe(true);
  });

  it('accepts the other real forms: a PostScript AI, a DOS EPS, a ZIP CorelDRAW, a DXF', () => {
    expect(contentMatches('ai', bytes('%!PS-Adobe-3.0\n'))).toBe(true);
    expect(contentMatches('eps', bytes([0xc5, 0xd0, 0xd3, 0xc6], le32(30)))).toBe(true);
    expect(contentMatches('cdr', zipEntry('content/riffData.cdr', 'x'))).toBe(true);
    expect(contentMatches('dxf', bytes('  0\r\nSECTION\r\n'))).toBe(true);
  });

  it.each([
    ['a PDF renamed .docx', 'docx', SAMPLES.pdf],
    ['a PNG renamed .jpg', 'jpg', SAMPLES.png],
    ['a Word 97 file renamed .docx', 'docx', SAMPLES.doc],
    ['a DOCX renamed .doc', 'doc', OOXML],
    ['an ODT renamed .docx', 'docx', ODT],
    ['an ODS renamed .odt', 'odt', ODS],
    ['a DOCX renamed .odt', 'odt', OOXML],
    ['a PDF renamed .txt', 'txt', bytes('%PDF-1.7\n', [0, 0xff, 0xfe])],
    ['binary bytes renamed .txt', 'txt', bytes('hola', [0])],
    ['invalid UTF-8 renamed .txt', 'txt', bytes('a', [0xc3, 0x28])],
    ['a Windows program renamed .pdf', 'pdf', bytes('MZ', [0x90, 0, 3, 0])],
    ['HTML renamed .rtf', 'rtf', bytes('<html><body>x</body></html>')],
    ['a RIFF WAVE renamed .cdr', 'cdr', bytes('RIFF', le32(100), 'WAVEfmt ')],
    ['a PDF with a space before its signature', 'pdf', bytes(' %PDF-1.7')],
    ['a GIF renamed .tif', 'tif', bytes('GIF89a')],
    ['an empty PDF', 'pdf', new Uint8Array(0)],
    ['an empty text', 'txt', new Uint8Array(0)],
    ['an extension that is not accepted', 'exe', bytes('MZ')],
  ])('refuses %s', (_what, ext, sample) => expect(contentMatches(ext, sample)).toBe(false));

  it('reads the signature across chunks and the text across chunks (a UTF-8 character split in two)', () => {
    const pdf = new ContentCheck('pdf');
    for (const b of bytes('%PDF-1.7\n', new Array(200).fill(0x41))) expect(pdf.push(Uint8Array.of(b))).toBe(true);
    expect(pdf.finish()).toBe(true);
    expect(pdf.kind).toBe('pdf');

    const text = new ContentCheck('txt');
    const enie = new TextEncoder().encode('Peña');
    expect(text.push(enie.subarray(0, 3))).toBe(true);
    expect(text.push(enie.subarray(3))).toBe(true);
    expect(text.finish()).toBe(true);

    const cut = new ContentCheck('txt');
    expect(cut.push(enie.subarray(0, 3))).toBe(true);
    expect(cut.finish()).toBe(false);

    const late = new ContentCheck('txt');
    expect(late.push(new Uint8Array(300).fill(0x61))).toBe(true);
    expect(late.push(Uint8Array.of(0x61, 0))).toBe(false);
  });
});

describe('the browser\'s look at the first bytes', () => {
  it('judges the signature on the head alone, and a text head without its end', () => {
    const pdfHead = bytes('%PDF-1.7\n', new Array(200).fill(0x41)).subarray(0, 128);
    expect(headMatches('pdf', pdfHead, false)).toBe(true);
    expect(headMatches('docx', pdfHead, false)).toBe(false);
    const textHead = new TextEncoder().encode(`${'a'.repeat(127)}ñ`).subarray(0, 128);
    expect(headMatches('txt', textHead, false)).toBe(true);
    expect(headMatches('txt', textHead, true)).toBe(false);
    expect(headMatches('odt', ODT, true)).toBe(true);
    expect(headMatches('odt', OOXML, true)).toBe(false);
  });
});

describe('file names', () => {
  it.each([
    ['acta_notarial.pdf', null],
    ['acta-notarial.pdf', null],
    ['Cédula.pdf', null],
    ['../../etc/passwd', null],
    ['c:\\x.pdf', null],
    ['..pdf', null],
    ['', null],
    [`${'a'.repeat(197)}.pdf`, null],
    ['Acta notarial.pdf', { name: 'Acta notarial', extension: 'pdf' }],
    ['Peña Ñoño.v2.PNG', { name: 'Peña Ñoño.v2', extension: 'png' }],
    ['sin extension', { name: 'sin extension', extension: '' }],
  ])('%j -> %j', (input, expected) => expect(splitFileName(input)).toEqual(expected));

  it('reads extensions and builds the accept attribute', () => {
    expect(extensionOf('a.b.JPG')).toBe('jpg');
    expect(extensionOf('.bashrc')).toBe('');
    expect(acceptAttribute(['pdf', 'png'])).toBe('.pdf,.png');
    expect(isImageExtension('.PNG')).toBe(true);
    expect(isImageExtension('pdf')).toBe(false);
  });
});

describe('uploadProblem', () => {
  it('accepts the portal list up to 50 MB', () => {
    expect(uploadProblem({ name: 'Acta notarial.odt', size: 1000 })).toBeNull();
    expect(uploadProblem({ name: 'Plano.DWG', size: MAX_UPLOAD_BYTES })).toBeNull();
    expect(MAX_UPLOAD_BYTES).toBe(52428800);
  });

  it('says what is wrong, name first, with the same messages as the server', () => {
    expect(uploadProblem({ name: 'acta_notarial.pdf', size: 10 })).toBe(INVALID_NAME);
    expect(INVALID_NAME).toBe('Nombre de archivo inválido');
    expect(uploadProblem({ name: 'programa.exe', size: 10 })).toBe(TYPE_NOT_ALLOWED);
    expect(uploadProblem({ name: 'sin extension', size: 10 })).toBe(TYPE_NOT_ALLOWED);
    expect(uploadProblem({ name: 'Grande.pdf', size: MAX_UPLOAD_BYTES + 1 })).toBe(TOO_LARGE);
    expect(uploadProblem({ name: 'Vacio.pdf', size: 0 })).toBe(EMPTY_FILE);
  });

  it('keeps a form field to its own narrower list', () => {
    const accept = ['jpeg', 'jpg', 'png', 'pdf', 'dwg', 'dxf'];
    expect(uploadProblem({ name: 'Plano.dxf', size: 10 }, accept)).toBeNull();
    expect(uploadProblem({ name: 'Carta.docx', size: 10 }, accept)).toBe(TYPE_NOT_ALLOWED);
    expect(uploadProblem({ name: 'Plano.dxf', size: 10 })).toBe(TYPE_NOT_ALLOWED);
  });
});

describe('drop-zone rejections', () => {
  it("says 'Archivo inválido' and the reason of each code of spec §5", () => {
    expect(rejectionMessage(['file-invalid-type'])).toBe(`Archivo inválido. ${TYPE_NOT_ALLOWED}`);
    expect(rejectionMessage(['file-too-large'])).toBe('Archivo inválido. El archivo excede el tamaño máximo de 50 MB');
    expect(rejectionMessage(['file-too-small'])).toBe(`Archivo inválido. ${EMPTY_FILE}`);
    expect(rejectionMessage(['otro', 'too-many-files'])).toBe(`Archivo inválido. ${TOO_MANY}`);
    expect(rejectionMessage(['otro'])).toBe(INVALID_FILE);
    expect(rejectionMessage([])).toBe('Archivo inválido');
  });
});
