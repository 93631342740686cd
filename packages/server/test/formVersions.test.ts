/** Versioned forms (issue 26 §1): published versions, drafts moved with a notice, requests read through their own version forever. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { check, structuralFingerprint, type FormSchema, type registerPrecompiledValidators } from '@portal/form-engine';
import { installPublishedFormRuntime } from '@portal/form-engine/standalone';
import { loadForm, schemasDir } from '@portal/form-engine/node';
import { buildTestApp, type TestApp } from './buildTestApp';
import { bearer, DEMO, login } from './helpers';
import { citizenIdOf, submitFormalization, uploadPdf } from './paymentFixtures';
import { submittableSrl } from './applicationData';
import { currentFormVersion, forgetCurrentVersions, formHash, formVersion, publishFormVersion, publishShippedForms } from '../src/services/forms/formVersions';

let t: TestApp;
let token: string;
let doc: number;

beforeAll(async () => {
  t = await buildTestApp();
  token = await login(t.app, DEMO.cedula, DEMO.password);
  doc = await uploadPdf(t, token, await citizenIdOf(t, token));
});
afterAll(() => t.close());

const FIXTURES = join(schemasDir(), 'reclamacion-factura-inapa', 'fixtures');
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const shipped = () => structuredClone(loadForm('formalizacion')) as FormSchema & { properties: Record<string, any> };

/** The formalization with the minimum share capital raised to `minimum` (the rule change). */
function withMinimumCapital(minimum: number, label?: string) {
  const schema = shipped();
  const capital = schema.properties.datos_financieros.properties.capital_aportado_capital_social;
  capital.minimum = minimum;
  capital['x-messages'].minimum = `El capital social mínimo es RD$ ${minimum.toLocaleString('en-US')}`;
  if (label) capital.title = label;
  return schema;
}

const publish = async (schema: FormSchema, note: string) => (await publishFormVersion(t.app.db, { form: 'formalizacion', schema, note, staffId: null }))!;

