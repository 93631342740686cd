// Parser de CSV para las tablas de referencia (provincias, municipios, sectores,
// nacionalidades, actividades CIIU y bancos). Función pura: recibe el texto del
// archivo y devuelve filas con los mismos campos que los JSON de esta carpeta.
//
// Formato aceptado (RFC 4180 con tolerancias habituales de Excel):
// - primera fila de encabezados; BOM UTF-8 opcional;
// - separador «,» o «;», detectado en la línea de encabezados;
// - campos entre comillas dobles, con "" como comilla escapada y saltos de
//   línea dentro del campo;
// - fin de línea CRLF, LF o CR; las líneas completamente vacías se ignoran.
//
// Los encabezados se comparan sin distinguir mayúsculas, tildes, espacios,
// guiones ni guiones bajos, y se aceptan alias comunes (p. ej. «codigo» y
// «descripcion» para CIIU). Las columnas desconocidas se ignoran.

export type ReferenceTable =
  | 'provincias'
  | 'municipios'
  | 'sectores'
  | 'nacionalidades'
  | 'actividades-ciiu'
  | 'bancos'
  | 'enlaces-interes';

export const REFERENCE_TABLES: readonly ReferenceTable[] = [
  'provincias',
  'municipios',
  'sectores',
  'nacionalidades',
  'actividades-ciiu',
  'bancos',
  'enlaces-interes',
];

export type ReferenceColumnType = 'int' | 'string';

export interface ReferenceColumn {
  /** Nombre del campo en el JSON y en la fila devuelta. */
  readonly name: string;
  readonly type: ReferenceColumnType;
  /** Si falta la columna o el valor está vacío, se lanza un error. */
  readonly required: boolean;
  /** Otros encabezados aceptados (se normalizan igual que el nombre). */
  readonly aliases: readonly string[];
  /** Valor usado cuando una columna no obligatoria falta o viene vacía. */
  readonly default?: string | number;
  /** Códigos numéricos: se completan con ceros a la izquierda (Excel los pierde). */
  readonly padDigits?: number;
  /** Valores permitidos (solo columnas de texto). */
  readonly allowed?: readonly string[];
}

export const BANCO_TIPOS = [
  'banco_multiple',
  'asociacion_ahorros_prestamos',
  'banco_ahorro_credito',
  'corporacion_credito',
  'cooperativa',
  'banco_publico',
  'extranjero',
] as const;

export type BancoTipo = (typeof BANCO_TIPOS)[number];

export const REFERENCE_COLUMNS: Readonly<Record<ReferenceTable, readonly ReferenceColumn[]>> = {
  provincias: [
    { name: 'id', type: 'int', required: true, aliases: ['idProvincia', 'provinciaId'] },
    { name: 'nombreProvincia', type: 'string', required: true, aliases: ['nombre', 'provincia'] },
    {
      name: 'codigoProvinciaDGII',
      type: 'string',
      required: true,
      aliases: ['codigo', 'codigoDGII', 'codigoProvincia', 'codProvincia'],
      padDigits: 2,
    },
    { name: 'paisId', type: 'int', required: false, aliases: ['idPais'], default: 1 },
  ],
  municipios: [
    { name: 'id', type: 'int', required: true, aliases: ['idMunicipio', 'municipioId'] },
    { name: 'provinciaId', type: 'int', required: true, aliases: ['idProvincia'] },
    { name: 'nombre', type: 'string', required: true, aliases: ['municipio', 'nombreMunicipio'] },
    {
      name: 'municipioDGII',
      type: 'string',
      required: true,
      aliases: ['codigo', 'codigoDGII', 'codigoMunicipio', 'codMunicipio'],
      padDigits: 4,
    },
  ],
  sectores: [
    { name: 'id', type: 'int', required: true, aliases: ['idSector', 'sectorId'] },
    { name: 'municipioId', type: 'int', required: true, aliases: ['idMunicipio'] },
    { name: 'nombreSector', type: 'string', required: true, aliases: ['nombre', 'sector'] },
  ],
  nacionalidades: [
    { name: 'id', type: 'int', required: true, aliases: ['idNacionalidad'] },
    { name: 'nacionalidad', type: 'string', required: true, aliases: ['gentilicio'] },
    { name: 'nombrePais', type: 'string', required: true, aliases: ['pais'] },
  ],
  'actividades-ciiu': [
    {
      name: 'codigoCiiuDGII',
      type: 'string',
      required: true,
      aliases: ['codigo', 'codigoCiiu', 'ciiu', 'codigoActividad', 'clase'],
      padDigits: 4,
    },
    {
      name: 'descripcionCrm',
      type: 'string',
      required: true,
      aliases: ['descripcion', 'actividad', 'descripcionActividad', 'nombre'],
    },
    { name: 'seccion', type: 'string', required: false, aliases: [] },
    { name: 'division', type: 'string', required: false, aliases: [], padDigits: 2 },
  ],
  bancos: [
    { name: 'id', type: 'int', required: true, aliases: ['idBanco', 'bancoId'] },
    { name: 'nombre', type: 'string', required: true, aliases: ['banco', 'nombreBanco', 'entidad'] },
    { name: 'tipo', type: 'string', required: true, aliases: ['tipoEntidad'], allowed: BANCO_TIPOS },
  ],
  'enlaces-interes': [
    { name: 'id', type: 'int', required: true, aliases: ['idEnlace', 'orden'] },
    { name: 'titulo', type: 'string', required: true, aliases: ['nombre', 'enlace'] },
    { name: 'institucion', type: 'string', required: true, aliases: ['entidad'] },
    { name: 'descripcion', type: 'string', required: true, aliases: [] },
    { name: 'url', type: 'string', required: true, aliases: ['direccion', 'sitio', 'sitioWeb', 'web'] },
  ],
};

