/**
 * Publishing a form to a running portal (issue 26 §2): `forms:publish` over HTTP against a listening
 * server (lint and fixtures first, the changes in Spanish, an administrator with their second factor,
 * audited), and the route's own refusals.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemasDir } from '@portal/form-engine/node';
import { SANDBOX_STAFF } from '../src/agencies/sandbox/sandboxData';
import { run } from '../src/cli/formsPublish';
import { buildTestApp, type TestApp } from './buildTestApp';
import { bearer, staffLogin, staffScopeOf } from './helpers';
import { nextStaffCode } from './staffCodes';
import { runPrinting } from './commandOutput';

const ADMIN = SANDBOX_STAFF.find((s) => s.role === 'administrador')!;
const OFFICER = SANDBOX_STAFF.find((s) => s.institution === 'VUF')!;

let t: TestApp;
let adminToken: string;
let portal: string;
let work: string;

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  portal = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  work = mkdtempSync(join(tmpdir(), 'portal-publish-'));
  adminToken = await staffLogin(t.app, ADMIN);
});
afterAll(async () => {
  rmSync(work, { recursive: true, force: true });
  await t.close();
});

/** A copy of a form folder to edit, as an analyst would. */
function copyForm(form: string): { dir: string; edit(change: (schema: any) => void): void } {
  const dir = join(work, `${form}-${Math.random().toString(36).slice(2, 8)}`, form);
  cpSync(join(schemasDir(), form), dir, { recursive: true });
  const file = join(dir, 'schema.json');
  return {
    dir,
    edit(change) {
      const schema = JSON.parse(readFileSync(file, 'utf8'));
      change(schema);
      writeFileSync(file, JSON.stringify(schema, null, 2));
    },
  };
}

/** Runs the command as a terminal would, capturing what it prints. */
async function publish(dir: string, extra: string[] = [], account: { email: string; password: string } | null = ADMIN) {
  // The code is taken from the member's app only when the command will sign in (each code opens one sign-in).
  const code = account ? (await nextStaffCode(staffScopeOf(t.app), account.email)).code : '000000';
  const email = account?.email ?? ADMIN.email;
  const password = account?.password ?? ADMIN.password;
  return runPrinting(() => run([dir, '--portal', portal, '--correo', email, '--codigo', code, '--si', ...extra], { FORMS_PUBLISH_PASSWORD: password }));
}

const current = async (form: string) => (await t.app.inject({ method: 'GET', url: `/v1/forms/${form}` })).json().data;

