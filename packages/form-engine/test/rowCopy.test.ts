/** `x-row-copy`: a partner's row filled from the applicant or an earlier partner, as declared in the form file. */
import { describe, expect, it } from 'vitest';
import { copyIntoRow, rowCopies, rowCopySources } from '../src/rowCopy/rowCopy';
import { lintForm } from '../src/lint/lintForm';
import { form, withChanges } from './forms';
import type { FormSchema, RowCopyDecl } from '../src/types';

const schema = form('formalizacion');
const GRID = 'propietario_socios';
const [FROM_APPLICANT, FROM_PARTNER] = rowCopies(schema.properties[GRID]);
const today = '2026-11-23';

const APPLICANT = {
  tipo_de_solicitante: 'persona_fisica_representante',
  tipo_de_documentacion_de_identidad: 'cedula',
  cedula: '00104578232',
  nombre: 'María Altagracia',
  apellido: 'Rosario Méndez',
  correo_electronico: 'maria.rosario@example.com',
  confirmar_correo_electronico: 'maria.rosario@example.com',
  telefono: '8095550101',
  celular: '8295550102',
  sexo: 'F',
  estado_civil: 'casado',
  nacionalidad: 1,
  provincia: 13,
  municipio: 1302,
  sector: 57,
  calle: 'Calle Duarte',
  numero_de_casa_o_apartamento: '12',
  codigo_postal: '41000',
  // Left over from when the applicant was a company: hidden, so never copied.
  razon_social: 'Vieja Razón SRL',
};

const draft = (rows: Record<string, unknown>[], applicant: Record<string, unknown> = APPLICANT) => ({
  datos_solicitud: { tipo_societario: 'SRL' },
  datos_solicitante: applicant,
  [GRID]: rows,
});

const rowOf = (data: Record<string, unknown>, i: number) => (data[GRID] as Record<string, unknown>[])[i];

