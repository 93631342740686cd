/**
 * Per-citizen upload quotas (bytes and documents): sequential and parallel
 * uploads over a small configured quota never exceed it, an over-quota file
 * is refused with a Spanish 413, and no refused file stays on disk.
 */
import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_JCE_CITIZENS } from '../src/agencies/sandbox/sandboxData';
import { ConfigError, loadConfig } from '../src/config';
import { buildTestApp, type TestApp } from './buildTestApp';
import { bearer, login, multipart, register, SAMPLE_FILES } from './helpers';

const PASSWORD = 'Clave-de-Prueba-Segura-7';
const QUOTA_BYTES = 10 * 1024;
const QUOTA_FILES = 5;
const BYTES_MESSAGE = 'Ha alcanzado el espacio máximo para sus documentos (10 KB); elimine documentos que ya no necesite';
const FILES_MESSAGE = 'Ha alcanzado el número máximo de documentos (5); elimine documentos que ya no necesite';

/** A PNG of exactly `size` bytes. */
const png = (size: number) => Buffer.concat([SAMPLE_FILES.png.subarray(0, 8), Buffer.alloc(size - 8, 7)]);

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ uploadQuotaBytes: QUOTA_BYTES, uploadQuotaFiles: QUOTA_FILES });
});
afterAll(() => t.close());

/** A new citizen of its own (each test starts from an empty quota). */
async function newCitizen(index: number): Promise<{ id: number; token: string }> {
  const { cedula } = SANDBOX_JCE_CITIZENS[index];
  const id = await register(t.app, cedula, PASSWORD);
  return { id, token: await login(t.app, cedula, PASSWORD) };
}

function upload(citizen: { id: number; token: string }, content: Buffer) {
  const body = multipart([
    { name: 'citizen_profile_id', value: String(citizen.id) },
    { name: 'file', filename: 'Foto.png', value: content },
  ]);
  return t.app.inject({ method: 'POST', url: '/v1/portals/documents', payload: body.payload, headers: { ...body.headers, ...bearer(citizen.token) } });
}

async function usage(citizenId: number): Promise<{ bytes: number; files: number }> {
  const { rows } = await t.app.db.query<{ bytes: number; files: number }>(
    'SELECT coalesce(sum(size), 0)::float8 AS bytes, count(*)::int AS files FROM documents WHERE citizen_id = $1',
    [citizenId],
  );
  return rows[0];
}

/** Every file in the folder belongs to a documents row: refused uploads left nothing. */
async function expectFolderMatchesRows() {
  const { rows } = await t.app.db.query<{ stored_name: string }>('SELECT stored_name FROM documents');
  expect((await readdir(t.config.uploadDir)).sort()).toEqual(rows.map((row) => row.stored_name).sort());
}

describe('byte quota', () => {
  it('sequential uploads stop at the quota; a file that would overflow it is refused with 413', async () => {
    const citizen = await newCitizen(2);
    for (let i = 0; i < 3; i++) expect((await upload(citizen, png(3000))).statusCode).toBe(201);
    const over = await upload(citizen, png(3000));
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({ message: BYTES_MESSAGE });
    // What still fits is accepted: exactly up to the quota.
    expect((await upload(citizen, png(QUOTA_BYTES - 9000))).statusCode).toBe(201);
    expect(await usage(citizen.id)).toEqual({ bytes: QUOTA_BYTES, files: 4 });
    const full = await upload(citizen, png(10));
    expect(full.statusCode).toBe(413);
    expect(full.json()).toEqual({ message: BYTES_MESSAGE });
    await expectFolderMatchesRows();
  });

  it('a file far larger than the rest of the quota is cut while streaming', async () => {
    const citizen = await newCitizen(3);
    const res = await upload(citizen, png(5 * 1024 * 1024));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: BYTES_MESSAGE });
    expect(await usage(citizen.id)).toEqual({ bytes: 0, files: 0 });
    await expectFolderMatchesRows();
  });

  it('parallel uploads by one citizen never exceed it together', async () => {
    const citizen = await newCitizen(4);
    const results = await Promise.all(Array.from({ length: 8 }, () => upload(citizen, png(3000))));
    const codes = results.map((res) => res.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 413, 413, 413, 413, 413]);
    for (const res of results) if (res.statusCode === 413) expect(res.json()).toEqual({ message: BYTES_MESSAGE });
    expect(await usage(citizen.id)).toEqual({ bytes: 9000, files: 3 });
    await expectFolderMatchesRows();
  });
});

describe('document count quota', () => {
  it('sequential uploads stop at the count with 413', async () => {
    const citizen = await newCitizen(5);
    for (let i = 0; i < QUOTA_FILES; i++) expect((await upload(citizen, png(100))).statusCode).toBe(201);
    const over = await upload(citizen, png(100));
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({ message: FILES_MESSAGE });
    expect(await usage(citizen.id)).toEqual({ bytes: 500, files: QUOTA_FILES });
    await expectFolderMatchesRows();
  });

  it('parallel uploads by one citizen never exceed it together', async () => {
    const citizen = await newCitizen(6);
    const results = await Promise.all(Array.from({ length: 9 }, () => upload(citizen, png(100))));
    expect(results.filter((res) => res.statusCode === 201)).toHaveLength(QUOTA_FILES);
    for (const res of results) if (res.statusCode !== 201) expect([res.statusCode, res.json()]).toEqual([413, { message: FILES_MESSAGE }]);
    expect(await usage(citizen.id)).toEqual({ bytes: 500, files: QUOTA_FILES });
    await expectFolderMatchesRows();
  });

  it('one citizen’s full quota does not limit another', async () => {
    const other = await newCitizen(7);
    expect((await upload(other, png(3000))).statusCode).toBe(201);
  });
});

describe('configuration', () => {
  it('defaults to 500 MB and 200 documents per citizen', () => {
    expect(loadConfig({})).toMatchObject({ uploadQuotaBytes: 524_288_000, uploadQuotaFiles: 200 });
    expect(loadConfig({ UPLOAD_QUOTA_BYTES: '1048576', UPLOAD_QUOTA_FILES: '20' })).toMatchObject({ uploadQuotaBytes: 1_048_576, uploadQuotaFiles: 20 });
  });

  it.each([
    ['UPLOAD_QUOTA_BYTES', 'mucho'],
    ['UPLOAD_QUOTA_BYTES', '0'],
    ['UPLOAD_QUOTA_BYTES', '-5'],
    ['UPLOAD_QUOTA_FILES', '2.5'],
    ['UPLOAD_QUOTA_FILES', '0'],
  ])('%s=%s stops the start with a Spanish message naming the variable', (variable, value) => {
    expect(() => loadConfig({ [variable]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [variable]: value })).toThrow(new RegExp(`^Configuración inválida: ${variable} debe ser un número entero`));
  });
});