describe('npm run forms:publish', () => {
  it('prints the changes in Spanish, publishes as the administrator (audited), and the portal serves the new version at once', async () => {
    const before = await current('reclamacion-factura-inapa');
    const copy = copyForm('reclamacion-factura-inapa');
    copy.edit((s) => {
      const [section] = Object.keys(s.properties);
      s.properties[section].description = 'Escriba los datos tal como aparecen en su factura.';
    });
    const { exit, out } = await publish(copy.dir, ['--nota', 'Ayuda de la primera sección']);
    expect(out, out).toContain('el formulario es válido y sus');
    expect(out).toContain(`Cambios respecto de la versión ${before.version} publicada:`);
    expect(out).toMatch(/- Cambió la ayuda de «.+»/);
    expect(out).toContain(`Publicada la versión ${before.version + 1} de reclamacion-factura-inapa`);
    expect(exit).toBe(0);
    const now = await current('reclamacion-factura-inapa');
    expect(now.version).toBe(before.version + 1);
    expect(now.note).toBe('Ayuda de la primera sección');

    // The administrators' list shows who published it, the note and the changes; the audit has the row.
    const token = adminToken;
    const versions = (await t.app.inject({ method: 'GET', url: '/v1/backoffice/forms/reclamacion-factura-inapa/versions', headers: bearer(token) })).json().data;
    expect(versions[0]).toMatchObject({ version: before.version + 1, note: 'Ayuda de la primera sección', published_by: ADMIN.name });
    expect(versions[0].changes[0]).toMatch(/^Cambió la ayuda de «/);
    expect(versions.at(-1).published_by).toBeNull();
    const audit = (await t.app.inject({ method: 'GET', url: '/v1/backoffice/audit?action=publicar_formulario', headers: bearer(token) })).json();
    expect(JSON.stringify(audit)).toContain('Ayuda de la primera sección');

    // The same file again: nothing to publish.
    const again = await publish(copy.dir, ['--nota', 'otra vez'], null);
    expect(again.out).toContain('ya es este archivo: no hay nada que publicar');
    expect((await current('reclamacion-factura-inapa')).version).toBe(before.version + 1);
  });

  it('refuses a form whose lint or fixtures fail, saying where, and publishes nothing', async () => {
    const before = await current('certificado-no-antecedentes');
    const broken = copyForm('certificado-no-antecedentes');
    broken.edit((s) => {
      const [section] = Object.keys(s.properties);
      const [field] = Object.keys(s.properties[section].properties);
      s.properties[section].properties[field]['x-visible'] = { var: 'no.existe' };
    });
    const lint = await publish(broken.dir, ['--nota', 'roto'], null);
    expect(lint.exit).toBe(1);
    expect(lint.out).toContain('No se publica certificado-no-antecedentes');
    expect(lint.out).toMatch(/schema\.json#\/properties\/.+: /);

    const fixtures = copyForm('certificado-no-antecedentes');
    fixtures.edit((s) => {
      const [section] = Object.keys(s.properties);
      s.properties[section].properties.campo_que_ningun_ejemplo_tiene = { type: 'string', title: 'Campo nuevo', 'x-required': true };
    });
    const failed = await publish(fixtures.dir, ['--nota', 'sin ejemplos'], null);
    expect(failed.exit).toBe(1);
    expect(failed.out).toMatch(/fixtures\/valid\/.+\.json: debía ser válida y da/);

    const unparsable = copyForm('certificado-no-antecedentes');
    writeFileSync(join(unparsable.dir, 'schema.json'), '{\n  "type": "object",\n  "properties": {,\n}');
    const parse = await publish(unparsable.dir, ['--nota', 'roto'], null);
    expect(parse.out).toMatch(/schema\.json:3:\d+: el archivo no es JSON válido/);
    expect((await current('certificado-no-antecedentes')).version).toBe(before.version);
  });

  it('an officer, a stale base version, a form that does not lint or a malformed body cannot publish', async () => {
    const copy = copyForm('renovacion-licencia-conducir');
    copy.edit((s) => {
      s.title = `${s.title} (revisado)`;
    });
    const officer = await publish(copy.dir, ['--nota', 'intento'], OFFICER);
    expect(officer.exit).toBe(1);
    expect(officer.out).toContain('Solo un administrador o un analista puede publicar formularios');

    const token = adminToken;
    const live = await current('renovacion-licencia-conducir');
    const stale = await t.app.inject({
      method: 'POST', url: '/v1/backoffice/forms/renovacion-licencia-conducir/versions', headers: bearer(token),
      payload: { schema: live.schema, note: 'base vieja', base_version: live.version - 1 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/^Se publicó otra versión de este formulario mientras tanto/);

    const officerToken = await staffLogin(t.app, OFFICER);
    const forbidden = await t.app.inject({
      method: 'POST', url: '/v1/backoffice/forms/renovacion-licencia-conducir/versions', headers: bearer(officerToken),
      payload: { schema: live.schema, note: 'oficial', base_version: live.version },
    });
    expect(forbidden.statusCode).toBe(403);

    const badLint = await t.app.inject({
      method: 'POST', url: '/v1/backoffice/forms/renovacion-licencia-conducir/versions', headers: bearer(token),
      payload: { schema: { type: 'object', properties: { x: { type: 'string', 'x-visible': { var: 'nada' } } } }, note: 'malo', base_version: live.version },
    });
    expect(badLint.statusCode).toBe(422);
    expect(badLint.json().errors.length).toBeGreaterThan(0);
    for (const payload of [{}, { schema: [], note: 'x', base_version: 1 }, { schema: {}, note: '', base_version: 1 }, { schema: {}, note: 'x', base_version: -1 }]) {
      const res = await t.app.inject({ method: 'POST', url: '/v1/backoffice/forms/renovacion-licencia-conducir/versions', headers: bearer(token), payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await current('renovacion-licencia-conducir')).version).toBe(live.version);

    // A form built into the portal (the profile) is changed by a release, never published.
    const builtIn = await t.app.inject({
      method: 'POST', url: '/v1/backoffice/forms/perfil/versions', headers: bearer(token),
      payload: { schema: live.schema, note: 'perfil', base_version: 0 },
    });
    expect(builtIn.statusCode).toBe(409);
    expect(builtIn.json().message).toMatch(/^Este formulario viene con el portal/);
    expect((await t.app.inject({ method: 'GET', url: '/v1/forms/perfil' })).statusCode).toBe(404);
  });
});
