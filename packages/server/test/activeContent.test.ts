/**
 * Active content in uploads: markup in any encoding anywhere in the file, and
 * PDF JavaScript or launch actions however they are written. One test per
 * known bypass, and random content behind a valid header is still accepted.
 */
import { createCipheriv, createHash } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_JCE_CITIZENS } from '../src/agencies/sandbox/sandboxData';
import { hasActiveMarkup, MarkupScanner } from '../src/services/uploads/markupScanner';
import { findPdfActions } from '../src/services/uploads/pdfActions';
import { buildTestApp, type TestApp } from './buildTestApp';
import { bearer, login, multipart, register, SAMPLE_FILES } from './helpers';

/** Deterministic random-looking bytes (AES-CTR keyed by the seed): compressed or encrypted data looks like this. */
function randomBytesFrom(seed: number, length: number): Buffer {
  const key = createHash('sha256').update(String(seed)).digest().subarray(0, 16);
  return createCipheriv('aes-128-ctr', key, Buffer.alloc(16)).update(Buffer.alloc(length));
}

/** `<< dict /Length n >> stream ... endstream` with the data as given. */
function streamObject(dict: string, data: Buffer): Buffer {
  return Buffer.concat([Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\r\n`, 'latin1'), data, Buffer.from('\r\nendstream', 'latin1')]);
}

/** A FlateDecode object stream holding the given objects (number -> text), as PDF 1.5 writers make them. */
function objectStream(objects: Record<number, string>): Buffer {
  let header = '';
  let body = '';
  for (const [number, text] of Object.entries(objects)) {
    header += `${number} ${body.length} `;
    body += `${text}\n`;
  }
  const data = zlib.deflateSync(Buffer.from(header + body, 'latin1'));
  return streamObject(`/Type /ObjStm /N ${Object.keys(objects).length} /First ${header.length} /Filter /FlateDecode`, data);
}

/** A whole PDF: header, objects numbered from 1, cross-reference table and trailer (object 1 is the catalog). */
function buildPdf(objects: (string | Buffer)[], trailer = '/Root 1 0 R'): Buffer {
  const parts = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let position = parts[0].length;
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    const object = Buffer.concat([
      Buffer.from(`${index + 1} 0 obj\n`, 'latin1'),
      Buffer.isBuffer(body) ? body : Buffer.from(body, 'latin1'),
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    offsets.push(position);
    position += object.length;
    parts.push(object);
  });
  const xref = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  parts.push(
    Buffer.from(
      `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${xref}trailer\n<< /Size ${objects.length + 1} ${trailer} >>\nstartxref\n${position}\n%%EOF\n`,
      'latin1',
    ),
  );
  return Buffer.concat(parts);
}

const XMP = `<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Acta constitutiva</dc:title></rdf:Description>
</rdf:RDF></x:xmpmeta>
<?xpacket end="w"?>`;

/**
 * A document as office software writes one: a page with text, a Flate image
 * and a JPEG image of random pixels (`imageBytes` each), fonts and the info
 * dictionary in a compressed object stream, XMP metadata and a web link.
 */
function realLookingPdf(seed: number, imageBytes: number): Buffer {
  const content = zlib.deflateSync(Buffer.from('q 300 0 0 200 72 500 cm /Im0 Do Q q 300 0 0 200 72 250 cm /Im1 Do Q\nBT /F1 12 Tf 72 720 Td (Acta constitutiva de la empresa) Tj ET\n', 'latin1'));
  const pixels = randomBytesFrom(seed, imageBytes);
  return buildPdf([
    '<< /Type /Catalog /Pages 2 0 R /Metadata 7 0 R /Lang (es-DO) >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 9 0 R >> /XObject << /Im0 5 0 R /Im1 6 0 R >> >> /Annots [10 0 R] >>',
    streamObject('/Filter /FlateDecode', content),
    streamObject('/Type /XObject /Subtype /Image /Width 1000 /Height 100 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode', zlib.deflateSync(pixels)),
    streamObject('/Type /XObject /Subtype /Image /Width 1000 /Height 100 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytesFrom(seed + 1, imageBytes)])),
    streamObject('/Type /Metadata /Subtype /XML', Buffer.from(XMP, 'utf8')),
    objectStream({
      9: '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
      10: '<< /Type /Annot /Subtype /Link /Rect [72 100 300 120] /A << /S /URI /URI (https://www.gob.do/) >> >>',
      11: '<< /Producer (Procesador de textos) /Title (Acta constitutiva) >>',
    }),
  ], '/Root 1 0 R /Info 11 0 R');
}

const PASSWORD = 'Clave-de-Prueba-Segura-7';
const PNG = SAMPLE_FILES.png.subarray(0, 8);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);
const utf16be = (text: string) => Buffer.from(text, 'utf16le').swap16();
const catalogWith = (entries: string) => buildPdf([`<< /Type /Catalog /Pages 2 0 R ${entries} >>`, '<< /Type /Pages /Kids [] /Count 0 >>']);
/** 70 KB of harmless text: what follows lies past the first 64 KB, where the old scan stopped. */
const PAST_HEAD = Buffer.alloc(70 * 1024, 'Lorem ipsum dolor sit amet. ');

let t: TestApp;
const citizen = { id: 0, token: '' };
let work: string;

beforeAll(async () => {
  t = await buildTestApp();
  const { cedula } = SANDBOX_JCE_CITIZENS[10];
  citizen.id = await register(t.app, cedula, PASSWORD);
  citizen.token = await login(t.app, cedula, PASSWORD);
  work = await mkdtemp(path.join(tmpdir(), 'portal-active-'));
});
afterAll(async () => {
  await t.close();
  await rm(work, { recursive: true, force: true });
});

function upload(filename: string, content: Buffer) {
  const body = multipart([
    { name: 'citizen_profile_id', value: String(citizen.id) },
    { name: 'file', filename, value: content },
  ]);
  return t.app.inject({ method: 'POST', url: '/v1/portals/documents', payload: body.payload, headers: { ...body.headers, ...bearer(citizen.token) } });
}

/** Every file in the folder belongs to a documents row: a refused upload left nothing. */
async function expectFolderMatchesRows() {
  const { rows } = await t.app.db.query<{ stored_name: string }>('SELECT stored_name FROM documents');
  expect((await readdir(t.config.uploadDir)).sort()).toEqual(rows.map((row) => row.stored_name).sort());
}

async function pdfFile(content: Buffer): Promise<string> {
  const file = path.join(work, `${Math.random().toString(16).slice(2)}.pdf`);
  await writeFile(file, content);
  return file;
}

describe('uploads with active content are refused with 415 and leave nothing behind', () => {
  const scriptInObjectStream = buildPdf([
    '<< /Type /Catalog /Pages 2 0 R /OpenAction 4 0 R >>',
    '<< /Type /Pages /Kids [] /Count 0 >>',
    objectStream({ 4: '<< /S /JavaScript /JS (app.alert\\(document.cookie\\)) >>' }),
  ]);

  it.each([
    ['<script> after 64 KB', 'Foto.png', Buffer.concat([PNG, PAST_HEAD, Buffer.from('<script>alert(1)</script>')])],
    ['a NUL inside the tag', 'Foto.png', Buffer.concat([PNG, Buffer.from('<scr\0ipt>alert(1)</scr\0ipt>', 'latin1')])],
    ['UTF-16LE markup', 'Foto.jpg', Buffer.concat([JPEG, Buffer.from('<html><body onload="alert(1)">', 'utf16le')])],
    ['UTF-16BE markup', 'Foto.jpg', Buffer.concat([JPEG, utf16be('<script>alert(1)</script>')])],
    ['UTF-16LE markup after 64 KB', 'Foto.png', Buffer.concat([PNG, PAST_HEAD, Buffer.from('<iframe src="https://x.example">', 'utf16le')])],
    ['an SVG event handler after 64 KB', 'Foto.png', Buffer.concat([PNG, PAST_HEAD, Buffer.from('<svg/onload=alert(1)>')])],
    ['markup in a PDF after 64 KB', 'Acta.pdf', Buffer.concat([Buffer.from('%PDF-1.7\n'), PAST_HEAD, Buffer.from('<!DOCTYPE html><p>hola</p>')])],
    ['a PDF /OpenAction JavaScript', 'Acta.pdf', catalogWith('/OpenAction << /S /JavaScript /JS (app.alert\\(1\\)) >>')],
    ['a PDF /Launch action', 'Acta.pdf', catalogWith('/OpenAction << /S /Launch /F (cmd.exe) /P (/c calc) >>')],
    ['hex-escaped names', 'Acta.pdf', catalogWith('/OpenAction << /S /J#61vaScr#69pt /J#53 (app.alert\\(1\\)) >>')],
    ['a document-level script list', 'Acta.pdf', catalogWith('/Names << /J#61#76#61#53#63#72#69#70#74 << /Names [(x) 5 0 R] >> >>')],
    ['JavaScript inside a compressed object stream', 'Acta.pdf', scriptInObjectStream],
  ])('%s', async (_label, filename, content) => {
    const rowsBefore = (await t.app.db.query('SELECT id FROM documents')).rows.length;
    const res = await upload(filename, content);
    expect(res.statusCode, res.body).toBe(415);
    expect(res.json()).toEqual({ message: 'Tipo de archivo no permitido' });
    expect((await t.app.db.query('SELECT id FROM documents')).rows.length).toBe(rowsBefore);
    await expectFolderMatchesRows();
  });
});

describe('real-looking files with random binary content are accepted', () => {
  it.each([
    ['Acta constitutiva.pdf', () => realLookingPdf(7, 1_500_000)],
    ['Foto.png', () => Buffer.concat([PNG, randomBytesFrom(8, 3_000_000)])],
    ['Foto.jpg', () => Buffer.concat([JPEG, randomBytesFrom(9, 3_000_000)])],
  ])('%s', async (filename, make) => {
    const res = await upload(filename, make());
    expect(res.statusCode, res.body).toBe(201);
    await expectFolderMatchesRows();
  });

  it('a short <svg> past the head, without a handler, is not taken for markup', async () => {
    const res = await upload('Foto.png', Buffer.concat([PNG, PAST_HEAD, Buffer.from('<svg width="10">')]));
    expect(res.statusCode, res.body).toBe(201);
  });

  it('PNG and JPEG headers followed by random bytes (property)', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 1, max: 3_000_000 }), fc.constantFrom(PNG, JPEG), (seed, size, header) => {
        expect(hasActiveMarkup(Buffer.concat([header, randomBytesFrom(seed, size)]))).toBe(false);
      }),
      { numRuns: 25 },
    );
  });

  it('PDFs with random image data (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer(), fc.integer({ min: 1, max: 1_500_000 }), async (seed, size) => {
        const pdf = realLookingPdf(seed, size);
        expect(hasActiveMarkup(pdf)).toBe(false);
        expect(await findPdfActions(await pdfFile(pdf))).toBeNull();
      }),
      { numRuns: 10 },
    );
  });
});

describe('the scans across chunk boundaries', () => {
  it('finds a marker split between two chunks, and a NUL-split one', () => {
    const scanner = new MarkupScanner();
    expect(scanner.push(Buffer.concat([PNG, PAST_HEAD, Buffer.from('<scr')]))).toBe(false);
    expect(scanner.push(Buffer.from('ipt>'))).toBe(true);
    const utf16 = new MarkupScanner();
    const text = Buffer.from('<object data=x>', 'utf16le');
    expect(utf16.push(text.subarray(0, 5))).toBe(false);
    expect(utf16.push(text.subarray(5))).toBe(true);
  });

  it('finds a PDF name that straddles the 1 MB read boundary', async () => {
    const before = Buffer.concat([Buffer.from('%PDF-1.7\n1 0 obj\n<< /Padding ('), Buffer.alloc(1024 * 1024 - 40, 'x'), Buffer.from(') /S ')]);
    for (let shift = 0; shift < 12; shift++) {
      const pdf = Buffer.concat([before.subarray(0, before.length - shift), Buffer.from(' /JavaScript /JS (x) >>\nendobj\n%%EOF\n')]);
      expect(await findPdfActions(await pdfFile(pdf)), `shift ${shift}`).toBe('javascript');
    }
  });

  it('counts a plain /JS in the object text and in object streams, not in random stream data', async () => {
    expect(await findPdfActions(await pdfFile(catalogWith('/AA << /O << /JS (x) >> >>')))).toBe('js');
    const hidden = buildPdf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [] /Count 0 >>', objectStream({ 4: '<< /JS (x) >>' })]);
    expect(await findPdfActions(await pdfFile(hidden))).toBe('js');
    const image = streamObject('/Subtype /Image /Filter /DCTDecode', Buffer.concat([randomBytesFrom(3, 5000), Buffer.from('/JS '), randomBytesFrom(4, 5000)]));
    expect(await findPdfActions(await pdfFile(buildPdf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [] /Count 0 >>', image])))).toBeNull();
  });

  it('refuses a compression bomb it cannot finish checking', async () => {
    // 300 MB of spaces after an object stream's first numbers, compressed a megabyte at a time.
    const deflate = zlib.createDeflate({ level: 9 });
    const compressed: Buffer[] = [];
    deflate.on('data', (chunk: Buffer) => compressed.push(chunk));
    deflate.write('1 0 ');
    const spaces = Buffer.alloc(1024 * 1024, ' ');
    for (let i = 0; i < 300; i++) if (!deflate.write(spaces)) await once(deflate, 'drain');
    deflate.end();
    await once(deflate, 'end');
    const pdf = buildPdf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [] /Count 0 >>', streamObject('/Filter /FlateDecode', Buffer.concat(compressed))]);
    expect(pdf.length).toBeLessThan(1024 * 1024);
    expect(await findPdfActions(await pdfFile(pdf))).toBe('decoded size over the budget');
  });
});
