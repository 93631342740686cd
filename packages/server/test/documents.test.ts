import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_JCE_CITIZENS } from '../src/agencies/sandbox/sandboxData';
import { buildTestApp, type TestApp } from './buildTestApp';
import { bearer, login, multipart, register, SAMPLE_FILES, type Part } from './helpers';

let t: TestApp;
const a = { id: 0, token: '' };
const b = { id: 0, token: '' };

beforeAll(async () => {
  t = await buildTestApp();
  a.id = await register(t.app, SANDBOX_JCE_CITIZENS[8].cedula, 'Clave-de-Ana-1');
  a.token = await login(t.app, SANDBOX_JCE_CITIZENS[8].cedula, 'Clave-de-Ana-1');
  b.id = await register(t.app, SANDBOX_JCE_CITIZENS[9].cedula, 'Clave-de-Beto-1');
  b.token = await login(t.app, SANDBOX_JCE_CITIZENS[9].cedula, 'Clave-de-Beto-1');
});
afterAll(() => t.close());

const UPLOAD = '/v1/portals/documents';

function upload(app: FastifyInstance, token: string | null, parts: Part[]) {
  const body = multipart(parts);
  return app.inject({ method: 'POST', url: UPLOAD, payload: body.payload, headers: { ...body.headers, ...(token ? bearer(token) : {}) } });
}

const file = (filename: string, value: Buffer, contentType?: string): Part => ({ name: 'file', filename, value, contentType });
const profile = (id: number | string): Part => ({ name: 'citizen_profile_id', value: String(id) });

const storedFiles = () => readdir(t.config.uploadDir);
const documentCount = async () => (await t.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM documents')).rows[0].n;

/** Runs an attack and checks it changed nothing: no new file in UPLOAD_DIR, no new row. */
async function expectRejected(run: () => Promise<{ statusCode: number; json(): unknown }>, status: number, message: string) {
  const filesBefore = await storedFiles();
  const rowsBefore = await documentCount();
  const res = await run();
  expect(res.statusCode).toBe(status);
  expect(res.json()).toMatchObject({ message });
  expect(await storedFiles()).toEqual(filesBefore);
  expect(await documentCount()).toBe(rowsBefore);
}

describe('upload', () => {
  it.each([
    ['Acta constitutiva.pdf', SAMPLE_FILES.pdf, 'pdf'],
    ['Foto.png', SAMPLE_FILES.png, 'png'],
    ['Foto carnet.JPG', SAMPLE_FILES.jpeg, 'jpg'],
    ['Foto.jpeg', SAMPLE_FILES.jpeg, 'jpeg'],
    ['Plano local.dwg', SAMPLE_FILES.dwg, 'dwg'],
    ['Plano local.dxf', SAMPLE_FILES.dxf, 'dxf'],
    ['Peña Ñoño año.v2.pdf', SAMPLE_FILES.pdf, 'pdf'],
  ])('accepts %s', async (filename, content, extension) => {
    const res = await upload(t.app, a.token, [profile(a.id), file(filename, content)]);
    expect(res.statusCode, res.body).toBe(201);
    const { data } = res.json();
    expect(data).toEqual({
      id: expect.any(Number),
      name: filename.slice(0, filename.lastIndexOf('.')),
      extension,
      route: `/v1/portals/documents/${data.id}/download`,
      description: '',
      status: 'ok',
    });
    const { rows } = await t.app.db.query<{ stored_name: string }>('SELECT stored_name FROM documents WHERE id = $1', [data.id]);
    expect(rows[0].stored_name).toMatch(/^[0-9a-f-]{36}$/);
    expect(await readFile(path.join(t.config.uploadDir, rows[0].stored_name))).toEqual(content);
  });

  it('accepts citizen_profile_id after the file and keeps a description', async () => {
    const res = await upload(t.app, a.token, [file('Estatutos.pdf', SAMPLE_FILES.pdf), profile(a.id), { name: 'description', value: 'Estatutos sociales' }]);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.description).toBe('Estatutos sociales');
  });
});

