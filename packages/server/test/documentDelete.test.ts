/** DELETE /v1/portals/documents/:id: the owner frees quota; a submitted request keeps its documents. */
import { access, readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_JCE_CITIZENS } from '../src/agencies/sandbox/sandboxData';
import { loadForm } from '@portal/form-engine/node';
import { fileFields } from '../src/services/applications/onlineForms';
import { buildTestApp, type TestApp } from './buildTestApp';
import { bearer, login, multipart, register, SAMPLE_FILES } from './helpers';

let t: TestApp;
const owner = { id: 0, token: '' };
let stranger = '';

beforeAll(async () => {
  t = await buildTestApp();
  owner.id = await register(t.app, SANDBOX_JCE_CITIZENS[10].cedula, 'Clave-de-Prueba-Segura-7');
  owner.token = await login(t.app, SANDBOX_JCE_CITIZENS[10].cedula, 'Clave-de-Prueba-Segura-7');
  await register(t.app, SANDBOX_JCE_CITIZENS[11].cedula, 'Clave-de-Prueba-Segura-7');
  stranger = await login(t.app, SANDBOX_JCE_CITIZENS[11].cedula, 'Clave-de-Prueba-Segura-7');
});
afterAll(() => t.close());

async function upload(): Promise<number> {
  const body = multipart([
    { name: 'citizen_profile_id', value: String(owner.id) },
    { name: 'file', filename: 'Estatutos.pdf', value: SAMPLE_FILES.pdf, contentType: 'application/pdf' },
  ]);
  const res = await t.app.inject({ method: 'POST', url: '/v1/portals/documents', payload: body.payload, headers: { ...body.headers, ...bearer(owner.token) } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { id: number } }>().data.id;
}

const remove = (id: number | string, token: string | null) =>
  t.app.inject({ method: 'DELETE', url: `/v1/portals/documents/${id}`, headers: token ? bearer(token) : {} });
const storedName = async (id: number) =>
  (await t.app.db.query<{ stored_name: string }>('SELECT stored_name FROM documents WHERE id = $1', [id])).rows[0]?.stored_name;

describe('DELETE /v1/portals/documents/:id', () => {
  it('removes the owner\'s document, its row and its file', async () => {
    const id = await upload();
    const file = path.join(t.config.uploadDir, (await storedName(id))!);
    await access(file);
    const res = await remove(id, owner.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Documento eliminado' });
    expect(await storedName(id)).toBeUndefined();
    await expect(access(file)).rejects.toThrow();
    expect((await remove(id, owner.token)).statusCode).toBe(404);
  });

  it('answers 404 for someone else\'s document and 401 without a session, changing nothing', async () => {
    const id = await upload();
    const before = await readdir(t.config.uploadDir);
    expect((await remove(id, stranger)).statusCode).toBe(404);
    expect((await remove(id, null)).statusCode).toBe(401);
    expect(await storedName(id)).toBeDefined();
    expect(await readdir(t.config.uploadDir)).toEqual(before);
  });

  it('refuses with 409 a document cited by a submitted request; a draft does not hold it', async () => {
    const id = await upload();
    const [section, field] = fileFields(loadForm('formalizacion')).find((f) => !f.includes('*'))!.split('.');
    const data = JSON.stringify({ [section]: { [field]: id } });
    await t.app.db.query(`INSERT INTO applications (citizen_id, data, status, request_code, submitted_at) VALUES ($1, $2::jsonb, 'enviada', 'VUF-2026-990001', now())`, [owner.id, data]);
    const res = await remove(id, owner.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('El documento forma parte de una solicitud enviada y no se puede eliminar');
    expect(await storedName(id)).toBeDefined();

    const other = await upload();
    await t.app.db.query(`INSERT INTO applications (citizen_id, data) VALUES ($1, $2::jsonb)`, [owner.id, JSON.stringify({ [section]: { [field]: other } })]);
    expect((await remove(other, owner.token)).statusCode).toBe(200);
  });

  it.each(['abc', '1.5', '-1', '99999999999'])('refuses the id %s with 400', async (id) => {
    expect((await remove(id, owner.token)).statusCode).toBe(400);
  });
});
