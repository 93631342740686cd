/** The portal's upload rules on the server (spec §5): every accepted type stored, every refusal with the browser's Spanish message and nothing stored. */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EMPTY_FILE, INVALID_NAME, MAX_UPLOAD_BYTES, PORTAL_ACCEPT, TOO_LARGE, TOO_MANY, TYPE_NOT_ALLOWED, fileTypeOf,
} from '@portal/form-engine/uploads';
import { SANDBOX_JCE_CITIZENS } from '../src/agencies/sandbox/sandboxData';
import { UPLOAD_MAX_BYTES } from '../src/config';
import { buildTestApp, type TestApp } from './buildTestApp';
import { bearer, login, multipart, register, type Part } from './helpers';
import { zip } from '../../../tests/support/zipFile';

let t: TestApp;
const citizen = { id: 0, token: '' };

beforeAll(async () => {
  t = await buildTestApp();
  citizen.id = await register(t.app, SANDBOX_JCE_CITIZENS[10].cedula, 'Clave-de-Carla-1');
  citizen.token = await login(t.app, SANDBOX_JCE_CITIZENS[10].cedula, 'Clave-de-Carla-1');
});
afterAll(() => t.close());


const ooxml = zip([['[Content_Types].xml', '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'], ['_rels/.rels', '<Relationships/>']]);
const odf = (kind: string) => zip([['mimetype', `application/vnd.oasis.opendocument.${kind}`], ['content.xml', '<office:document-content/>']]);
const ole2 = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);
const riff = (form: string) => Buffer.concat([Buffer.from('RIFF'), Buffer.from([200, 0, 0, 0]), Buffer.from(form), Buffer.alloc(200)]);

/** One real start of a file of each accepted type. */
const SAMPLES: Record<string, Buffer> = {
  jpeg: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]), Buffer.from('JFIF'), Buffer.alloc(64, 2)]),
  jpg: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xdb]), Buffer.alloc(64, 2)]),
  png: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), Buffer.from('IHDR'), Buffer.alloc(64, 1)]),
  pdf: Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n'),
  dwg: Buffer.concat([Buffer.from('AC1027'), Buffer.alloc(64, 0)]),
  '3ds': Buffer.from([0x4d, 0x4d, 16, 0, 0, 0, 0x02, 0x00, 10, 0, 0, 0, 3, 0, 0, 0]),
  docx: ooxml, xlsx: ooxml, pptx: ooxml, ppsx: ooxml,
  doc: ole2, xls: ole2, ppt: ole2, pps: ole2, vsd: ole2,
  odt: odf('text'), ods: odf('spreadsheet'), odp: odf('presentation'),
  ai: Buffer.from('%PDF-1.5\n%AI\n%%EOF\n'),
  ps: Buffer.from('%!PS-Adobe-3.0\n/Helvetica findfont 12 scalefont setfont\nshowpage\n'),
  eps: Buffer.from('%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 10 10\n'),
  cmx: riff('CMX1'),
  cdr: riff('CDRA'),
  rtf: Buffer.from('{\\rtf1\\ansi\\deff0 Constancia de residencia}'),
  txt: Buffer.from('Constancia de residencia.\nAño 2024, señora Peña.\n'),
  tif: Buffer.concat([Buffer.from('II*\0'), Buffer.from([8, 0, 0, 0]), Buffer.alloc(32)]),
  tiff: Buffer.concat([Buffer.from('MM\0*'), Buffer.from([0, 0, 0, 8]), Buffer.alloc(32)]),
};

function upload(parts: Part[]) {
  const body = multipart(parts);
  return t.app.inject({ method: 'POST', url: '/v1/portals/documents', payload: body.payload, headers: { ...body.headers, ...bearer(citizen.token) } });
}
const file = (filename: string, value: Buffer): Part => ({ name: 'file', filename, value });
const profile: () => Part = () => ({ name: 'citizen_profile_id', value: String(citizen.id) });

const storedFiles = () => readdir(t.config.uploadDir);
const documentCount = async () => (await t.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM documents')).rows[0].n;

async function expectRefused(parts: Part[], status: number, message: string) {
  const filesBefore = await storedFiles();
  const rowsBefore = await documentCount();
  const res = await upload(parts);
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().message).toBe(message);
  expect(await storedFiles()).toEqual(filesBefore);
  expect(await documentCount()).toBe(rowsBefore);
}