describe('copyIntoRow', () => {
  it('the form declares a copy from the applicant and one from an earlier partner', () => {
    expect(FROM_APPLICANT).toMatchObject({ from: 'datos_solicitante', label: 'Copiar los datos del solicitante' });
    expect(FROM_PARTNER).toMatchObject({ from: GRID, label: 'Copiar de otro socio' });
  });

  it("fills an empty row with the applicant's identity, contact and address under the partner's own field names", () => {
    const data = draft([{}]);
    const result = copyIntoRow(schema, data, GRID, 0, FROM_APPLICANT, { today });
    expect(rowOf(result.data, 0)).toEqual({
      tipo_de_accionista: 'persona',
      tipo_de_documento_de_identidad: 'cedula',
      numero_de_cedula: '00104578232',
      nombres: 'María Altagracia',
      apellidos: 'Rosario Méndez',
      correo_electronica: 'maria.rosario@example.com',
      confirmar_correo_electronica: 'maria.rosario@example.com',
      telefono: '8095550101',
      celular: '8295550102',
      sexo: 'F',
      estado_civil: 'casado',
      nacionalidad: 1,
      provincia: 13,
      municipio: 1302,
      sector: 57,
      calle: 'Calle Duarte',
      numero: '12',
      codigo_postal: '41000',
    });
    // The shareholder type first, then the document type, then the cédula it shows: all in one copy.
    expect(result.copied.slice(0, 2)).toEqual(['tipo_de_accionista', 'tipo_de_documento_de_identidad']);
    expect(result.copied).toHaveLength(18);
    expect(result.kept).toEqual([]);
    // The draft handed in is not changed.
    expect(rowOf(data, 0)).toEqual({});
  });

  it('writes only blank fields: what the citizen already wrote stays and is reported as kept', () => {
    const result = copyIntoRow(schema, draft([{ tipo_de_accionista: 'persona', nombres: 'Carmen', calle: '' }]), GRID, 0, FROM_APPLICANT, { today });
    const row = rowOf(result.data, 0);
    expect(row).toMatchObject({ tipo_de_accionista: 'persona', nombres: 'Carmen', apellidos: 'Rosario Méndez', calle: 'Calle Duarte' });
    expect(result.kept).toEqual(['nombres']);
    expect(result.copied).not.toContain('nombres');
    expect(result.copied).not.toContain('tipo_de_accionista');
  });

  it('writes a dependent select only under the parent the source has: no sector of another municipio', () => {
    const row = { tipo_de_accionista: 'persona', provincia: 25, municipio: 2501 };
    const result = copyIntoRow(schema, draft([row]), GRID, 0, FROM_APPLICANT, { today });
    expect(rowOf(result.data, 0)).toMatchObject(row);
    expect(rowOf(result.data, 0)).not.toHaveProperty('sector');
    expect(result.kept).toEqual(expect.arrayContaining(['provincia', 'municipio']));
    expect(result.copied).toContain('calle');
    // Under the same provincia, the municipio and the sector are copied.
    const same = copyIntoRow(schema, draft([{ tipo_de_accionista: 'persona', provincia: 13 }]), GRID, 0, FROM_APPLICANT, { today });
    expect(rowOf(same.data, 0)).toMatchObject({ provincia: 13, municipio: 1302, sector: 57 });
  });

  it("gives a company row no person's names, document or sex, only what a company row shows", () => {
    const result = copyIntoRow(schema, draft([{ tipo_de_accionista: 'empresa' }]), GRID, 0, FROM_APPLICANT, { today });
    const row = rowOf(result.data, 0);
    expect(result.kept).toEqual(['tipo_de_accionista']);
    for (const key of ['nombres', 'apellidos', 'numero_de_cedula', 'tipo_de_documento_de_identidad', 'sexo', 'estado_civil', 'nacionalidad']) {
      expect(row).not.toHaveProperty(key);
    }
    expect(row).toMatchObject({ tipo_de_accionista: 'empresa', correo_electronica: 'maria.rosario@example.com', provincia: 13, municipio: 1302, sector: 57 });
    // The stale company name is hidden in the applicant's section: not copied either.
    expect(row).not.toHaveProperty('nombre_empresa');
  });

  it('copies a company applicant as a company partner (RNC and business name)', () => {
    const company = { tipo_de_solicitante: 'empresa', rnc: '131084524', razon_social: 'Inversiones Quisqueya Digital SRL', calle: 'Av. Churchill', nombre: 'Oculto' };
    const row = rowOf(copyIntoRow(schema, draft([{}], company), GRID, 0, FROM_APPLICANT, { today }).data, 0);
    expect(row).toEqual({ tipo_de_accionista: 'empresa', rnc: '131084524', nombre_empresa: 'Inversiones Quisqueya Digital SRL', calle: 'Av. Churchill' });
  });

  it('returns the same draft when there is nothing to copy, or the row does not exist', () => {
    const empty = draft([{}], {});
    expect(copyIntoRow(schema, empty, GRID, 0, FROM_APPLICANT, { today })).toEqual({ data: empty, copied: [], kept: [] });
    const data = draft([{}]);
    expect(copyIntoRow(schema, data, GRID, 3, FROM_APPLICANT, { today }).data).toBe(data);
  });

  it('copies from an earlier row chosen by the citizen, never from the row itself', () => {
    const first = { ...rowOf(copyIntoRow(schema, draft([{}]), GRID, 0, FROM_APPLICANT, { today }).data, 0), tipo_de_cargo: '1', es_socio: true, cantidad_de_cuotas: 600 };
    const data = draft([first, { tipo_de_cargo: '10' }]);
    expect(rowCopySources(data, GRID, 1, FROM_PARTNER)).toEqual([0]);
    expect(rowCopySources(data, GRID, 0, FROM_PARTNER)).toEqual([]);
    expect(rowCopySources(data, GRID, 1, FROM_APPLICANT)).toEqual([]);
    const result = copyIntoRow(schema, data, GRID, 1, FROM_PARTNER, { today, sourceRow: 0 });
    const row = rowOf(result.data, 1);
    expect(row).toMatchObject({ tipo_de_accionista: 'persona', nombres: 'María Altagracia', provincia: 13, municipio: 1302, sector: 57, calle: 'Calle Duarte' });
    // Only the identity and address: the role and quotas are the row's own.
    expect(row).toMatchObject({ tipo_de_cargo: '10' });
    expect(row).not.toHaveProperty('cantidad_de_cuotas');
    expect(copyIntoRow(schema, data, GRID, 1, FROM_PARTNER, { today, sourceRow: 1 }).data).toBe(data);
    expect(copyIntoRow(schema, data, GRID, 1, FROM_PARTNER, { today }).data).toBe(data);
  });

  it('takes back a value whose field a later value hid, and skips values outside the options', () => {
    const small = {
      $id: 'copia', type: 'object',
      properties: {
        origen: { type: 'object', properties: { tipo: { type: 'string' }, detalle: { type: 'string' }, color: { type: 'string' } } },
        filas: {
          type: 'array',
          'x-row-copy': [{ from: 'origen', label: 'Copiar', fields: { detalle: 'detalle', tipo: 'tipo', color: 'color' } }],
          items: {
            type: 'object',
            properties: {
              tipo: { type: 'string', title: 'Tipo' },
              detalle: { type: 'string', title: 'Detalle', 'x-visible': { '!=': [{ var: 'fila.tipo' }, 'simple'] } },
              color: { type: 'string', title: 'Color', oneOf: [{ const: 'rojo' }, { const: 'azul' }] },
            },
          },
        },
      },
    } as unknown as FormSchema;
    const copy = rowCopies(small.properties.filas)[0] as RowCopyDecl;
    const result = copyIntoRow(small, { origen: { tipo: 'simple', detalle: 'x', color: 'verde' }, filas: [{}] }, 'filas', 0, copy);
    expect(result.data.filas).toEqual([{ tipo: 'simple' }]);
    expect(result.copied).toEqual(['tipo']);
  });
});

