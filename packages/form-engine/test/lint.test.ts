/** The analyst tooling: schemas:check catches broken rules, schemas:docs is up to date, the CLI keeps its contract. */
import { describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { lintForm } from '../src/lint/lintForm';
import { writeFormDocs } from '../src/node/writeFormDocs';
import { listForms } from '../src/node/loadForm';
import { fixture, form, withChanges } from './forms';
import type { FormSchema } from '../src/types';

const BIN = resolve(__dirname, '../bin/form-engine.mjs');

describe('lintForm', () => {
  it.each(listForms())('the committed form %s has no problems', (name) => {
    expect(lintForm(form(name))).toEqual([]);
  });

  const broken = (changes: Record<string, unknown>): FormSchema => withChanges(form('formalizacion'), changes) as unknown as FormSchema;
  const P = 'properties.informacion_empresarial.properties';

  it('catches a rule that names a field that does not exist, with its JSON pointer', () => {
    const issues = lintForm(broken({ [`${P}.duracion_empresa_anos.x-visible`]: { '==': [{ var: 'informacion_empresarial.duracion_empresaa' }, 'definida'] } }));
    expect(issues).toEqual([{
      pointer: '/properties/informacion_empresarial/properties/duracion_empresa_anos/x-visible',
      message: 'la variable "informacion_empresarial.duracion_empresaa" no es un campo del formulario',
    }]);
  });

  it('catches unknown operators, misspelt keywords, fila outside a grid and bad URL placeholders', () => {
    const issues = lintForm(broken({
      [`${P}.sucursales.x-visible`]: { method: [{ var: 'informacion_empresarial.tiene_empleados' }, 'toString'] },
      [`${P}.tiene_empleados.x-required`]: { '==': [{ var: 'fila.x' }, 1] },
      'properties.datos_empresa.properties.municipio.x-source.url': '/v1/region/municipios?provinciaId={datos_empresa.provinciaa}',
    }));
    expect(issues.map((i) => i.message)).toEqual(expect.arrayContaining([
      'operador desconocido "method"',
      'la variable "fila.x" usa fila. fuera de una cuadrícula',
      'la URL usa {datos_empresa.provinciaa}, que no es un campo del formulario',
    ]));
    const typo = lintForm(broken({ [`${P}.sucursales.x-visble`]: true }));
    expect(typo).toEqual([{ pointer: '/properties/informacion_empresarial/properties/sucursales', message: 'palabra clave desconocida "x-visble"' }]);
  });

  it('catches cycles among computed and visibility rules', () => {
    const issues = lintForm(broken({
      'properties.datos_financieros.properties.total_cuota.x-compute': { '+': [{ var: 'datos_financieros.costo_por_cuotas' }, 1] },
    }));
    expect(issues).toHaveLength(1);
    expect(issues[0].message).toMatch(/^ciclo entre reglas de visibilidad o campos calculados: .*datos_financieros\.total_cuota/);
  });

  it('catches a structural schema AJV cannot compile', () => {
    const issues = lintForm(broken({ [`${P}.fecha_estatutos.pattern`]: '([' }));
    expect(issues[0].message).toMatch(/^el esquema no se puede compilar/);
  });
});

describe('schemas:docs', () => {
  it('docs/forms is up to date with the schemas', () => {
    expect(writeFormDocs({ checkOnly: true }), 'ejecute npm run schemas:docs').toEqual([]);
  });
});

describe('form-engine CLI', () => {
  const dir = mkdtempSync(join(tmpdir(), 'form-engine-'));
  const run = (args: string[]) => spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8' });
  const write = (name: string, value: unknown) => {
    const file = join(dir, name);
    writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value));
    return file;
  };

  it('check prints the contract and exits 0 for valid data', () => {
    const f = fixture('formalizacion', 'valid/srl-completa.json');
    const r = run(['check', 'formalizacion', write('ok.json', f.data), '--today', '2026-11-23']);
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(Object.keys(out)).toEqual(['valid', 'visible', 'required', 'errors', 'warnings']);
    expect(out.valid).toBe(true);
    expect(out.visible).toContain('propietario_socios.0.nombres');
    expect(out.required).toContain('datos_solicitud.tipo_societario');
    expect(out.warnings).toContainEqual({ path: 'propietario_socios.1.tipo_de_accionista', message: 'Al seleccionar esta opción su proceso ya no será realizado en 24 horas.' });
  });

  it('exits 1 with the errors for invalid data, also given a schema path', () => {
    const f = fixture('formalizacion', 'invalid/srl-suma-empleados-permanentes.json');
    const r = run(['check', resolve(__dirname, '../../../schemas/formalizacion/schema.json'), write('bad.json', f.data), '--today=2026-11-23']);
    expect(r.status).toBe(1);
    expect(JSON.parse(r.stdout).errors).toEqual(f.errors);
  });

  it('exits 2 with a message on stderr for bad arguments or unreadable input', () => {
    for (const args of [[], ['check'], ['check', 'no-existe', write('x.json', {})], ['check', 'formalizacion', join(dir, 'falta.json')],
      ['check', 'formalizacion', write('roto.json', '{no json'), '--today', '2026-11-23'], ['check', 'formalizacion', write('y.json', {}), '--today', '23/11/2026']]) {
      const r = run(args);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(/\S/);
      expect(r.stdout).toBe('');
    }
  });

  it('lint exits 0 on the repository forms', () => {
    expect(execFileSync(process.execPath, [BIN, 'lint'], { encoding: 'utf8' })).toMatch(/Formularios correctos/);
  });

  it('lint names the file and the JSON path of a broken rule and exits 1', () => {
    const broken = withChanges(form('sugerencia-servicio'), { 'properties.person_email.x-visible': { '==': [{ var: 'correo' }, 1] } });
    const file = write('roto-schema.json', broken);
    const r = run(['lint', file]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`${file}#/properties/person_email/x-visible: la variable "correo" no es un campo del formulario`);
  });
});
