import { readFileSync } from 'node:fs';
import { describe, it, expect } from 'vitest';
import {
  BANCO_TIPOS,
  referenceTables,
  toReferenceTable,
  REFERENCE_TABLES as DESCRIPTORS,
  type ReferenceColumn,
  type ReferenceImportName,
} from '../referenceTables';
import { parseReferenceCsv } from './parseReferenceCsv';

type Row = Record<string, unknown>;
type ReferenceTable = ReferenceImportName;

/** The tables read from CSV, by import name (their descriptors in db/referenceTables.ts). */
const CSV_TABLES: readonly ReferenceTable[] = referenceTables()
  .filter((d) => d.csv)
  .map((d) => d.name);

const descriptorOf = (table: ReferenceTable) => DESCRIPTORS[toReferenceTable(table)!];

/** The CSV columns of each table. */
const CSV_COLUMNS = Object.fromEntries(CSV_TABLES.map((t) => [t, descriptorOf(t).columns])) as Record<
  ReferenceTable,
  readonly ReferenceColumn[]
>;

function loadJson(table: ReferenceTable): Row[] {
  const file = descriptorOf(table).file;
  const data: unknown = JSON.parse(readFileSync(new URL(`./${file}`, import.meta.url), 'utf-8'));
  if (!Array.isArray(data)) throw new Error(`${file} no es un arreglo`);
  return data as Row[];
}

function toCsv(table: ReferenceTable, rows: readonly Row[], delimiter = ','): string {
  const names = CSV_COLUMNS[table].map((c) => c.key);
  const quote = (value: unknown): string => `"${String(value ?? '').replace(/"/g, '""')}"`;
  const lines = [names.join(delimiter), ...rows.map((r) => names.map((n) => quote(r[n])).join(delimiter))];
  return lines.join('\r\n') + '\r\n';
}

function idKey(table: ReferenceTable): string {
  return table === 'actividades-ciiu' ? 'codigoCiiuDGII' : 'id';
}

describe('parseReferenceCsv: formato CSV', () => {
  it('lee campos entre comillas con separadores, comillas escapadas y saltos de línea', () => {
    const csv = [
      'id,nombre,tipo',
      '1,"Banco ""Uno"", S.A.",banco_multiple',
      '2,"Asociación',
      'de prueba",asociacion_ahorros_prestamos',
      '3,Sin comillas,cooperativa',
    ].join('\n');
    expect(parseReferenceCsv('bancos', csv)).toEqual([
      { id: 1, nombre: 'Banco "Uno", S.A.', tipo: 'banco_multiple' },
      { id: 2, nombre: 'Asociación\nde prueba', tipo: 'asociacion_ahorros_prestamos' },
      { id: 3, nombre: 'Sin comillas', tipo: 'cooperativa' },
    ]);
  });

  it('acepta BOM UTF-8, CRLF y punto y coma como separador', () => {
    const csv = '\uFEFFid;nombreProvincia;codigoProvinciaDGII;paisId\r\n1;"Distrito Nacional";01;1\r\n25;Santiago;25;1\r\n';
    expect(parseReferenceCsv('provincias', csv)).toEqual([
      { id: 1, nombreProvincia: 'Distrito Nacional', codigoProvinciaDGII: '01', paisId: 1 },
      { id: 25, nombreProvincia: 'Santiago', codigoProvinciaDGII: '25', paisId: 1 },
    ]);
  });

  it('detecta la coma aunque los valores contengan punto y coma', () => {
    const csv = 'id,nacionalidad,nombrePais\n7,"Española; europea",España\n';
    expect(parseReferenceCsv('nacionalidades', csv)).toEqual([
      { id: 7, nacionalidad: 'Española; europea', nombrePais: 'España' },
    ]);
  });

  it('detecta el punto y coma aunque el encabezado tenga comas entre comillas', () => {
    const csv = '"id, interno";municipioId;nombreSector\n';
    // La columna «id, interno» no se reconoce: debe faltar «id».
    expect(() => parseReferenceCsv('sectores', csv)).toThrow(/Línea 1: .*id/);
    expect(parseReferenceCsv('sectores', 'id;municipioId;nombreSector\n1;101;"Gazcue, Santo Domingo"\n')).toEqual([
      { id: 1, municipioId: 101, nombreSector: 'Gazcue, Santo Domingo' },
    ]);
  });

  it('reconoce encabezados sin distinguir mayúsculas ni tildes, y alias comunes', () => {
    const csv = 'CÓDIGO,Descripción,SECCION,División,Otra columna\n4711,Colmados,G,47,x\n111,Cereales,A,1,y\n';
    expect(parseReferenceCsv('actividades-ciiu', csv)).toEqual([
      { codigoCiiuDGII: '4711', descripcionCrm: 'Colmados', seccion: 'G', division: '47' },
      // Los ceros a la izquierda que pierde Excel se restituyen.
      { codigoCiiuDGII: '0111', descripcionCrm: 'Cereales', seccion: 'A', division: '01' },
    ]);
    const exact = parseReferenceCsv('actividades-ciiu', 'codigociiudgii,DESCRIPCIONCRM\n6201,Programación\n');
    expect(exact).toEqual([{ codigoCiiuDGII: '6201', descripcionCrm: 'Programación' }]);
  });

  it('prefiere el nombre exacto del campo a un alias', () => {
    const csv = 'id,nombre,nombreProvincia,codigo\n2,AZUA,Azua,2\n';
    expect(parseReferenceCsv('provincias', csv)).toEqual([
      { id: 2, nombreProvincia: 'Azua', codigoProvinciaDGII: '02', paisId: 1 },
    ]);
  });

  it('ignora líneas vacías y filas vacías de Excel; recorta espacios', () => {
    const csv = 'id;municipioId;nombreSector\n\n 5 ; 101 ;  Naco  \n;;\n\n';
    expect(parseReferenceCsv('sectores', csv)).toEqual([{ id: 5, municipioId: 101, nombreSector: 'Naco' }]);
  });

  it('devuelve un arreglo vacío si solo hay encabezados', () => {
    expect(parseReferenceCsv('bancos', 'id,nombre,tipo')).toEqual([]);
  });
});