describe('list and download', () => {
  it('lists only the session citizen’s documents', async () => {
    const mine = await upload(t.app, b.token, [profile(b.id), file('Cedula de Beto.pdf', SAMPLE_FILES.pdf)]);
    expect(mine.statusCode).toBe(201);
    const listA = (await t.app.inject({ method: 'GET', url: UPLOAD, headers: bearer(a.token) })).json().data as { id: number; route: string }[];
    const listB = (await t.app.inject({ method: 'GET', url: UPLOAD, headers: bearer(b.token) })).json().data as { id: number; name: string }[];
    expect(listB).toEqual([{ id: mine.json().data.id, name: 'Cedula de Beto', extension: 'pdf', route: mine.json().data.route, description: '' }]);
    expect(listA.length).toBeGreaterThan(1);
    expect(listA.map((d) => d.id)).not.toContain(mine.json().data.id);
    for (const d of listA) expect(d.route).toBe(`/v1/portals/documents/${d.id}/download`);
  });

  it('downloads as an attachment with nosniff and the stored type', async () => {
    const up = await upload(t.app, a.token, [profile(a.id), file('Plano Ñ.png', SAMPLE_FILES.png, 'text/html')]);
    const res = await t.app.inject({ method: 'GET', url: up.json().data.route, headers: bearer(a.token) });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(SAMPLE_FILES.png);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Plano N.png"; filename*=UTF-8''Plano%20%C3%91.png`);
  });

  it('answers 404 for someone else’s document, exactly like a missing one', async () => {
    const up = await upload(t.app, a.token, [profile(a.id), file('Privado.pdf', SAMPLE_FILES.pdf)]);
    const theirs = await t.app.inject({ method: 'GET', url: up.json().data.route, headers: bearer(b.token) });
    const missing = await t.app.inject({ method: 'GET', url: '/v1/portals/documents/999999/download', headers: bearer(b.token) });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).toBe(missing.body);
    expect(theirs.json()).toEqual({ message: 'Recurso no encontrado' });
  });

  it('rejects malformed ids and anonymous access', async () => {
    const bad = await t.app.inject({ method: 'GET', url: '/v1/portals/documents/abc/download', headers: bearer(a.token) });
    expect(bad.statusCode).toBe(400);
    for (const url of [UPLOAD, '/v1/portals/documents/1/download']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(401);
      expect(res.body).toBe('{"message":"Unauthenticated."}');
    }
  });
});

describe('ownership on upload', () => {
  it('refuses another citizen’s citizen_profile_id with 403, before or after the file', async () => {
    await expectRejected(() => upload(t.app, b.token, [profile(a.id), file('Intruso.pdf', SAMPLE_FILES.pdf)]), 403, 'No autorizado');
    await expectRejected(() => upload(t.app, b.token, [file('Intruso.pdf', SAMPLE_FILES.pdf), profile(a.id)]), 403, 'No autorizado');
    await expectRejected(() => upload(t.app, b.token, [file('Intruso.pdf', SAMPLE_FILES.pdf), profile('0')]), 403, 'No autorizado');
  });

  it('requires a session and a citizen_profile_id', async () => {
    await expectRejected(() => upload(t.app, null, [profile(a.id), file('x.pdf', SAMPLE_FILES.pdf)]), 401, 'Unauthenticated.');
    await expectRejected(() => upload(t.app, a.token, [file('x.pdf', SAMPLE_FILES.pdf)]), 400, 'Datos inválidos');
  });
});