/** Minúsculas, sin tildes y sin espacios, guiones ni guiones bajos. */
function normalizeHeader(header: string): string {
  return header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\s_\-.]+/g, '');
}

interface CsvRecord {
  /** Línea física (1 = primera) en la que empieza el registro. */
  readonly line: number;
  readonly fields: string[];
}

/** Separador: el más frecuente entre «,» y «;» fuera de comillas en la primera línea. */
function detectDelimiter(text: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let inQuotes = false;
  for (const ch of text) {
    if (ch === '"') inQuotes = !inQuotes;
    else if (!inQuotes && (ch === '\n' || ch === '\r')) break;
    else if (!inQuotes && ch === ',') commas++;
    else if (!inQuotes && ch === ';') semicolons++;
  }
  return semicolons > commas ? ';' : ',';
}

function tokenize(text: string, delimiter: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let inQuotes = false;
  let quotedField = false; // el campo actual empezó con comillas y ya se cerraron
  let i = 0;

  let anyQuoted = false; // algún campo del registro actual iba entre comillas

  const endRecord = (): void => {
    fields.push(field);
    // Las filas vacías (incluidas las «,,,» que deja Excel) se ignoran.
    const isBlank = !anyQuoted && fields.every((f) => f.trim() === '');
    if (!isBlank) records.push({ line: recordLine, fields });
    fields = [];
    field = '';
    quotedField = false;
    anyQuoted = false;
  };

  while (i < text.length) {
    const ch = text[i];
    if (inQuotes) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        inQuotes = false;
        quotedField = true;
        anyQuoted = true;
        i++;
        continue;
      }
      if (ch === '\r' || ch === '\n') {
        // Salto de línea dentro de un campo: se conserva y se cuenta la línea.
        if (ch === '\r' && text[i + 1] === '\n') {
          field += '\r\n';
          i += 2;
        } else {
          field += ch;
          i++;
        }
        line++;
        continue;
      }
      field += ch;
      i++;
      continue;
    }

    if (ch === delimiter) {
      fields.push(field);
      field = '';
      quotedField = false;
      i++;
      continue;
    }
    if (ch === '\r' || ch === '\n') {
      endRecord();
      i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1;
      line++;
      recordLine = line;
      continue;
    }
    if (quotedField) {
      if (ch === ' ' || ch === '\t') {
        i++; // espacios tras la comilla de cierre: se ignoran
        continue;
      }
      throw new Error(
        `Línea ${line}: carácter inesperado «${ch}» después de cerrar las comillas de un campo.`,
      );
    }
    if (ch === '"' && field.trim() === '') {
      // Comilla de apertura (se toleran espacios antes de ella).
      field = '';
      inQuotes = true;
      i++;
      continue;
    }
    field += ch;
    i++;
  }

  if (inQuotes) {
    throw new Error(`Línea ${recordLine}: hay un campo entre comillas que no se cierra.`);
  }
  if (field !== '' || fields.length > 0 || quotedField) endRecord();
  return records;
}