describe('parseReferenceCsv: errores', () => {
  it('señala la columna obligatoria que falta en los encabezados', () => {
    expect(() => parseReferenceCsv('municipios', 'id,nombre,municipioDGII\n1,X,0101\n')).toThrow(
      /Línea 1: faltan columnas obligatorias .*provinciaId/,
    );
  });

  it('señala la línea con un valor obligatorio vacío o ausente', () => {
    const csv = 'id,provinciaId,nombre,municipioDGII\n101,1,Santo Domingo de Guzmán,0101\n201,2,,0201\n';
    expect(() => parseReferenceCsv('municipios', csv)).toThrow(/Línea 3: falta el valor obligatorio .*nombre/);
    const short = 'id,provinciaId,nombre,municipioDGII\n101,1,Santo Domingo de Guzmán\n';
    expect(() => parseReferenceCsv('municipios', short)).toThrow(/Línea 2: .*municipioDGII/);
  });

  it('señala la línea con un entero inválido, contando los saltos dentro de comillas', () => {
    const csv = 'id,nombre,tipo\n1,"Dos\nlíneas",cooperativa\n2x,Malo,cooperativa\n';
    expect(() => parseReferenceCsv('bancos', csv)).toThrow(/Línea 4: el valor «2x» de la columna «id» no es un número entero/);
    expect(() => parseReferenceCsv('sectores', 'id,municipioId,nombreSector\n1,1.5,X\n')).toThrow(/Línea 2/);
  });

  it('rechaza un tipo de banco desconocido', () => {
    expect(() => parseReferenceCsv('bancos', 'id,nombre,tipo\n1,X,financiera\n')).toThrow(/Línea 2: .*tipo/);
  });

  it('rechaza comillas sin cerrar y texto después de cerrar comillas', () => {
    expect(() => parseReferenceCsv('bancos', 'id,nombre,tipo\n1,"abierto,cooperativa\n')).toThrow(/Línea 2: .*comillas/);
    expect(() => parseReferenceCsv('bancos', 'id,nombre,tipo\n1,"a"b,cooperativa\n')).toThrow(/Línea 2/);
  });

  it('rechaza columnas duplicadas y archivos vacíos', () => {
    expect(() => parseReferenceCsv('sectores', 'id,ID,municipioId,nombreSector\n')).toThrow(/más de una vez/);
    expect(() => parseReferenceCsv('sectores', '')).toThrow(/vacío/);
  });
});

describe('columnas CSV de los descriptores', () => {
  it('define columnas para cada tabla, sin alias que choquen entre columnas', () => {
    const norm = (s: string): string => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
    expect(Object.keys(CSV_COLUMNS).sort()).toEqual([...CSV_TABLES].sort());
    for (const table of CSV_TABLES) {
      const keys = CSV_COLUMNS[table].flatMap((c) => [c.key, ...c.aliases].map(norm));
      expect(new Set(keys).size, table).toBe(keys.length);
    }
  });
});