describe('upload attacks leave nothing behind', () => {
  const polyglot = Buffer.concat([SAMPLE_FILES.png, Buffer.from('<html><script>alert(document.cookie)</script></html>')]);
  const pdfJs = Buffer.from('%PDF-1.4\n<!DOCTYPE html><html><body onload="alert(1)"></body></html>');

  it.each([
    ['a PDF renamed .png', 'Factura.png', SAMPLE_FILES.pdf, 415, 'Tipo de archivo no permitido'],
    ['a PNG renamed .pdf', 'Factura.pdf', SAMPLE_FILES.png, 415, 'Tipo de archivo no permitido'],
    ['wrong magic bytes', 'Documento.pdf', Buffer.from('hola, no soy un PDF'), 415, 'Tipo de archivo no permitido'],
    ['an executable', 'Documento.pdf', Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), 415, 'Tipo de archivo no permitido'],
    ['a PNG/HTML polyglot', 'Imagen.png', polyglot, 415, 'Tipo de archivo no permitido'],
    ['a PDF/HTML polyglot', 'Contrato.pdf', pdfJs, 415, 'Tipo de archivo no permitido'],
    ['a disallowed extension', 'pagina.html', Buffer.from('<html></html>'), 415, 'Tipo de archivo no permitido'],
    ['an SVG', 'logo.svg', Buffer.from('<svg onload="alert(1)"/>'), 415, 'Tipo de archivo no permitido'],
    ['no extension', 'Documento', SAMPLE_FILES.pdf, 415, 'Tipo de archivo no permitido'],
    ['path traversal', '../../etc/passwd', Buffer.from('root:x:0:0'), 400, 'Nombre de archivo inválido'],
    ['path traversal with a good extension', '../../../tmp/x.pdf', SAMPLE_FILES.pdf, 400, 'Nombre de archivo inválido'],
    ['windows path', '..\\..\\x.pdf', SAMPLE_FILES.pdf, 400, 'Nombre de archivo inválido'],
    ['special characters', 'Cédula$.pdf', SAMPLE_FILES.pdf, 400, 'Nombre de archivo inválido'],
    ['a double extension with a dash', 'x.php-.pdf', SAMPLE_FILES.pdf, 400, 'Nombre de archivo inválido'],
    ['an empty file', 'Vacio.pdf', Buffer.alloc(0), 400, 'El archivo está vacío'],
  ])('%s', async (_label, filename, content, status, message) => {
    await expectRejected(() => upload(t.app, a.token, [profile(a.id), file(filename, content)]), status, message);
    // Not even an empty file: the refused upload's file is removed after its stream has closed it.
    const { rows } = await t.app.db.query<{ stored_name: string }>('SELECT stored_name FROM documents');
    expect((await storedFiles()).sort()).toEqual(rows.map((r) => r.stored_name).sort());
  });

  it('no file at all', async () => {
    await expectRejected(() => upload(t.app, a.token, [profile(a.id)]), 400, 'Debe seleccionar almenos un archivo para continuar');
  });

  it('two files', async () => {
    const res = await upload(t.app, a.token, [profile(a.id), file('Uno.pdf', SAMPLE_FILES.pdf), file('Dos.pdf', SAMPLE_FILES.pdf)]);
    expect([400, 413]).toContain(res.statusCode);
    const files = await storedFiles();
    const { rows } = await t.app.db.query<{ stored_name: string }>('SELECT stored_name FROM documents');
    expect(files.sort()).toEqual(rows.map((r) => r.stored_name).sort());
  });

  it('a JSON body or a broken multipart body', async () => {
    await expectRejected(
      () => t.app.inject({ method: 'POST', url: UPLOAD, headers: bearer(a.token), payload: { file: 'x', citizen_profile_id: a.id } }),
      415,
      'Se esperaba un formulario multipart',
    );
    await expectRejected(
      () =>
        t.app.inject({
          method: 'POST',
          url: UPLOAD,
          headers: { ...bearer(a.token), 'content-type': 'multipart/form-data; boundary=xyz' },
          payload: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-trunc',
        }),
      400,
      'Formulario inválido',
    );
  });

  it('a file over 50 MB is cut while streaming with 413 and deleted', async () => {
    const big = Buffer.alloc(50 * 1024 * 1024 + 1, 0x20);
    SAMPLE_FILES.pdf.copy(big);
    await expectRejected(() => upload(t.app, a.token, [profile(a.id), file('Enorme.pdf', big)]), 413, 'El archivo excede el tamaño máximo de 50 MB');
  });

  it('accepts exactly 50 MB', async () => {
    const max = Buffer.alloc(50 * 1024 * 1024, 0x20);
    SAMPLE_FILES.pdf.copy(max);
    const res = await upload(t.app, a.token, [profile(a.id), file('Limite.pdf', max)]);
    expect(res.statusCode).toBe(201);
  });
});