describe('the portal list (spec §5)', () => {
  it('has a sample here for every accepted type', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual([...PORTAL_ACCEPT].sort());
  });

  it.each(Object.entries(SAMPLES))('stores a real .%s with its MIME type', async (ext, content) => {
    const res = await upload([profile(), file(`Documento ${ext}.${ext}`, content)]);
    expect(res.statusCode, res.body).toBe(201);
    const { data } = res.json();
    expect(data).toMatchObject({ name: `Documento ${ext}`, extension: ext });
    const { rows } = await t.app.db.query<{ stored_name: string; mime: string }>('SELECT stored_name, mime FROM documents WHERE id = $1', [data.id]);
    expect(rows[0].mime).toBe(fileTypeOf(ext)?.mime);
    expect(await readFile(path.join(t.config.uploadDir, rows[0].stored_name))).toEqual(content);
    const download = await t.app.inject({ method: 'GET', url: data.route, headers: bearer(citizen.token) });
    expect(download.headers['content-type']).toContain(fileTypeOf(ext)?.mime);
  });
});

describe('each refusal says what the browser says, and stores nothing', () => {
  it.each([
    ['a name with an underscore', 'acta_notarial.pdf', SAMPLES.pdf, 400, INVALID_NAME],
    ['a name with an accent', 'Cédula.pdf', SAMPLES.pdf, 400, INVALID_NAME],
    ['a name with a dash', 'acta-notarial.docx', SAMPLES.docx, 400, INVALID_NAME],
    ['an extension outside the list', 'Programa.exe', Buffer.from('MZ\x90\x00', 'latin1'), 415, TYPE_NOT_ALLOWED],
    ['an SVG', 'Logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 415, TYPE_NOT_ALLOWED],
    ['a PDF renamed .docx', 'Contrato.docx', SAMPLES.pdf, 415, TYPE_NOT_ALLOWED],
    ['a DOCX renamed .odt', 'Contrato.odt', SAMPLES.docx, 415, TYPE_NOT_ALLOWED],
    ['an ODT renamed .docx', 'Contrato.docx', SAMPLES.odt, 415, TYPE_NOT_ALLOWED],
    ['a Word 97 file renamed .xlsx', 'Cuentas.xlsx', SAMPLES.doc, 415, TYPE_NOT_ALLOWED],
    ['a PNG renamed .tif', 'Foto.tif', SAMPLES.png, 415, TYPE_NOT_ALLOWED],
    ['a binary file renamed .txt', 'Notas.txt', Buffer.from('hola\0mundo'), 415, TYPE_NOT_ALLOWED],
    ['a text that is not UTF-8', 'Notas.txt', Buffer.from([0x41, 0xc3, 0x28, 0x41]), 415, TYPE_NOT_ALLOWED],
    ['a web page renamed .txt', 'Notas.txt', Buffer.from('<html><script>alert(1)</script></html>'), 415, TYPE_NOT_ALLOWED],
    ['an empty file', 'Vacio.odt', Buffer.alloc(0), 400, EMPTY_FILE],
  ])('%s', async (_what, name, content, status, message) => {
    await expectRefused([profile(), file(name, content)], status, message);
  });

  it('two files in one upload', async () => {
    await expectRefused([profile(), file('Uno.pdf', SAMPLES.pdf), file('Dos.pdf', SAMPLES.pdf)], 413, TOO_MANY);
  });

  it('a file one byte over 50 MB (52428800 bytes)', async () => {
    expect(UPLOAD_MAX_BYTES).toBe(MAX_UPLOAD_BYTES);
    const big = Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0x61);
    big.write('%PDF-1.4\n', 0, 'latin1');
    await expectRefused([profile(), file('Grande.pdf', big)], 413, TOO_LARGE);
    const text = Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0x61);
    text.write('Año', MAX_UPLOAD_BYTES - 1, 'utf8');
    await expectRefused([profile(), file('Grande.txt', text)], 413, TOO_LARGE);
  });
});