describe('datos de referencia (JSON)', () => {
  const data = Object.fromEntries(CSV_TABLES.map((t) => [t, loadJson(t)])) as Record<ReferenceTable, Row[]>;

  it('cada archivo tiene identificadores únicos y no vacíos', () => {
    for (const table of CSV_TABLES) {
      const key = idKey(table);
      const ids = data[table].map((r) => r[key]);
      expect(ids.length, table).toBeGreaterThan(0);
      expect(new Set(ids).size, table).toBe(ids.length);
    }
  });

  it('cada archivo tiene exactamente las columnas y tipos declarados (una columna que admite null puede faltar)', () => {
    for (const table of CSV_TABLES) {
      const columns = CSV_COLUMNS[table];
      for (const row of data[table]) {
        const present = columns.filter((c) => c.required || row[c.key] !== undefined);
        expect(Object.keys(row).sort(), table).toEqual(present.map((c) => c.key).sort());
        for (const c of present) {
          const value = row[c.key];
          if (c.type === 'integer') expect(Number.isSafeInteger(value), `${table}.${c.key}`).toBe(true);
          else expect(typeof value === 'string' && value.trim() === value && value !== '', `${table}.${c.key}`).toBe(true);
        }
      }
    }
  });

  it('cada JSON pasa por CSV (coma y punto y coma) y vuelve igual', () => {
    for (const table of CSV_TABLES) {
      expect(parseReferenceCsv(table, toCsv(table, data[table])), table).toEqual(data[table]);
      expect(parseReferenceCsv(table, '\uFEFF' + toCsv(table, data[table], ';')), table).toEqual(data[table]);
    }
  });

  it('tiene 32 provincias (31 más el Distrito Nacional) con código de 2 dígitos igual al id', () => {
    const provincias = data.provincias;
    expect(provincias).toHaveLength(32);
    for (const p of provincias) {
      expect(p.codigoProvinciaDGII).toBe(String(p.id).padStart(2, '0'));
      expect(p.paisId).toBe(1);
    }
    expect(provincias.find((p) => p.id === 1)?.nombreProvincia).toBe('Distrito Nacional');
  });

  it('tiene al menos 150 municipios, cada uno con provincia existente y código coherente', () => {
    const provincias = new Set(data.provincias.map((p) => p.id));
    const municipios = data.municipios;
    expect(municipios.length).toBeGreaterThanOrEqual(150);
    for (const m of municipios) {
      expect(provincias.has(m.provinciaId), String(m.nombre)).toBe(true);
      expect(m.municipioDGII).toMatch(/^\d{4}$/);
      expect(String(m.municipioDGII).slice(0, 2)).toBe(String(m.provinciaId).padStart(2, '0'));
      expect(m.id).toBe(Number(m.municipioDGII));
    }
    expect(new Set(municipios.map((m) => m.municipioDGII)).size).toBe(municipios.length);
    expect(municipios.find((m) => m.provinciaId === 1)?.nombre).toBe('Santo Domingo de Guzmán');
    for (const p of provincias) {
      expect(municipios.some((m) => m.provinciaId === p), `provincia ${String(p)} sin municipios`).toBe(true);
    }
  });

  it('cada sector pertenece a un municipio existente, sin nombres repetidos en un municipio', () => {
    const municipios = new Set(data.municipios.map((m) => m.id));
    const seen = new Set<string>();
    for (const s of data.sectores) {
      expect(municipios.has(s.municipioId), String(s.nombreSector)).toBe(true);
      const key = `${String(s.municipioId)}|${String(s.nombreSector)}`;
      expect(seen.has(key), key).toBe(false);
      seen.add(key);
    }
    // Todos los municipios tienen sectores (los barrios y parajes de la ONE).
    const withSectors = new Set(data.sectores.map((s) => s.municipioId));
    for (const m of data.municipios) expect(withSectors.has(m.id), String(m.nombre)).toBe(true);
  });

  it('las nacionalidades empiezan por la dominicana', () => {
    expect(data.nacionalidades[0]).toEqual({ id: 1, nacionalidad: 'Dominicana', nombrePais: 'República Dominicana' });
    expect(data.nacionalidades.length).toBeGreaterThanOrEqual(120);
    expect(new Set(data.nacionalidades.map((n) => n.nombrePais)).size).toBe(data.nacionalidades.length);
  });

  it('las actividades CIIU tienen código de 4 dígitos coherente con su división y sección', () => {
    const secciones = new Set<unknown>();
    for (const a of data['actividades-ciiu']) {
      expect(a.codigoCiiuDGII).toMatch(/^\d{4}$/);
      expect(a.division).toBe(String(a.codigoCiiuDGII).slice(0, 2));
      expect(a.seccion).toMatch(/^[A-U]$/);
      secciones.add(a.seccion);
    }
    expect(secciones.size).toBe(21);
    expect(data['actividades-ciiu'].length).toBeGreaterThanOrEqual(250);
  });

  it('los bancos usan tipos válidos', () => {
    const tipos: readonly string[] = BANCO_TIPOS;
    for (const b of data.bancos) expect(tipos.includes(String(b.tipo)), String(b.nombre)).toBe(true);
    expect(data.bancos.length).toBeGreaterThanOrEqual(50);
  });
});