describe('published versions', () => {
  it('a fresh server has version 1 of every shipped form, with the file exactly (properties in order) and its hash', async () => {
    const res = await get('/v1/forms/formalizacion');
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.version).toBeGreaterThanOrEqual(1);
    const first = (await get('/v1/forms/formalizacion/versions/1')).json().data;
    expect(JSON.stringify(first.schema)).toBe(JSON.stringify(loadForm('formalizacion')));
    expect(first.hash).toBe(formHash(loadForm('formalizacion')));
    expect((await get('/v1/forms/formalizacion/versions/1')).headers['cache-control']).toContain('immutable');
    for (const form of ['certificado-no-antecedentes', 'reclamacion-factura-inapa', 'renovacion-licencia-conducir']) {
      expect((await get(`/v1/forms/${form}`)).statusCode).toBe(200);
    }
  });

  it('a restart with the same files publishes nothing; the validators module gives the engine verdict', async () => {
    expect(await publishShippedForms(t.app.db)).toEqual([]);
    const { data } = (await get('/v1/forms/reclamacion-factura-inapa')).json();
    const res = await get(data.validators_url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toContain('immutable');
    // Run as the browser runs it: an ES module taking the engine's formats from the global the app installs.
    installPublishedFormRuntime();
    const module = (await import(`data:text/javascript;base64,${Buffer.from(res.body).toString('base64')}`)) as { validators: Parameters<typeof registerPrecompiledValidators>[0] };
    const [entry] = Object.values(module.validators);
    expect(entry.fingerprint).toBe(structuralFingerprint(data.schema));
    for (const file of readdirSync(join(FIXTURES, 'valid'))) {
      expect(entry.validate((JSON.parse(readFileSync(join(FIXTURES, 'valid', file), 'utf8')) as { data: unknown }).data), file).toBe(true);
    }
    expect(entry.validate('no es un objeto')).toBe(false);
  });

  it('a version and its validators go compressed to a browser that accepts it (Brotli, else gzip), the same bytes once decoded', async () => {
    const plain = await get('/v1/forms/formalizacion');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const br = await get('/v1/forms/formalizacion', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await get('/v1/forms/formalizacion/versions/1', { 'accept-encoding': 'gzip;q=1, br;q=0' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual((await get('/v1/forms/formalizacion/versions/1')).json());
    const { data } = plain.json();
    const js = await get(data.validators_url, { 'accept-encoding': 'br' });
    expect(js.headers['content-encoding']).toBe('br');
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(brotliDecompressSync(js.rawPayload).toString()).toBe((await get(data.validators_url)).body);
    expect((await get('/v1/forms/formalizacion', { 'accept-encoding': 'identity' })).headers['content-encoding']).toBeUndefined();
  });

  it('a citizen\'s draft and lists of applications go compressed too, with exactly the fields of their response schemas', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/v1/portals/formalizaciones', headers: bearer(token), payload: { data: submittableSrl(doc) } });
    const url = `/v1/portals/formalizaciones/${created.json().data.id}`;
    const plain = await get(url, bearer(token));
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const gz = await get(url, { ...bearer(token), 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(gz.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    // Without a session: refused, compressed or not.
    expect((await get(url, { 'accept-encoding': 'gzip' })).statusCode).toBe(401);
    // The lists carry each application's answers: compressed the same way, the same bytes once decoded.
    for (const list of ['/v1/portals/solicitudes-en-linea', '/v1/portals/formalizaciones']) {
      const whole = await get(list, bearer(token));
      const packed = await get(list, { ...bearer(token), 'accept-encoding': 'br' });
      expect(packed.headers['content-encoding'], list).toBe('br');
      expect(brotliDecompressSync(packed.rawPayload).toString(), list).toBe(whole.body);
      expect(whole.json().data.some((a: { id: number }) => a.id === created.json().data.id), list).toBe(true);
    }
  });

  it('asking the database again for the current version gives the same schema object (the engine compiles each object once)', async () => {
    const first = await currentFormVersion(t.app.db, 'certificado-no-antecedentes');
    forgetCurrentVersions(t.app.db);
    const again = await currentFormVersion(t.app.db, 'certificado-no-antecedentes');
    expect(again).toBe(first);
    expect(await formVersion(t.app.db, 'certificado-no-antecedentes', first!.version)).toBe(first);
  });

  it('bad addresses: a Spanish 400 or 404, never a 5xx', async () => {
    expect((await get('/v1/forms/no-existe')).json()).toEqual({ message: 'Formulario no encontrado' });
    expect((await get('/v1/forms/formalizacion/versions/999')).statusCode).toBe(404);
    expect((await get(`/v1/forms/formalizacion/validators/${'0'.repeat(64)}.js`)).statusCode).toBe(404);
    for (const url of ['/v1/forms/..%2Fetc', '/v1/forms/formalizacion/versions/0', '/v1/forms/formalizacion/validators/x.js', '/v1/forms/FORM']) {
      const res = await get(url);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
    }
  });
});

describe('a rule changed while citizens are filling and after they submitted', () => {
  it('the old request keeps its version; the draft moves with a notice; submit is checked against the new rule', async () => {
    const before = (await get('/v1/forms/formalizacion')).json().data.version as number;
    // A request submitted before the change, and a draft with 150,000 of capital, both on the current version.
    const { id: requestId } = await submitFormalization(t, token, doc);
    const data = submittableSrl(doc);
    data.datos_solicitud.tienes_nombre_comercial = false;
    data.datos_solicitud['nombre_de_la_empresa_o_razón_social'] = `Versiones de Prueba ${process.pid} SRL`;
    delete data.datos_solicitud.numero_del_certificado_de_nombre_comercial;
    delete data.documentos_requeridos.certificado_de_nombre_comercial;
    data.datos_financieros.capital_aportado_capital_social = 150000;
    const created = await t.app.inject({ method: 'POST', url: '/v1/portals/formalizaciones', headers: bearer(token), payload: { data } });
    expect(created.statusCode, created.body).toBe(201);
    const draft = created.json().data;
    expect(draft.form_version).toBe(before);
    expect(draft.moved_from_version).toBeNull();

    const { version, created: isNew } = await publish(withMinimumCapital(200000, 'Capital social suscrito'), 'Capital mínimo RD$ 200,000');
    expect(isNew).toBe(true);
    expect(version.version).toBe(before + 1);
    expect((await get('/v1/forms/formalizacion')).json().data.version).toBe(before + 1);

    // Submitting the draft still on the old version: refused, nothing changes.
    const early = await t.app.inject({ method: 'POST', url: `/v1/portals/formalizaciones/${draft.id}/submit`, headers: bearer(token) });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/^El formulario de este servicio cambió/);

    // Opening it moves it, keeps every answer, and says where it came from until the next save.
    const opened = (await t.app.inject({ method: 'GET', url: `/v1/portals/formalizaciones/${draft.id}`, headers: bearer(token) })).json().data;
    expect(opened.form_version).toBe(before + 1);
    expect(opened.moved_from_version).toBe(before);
    expect(opened.data).toEqual(draft.data);
    const again = (await t.app.inject({ method: 'GET', url: `/v1/portals/formalizaciones/${draft.id}`, headers: bearer(token) })).json().data;
    expect(again.moved_from_version).toBe(before);

    // The server refuses 150,000 with the new rule's message.
    const refused = await t.app.inject({ method: 'POST', url: `/v1/portals/formalizaciones/${draft.id}/submit`, headers: bearer(token) });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toContainEqual({ path: 'datos_financieros.capital_aportado_capital_social', message: 'El capital social mínimo es RD$ 200,000' });
    const current = (await get('/v1/forms/formalizacion')).json().data.schema;
    expect(check(current, opened.data).errors).toContainEqual({ path: 'datos_financieros.capital_aportado_capital_social', message: 'El capital social mínimo es RD$ 200,000' });

    const fixed = { ...opened.data, datos_financieros: { ...opened.data.datos_financieros, capital_aportado_capital_social: 250000 } };
    const saved = await t.app.inject({ method: 'PUT', url: `/v1/portals/formalizaciones/${draft.id}`, headers: bearer(token), payload: { data: fixed, version: again.version } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.moved_from_version).toBeNull();
    const sent = await t.app.inject({ method: 'POST', url: `/v1/portals/formalizaciones/${draft.id}/submit`, headers: bearer(token) });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data.form_version).toBe(before + 1);

    // The request submitted before the change is still read through its own version, labels included.
    const old = (await t.app.inject({ method: 'GET', url: `/v1/portals/requests/${requestId}`, headers: bearer(token) })).json().data;
    expect(old.form_version ?? old.request?.form_version).toBe(before);
    const itsForm = (await get(`/v1/forms/formalizacion/versions/${before}`)).json().data.schema;
    expect(itsForm.properties.datos_financieros.properties.capital_aportado_capital_social.title).toBe('Capital aportado / Capital social');

    // Publishing the earlier file again is the rollback: a new number, the old hash.
    const rollback = await publish(loadForm('formalizacion'), 'Vuelve la regla anterior');
    expect(rollback.version.version).toBe(before + 2);
    expect(rollback.version.hash).toBe(formHash(loadForm('formalizacion')));
  });
});