describe('x-row-copy lint', () => {
  const P = `properties.${GRID}.x-row-copy.0`;
  const broken = (changes: Record<string, unknown>): FormSchema => withChanges(schema, changes) as unknown as FormSchema;
  const messages = (changes: Record<string, unknown>) => lintForm(broken(changes));

  it('accepts the committed declaration', () => {
    expect(lintForm(schema)).toEqual([]);
  });

  it('refuses a source path that is not a field of the section, with its pointer', () => {
    expect(messages({ [`${P}.fields.nombres`]: 'nombres' })).toEqual([
      { pointer: `/properties/${GRID}/x-row-copy/0/fields/nombres`, message: 'el campo de origen "datos_solicitante.nombres" no existe' },
    ]);
  });

  it('refuses a target that is not a field of the rows', () => {
    expect(messages({ [`${P}.fields.nombre`]: 'nombre' })).toEqual([
      { pointer: `/properties/${GRID}/x-row-copy/0/fields/nombre`, message: '"nombre" no es un campo de las filas' },
    ]);
  });

  it('refuses incompatible types and options the target does not have', () => {
    expect(messages({ [`${P}.fields.provincia`]: 'calle' })[0].message).toBe('"provincia" (integer) no puede recibir "datos_solicitante.calle" (string)');
    expect(messages({ [`${P}.fields.estado_civil`]: 'sexo' })[0].message).toBe('las opciones "M", "F" de "datos_solicitante.sexo" no están entre las de "estado_civil"');
    expect(messages({ [`${P}.set.tipo_de_accionista`]: 'socio' })[0].message).toBe('"socio" no es una opción de "tipo_de_accionista"');
  });

  it('refuses a source that is not a section or the grid, a rule naming no field, and the keyword off a grid', () => {
    expect(messages({ [`${P}.from`]: 'referencias_bancarias' })[0]).toEqual({
      pointer: `/properties/${GRID}/x-row-copy/0/from`, message: '"referencias_bancarias" no es una sección del formulario ni esta cuadrícula',
    });
    expect(messages({ [`${P}.set.tipo_de_accionista`]: { var: 'datos_solicitante.tipo' } })[0].message).toBe('la variable "datos_solicitante.tipo" no es un campo del formulario');
    expect(messages({ 'properties.datos_empresa.x-row-copy': [{ from: 'datos_solicitante', label: 'Copiar', fields: { a: 'b' } }] })).toEqual([
      { pointer: '/properties/datos_empresa/x-row-copy', message: 'x-row-copy solo se usa en cuadrículas' },
    ]);
    expect(messages({ [`${P}.fields`]: {} })[0].pointer).toBe(`/properties/${GRID}/x-row-copy/0/fields`);
    expect(messages({ [`properties.${GRID}.x-row-dialog`]: true })).toEqual([
      { pointer: `/properties/${GRID}/x-row-copy`, message: 'x-row-copy todavía no se admite en una cuadrícula con x-row-dialog' },
    ]);
  });
});