function coerce(
  column: ReferenceColumn,
  raw: string,
  line: number,
): string | number {
  const value = raw.trim();
  if (column.type === 'int') {
    if (!/^[+-]?\d+$/.test(value)) {
      throw new Error(
        `Línea ${line}: el valor «${value}» de la columna «${column.name}» no es un número entero válido.`,
      );
    }
    const n = Number(value);
    if (!Number.isSafeInteger(n)) {
      throw new Error(
        `Línea ${line}: el valor «${value}» de la columna «${column.name}» está fuera del rango de enteros admitido.`,
      );
    }
    return n;
  }
  let text = value;
  if (column.padDigits !== undefined && /^\d+$/.test(text) && text.length < column.padDigits) {
    text = text.padStart(column.padDigits, '0');
  }
  if (column.allowed !== undefined && !column.allowed.includes(text)) {
    throw new Error(
      `Línea ${line}: el valor «${text}» de la columna «${column.name}» no es válido; se esperaba uno de: ${column.allowed.join(', ')}.`,
    );
  }
  return text;
}

/**
 * Convierte el texto de un CSV en filas de la tabla de referencia indicada.
 * Lanza un Error (mensaje en español con el número de línea) si falta una
 * columna obligatoria, si un valor obligatorio viene vacío o si un entero no
 * es válido.
 */
export function parseReferenceCsv(table: ReferenceTable, csvText: string): Record<string, unknown>[] {
  const columns = REFERENCE_COLUMNS[table];
  if (columns === undefined) {
    throw new Error(`Tabla de referencia desconocida: «${String(table)}».`);
  }
  const text = csvText.charCodeAt(0) === 0xfeff ? csvText.slice(1) : csvText;
  const records = tokenize(text, detectDelimiter(text));
  const header = records[0];
  if (header === undefined) {
    throw new Error('El archivo CSV está vacío: falta la fila de encabezados (línea 1).');
  }

  // Encabezado normalizado -> columna.
  const lookup = new Map<string, ReferenceColumn>();
  for (const column of columns) {
    for (const key of [column.name, ...column.aliases]) lookup.set(normalizeHeader(key), column);
  }
  // Columna -> índice en el CSV. El nombre exacto del campo gana a un alias.
  const indexOf = new Map<string, number>();
  const exactMatch = new Set<string>();
  header.fields.forEach((rawHeader, index) => {
    const key = normalizeHeader(rawHeader);
    const column = lookup.get(key);
    if (column === undefined) return;
    const isExact = key === normalizeHeader(column.name);
    if (indexOf.has(column.name)) {
      if (exactMatch.has(column.name) === isExact) {
        throw new Error(
          `Línea ${header.line}: la columna «${column.name}» aparece más de una vez en los encabezados.`,
        );
      }
      if (!isExact) return;
    }
    indexOf.set(column.name, index);
    if (isExact) exactMatch.add(column.name);
  });
  const missing = columns.filter((c) => c.required && !indexOf.has(c.name)).map((c) => c.name);
  if (missing.length > 0) {
    throw new Error(
      `Línea ${header.line}: faltan columnas obligatorias para «${table}»: ${missing.join(', ')}.`,
    );
  }

  const rows: Record<string, unknown>[] = [];
  for (const record of records.slice(1)) {
    const row: Record<string, unknown> = {};
    for (const column of columns) {
      const index = indexOf.get(column.name);
      const raw = index === undefined ? undefined : record.fields[index];
      if (raw === undefined || raw.trim() === '') {
        if (column.required) {
          throw new Error(
            `Línea ${record.line}: falta el valor obligatorio de la columna «${column.name}».`,
          );
        }
        if (column.default !== undefined) row[column.name] = column.default;
        continue;
      }
      row[column.name] = coerce(column, raw, record.line);
    }
    rows.push(row);
  }
  return rows;
}
