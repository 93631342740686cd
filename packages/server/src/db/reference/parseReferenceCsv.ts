// CSV parser for the reference tables whose descriptor accepts CSV
// (db/referenceTables.ts: `csv`, and each column's aliases, CSV requirement,
// default, zero padding and allowed values). Pure: takes the file's text and
// returns rows keyed like the JSON files of this folder.
//
// Accepted format (RFC 4180 with Excel's usual tolerances):
// - a first row of headers; optional UTF-8 BOM;
// - «,» or «;» as separator, detected on the header line;
// - fields between double quotes, with "" as an escaped quote and line
//   breaks inside the field;
// - CRLF, LF or CR line ends; entirely empty lines are ignored.
//
// Headers are compared ignoring case, accents, spaces, dashes and
// underscores, and the descriptor's aliases are accepted (e.g. «codigo» and
// «descripcion» for CIIU). Unknown columns are ignored.

import {
  REFERENCE_TABLES,
  toReferenceTable,
  type ReferenceColumn,
  type ReferenceImportName,
  type ReferenceTable,
} from '../referenceTables';

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
  if (column.type === 'integer') {
    if (!/^[+-]?\d+$/.test(value)) {
      throw new Error(
        `Línea ${line}: el valor «${value}» de la columna «${column.key}» no es un número entero válido.`,
      );
    }
    const n = Number(value);
    if (!Number.isSafeInteger(n)) {
      throw new Error(
        `Línea ${line}: el valor «${value}» de la columna «${column.key}» está fuera del rango de enteros admitido.`,
      );
    }
    return n;
  }
  // Other types stay text: insertReferenceRows reads amounts and lists ("a|b") from text.
  let text = value;
  if (column.padDigits !== undefined && /^\d+$/.test(text) && text.length < column.padDigits) {
    text = text.padStart(column.padDigits, '0');
  }
  if (column.allowed !== undefined && !column.allowed.includes(text)) {
    throw new Error(
      `Línea ${line}: el valor «${text}» de la columna «${column.key}» no es válido; se esperaba uno de: ${column.allowed.join(', ')}.`,
    );
  }
  return text;
}

/**
 * The rows of a CSV for the reference table named `table` (import or SQL
 * name). Throws an Error (Spanish message with the line number) when a
 * required column is missing, a required value is empty, an integer is not
 * valid or a value is not among those allowed.
 */
export function parseReferenceCsv(table: ReferenceTable | ReferenceImportName, csvText: string): Record<string, unknown>[] {
  const known = toReferenceTable(table);
  if (known === null) {
    throw new Error(`Tabla de referencia desconocida: «${String(table)}».`);
  }
  const descriptor = REFERENCE_TABLES[known];
  if (!descriptor.csv) {
    throw new Error(`La tabla «${descriptor.name}» se importa desde un archivo JSON, no desde CSV.`);
  }
  const { columns } = descriptor;
  const text = csvText.charCodeAt(0) === 0xfeff ? csvText.slice(1) : csvText;
  const records = tokenize(text, detectDelimiter(text));
  const header = records[0];
  if (header === undefined) {
    throw new Error('El archivo CSV está vacío: falta la fila de encabezados (línea 1).');
  }

  // Normalised header -> column.
  const lookup = new Map<string, ReferenceColumn>();
  for (const column of columns) {
    for (const key of [column.key, ...column.aliases]) lookup.set(normalizeHeader(key), column);
  }
  // Column -> index in the CSV. The field's exact name wins over an alias.
  const indexOf = new Map<string, number>();
  const exactMatch = new Set<string>();
  header.fields.forEach((rawHeader, index) => {
    const key = normalizeHeader(rawHeader);
    const column = lookup.get(key);
    if (column === undefined) return;
    const isExact = key === normalizeHeader(column.key);
    if (indexOf.has(column.key)) {
      if (exactMatch.has(column.key) === isExact) {
        throw new Error(
          `Línea ${header.line}: la columna «${column.key}» aparece más de una vez en los encabezados.`,
        );
      }
      if (!isExact) return;
    }
    indexOf.set(column.key, index);
    if (isExact) exactMatch.add(column.key);
  });
  const missing = columns.filter((c) => c.csvRequired && !indexOf.has(c.key)).map((c) => c.key);
  if (missing.length > 0) {
    throw new Error(
      `Línea ${header.line}: faltan columnas obligatorias para «${descriptor.name}»: ${missing.join(', ')}.`,
    );
  }

  const rows: Record<string, unknown>[] = [];
  for (const record of records.slice(1)) {
    const row: Record<string, unknown> = {};
    for (const column of columns) {
      const index = indexOf.get(column.key);
      const raw = index === undefined ? undefined : record.fields[index];
      if (raw === undefined || raw.trim() === '') {
        if (column.csvRequired) {
          throw new Error(
            `Línea ${record.line}: falta el valor obligatorio de la columna «${column.key}».`,
          );
        }
        if (column.default !== undefined) row[column.key] = column.default;
        continue;
      }
      row[column.key] = coerce(column, raw, record.line);
    }
    rows.push(row);
  }
  return rows;
}

/**
 * The records of a CSV text read with the rules above (BOM, «,» or «;», quotes,
 * line ends, blank lines ignored), the first one being the headers; for files
 * that are not one table's rows (db/reference/territorialDivision.ts).
 * Throws an Error (Spanish message with the line) on an unclosed quote.
 */
export function readCsvRecords(csvText: string): { readonly line: number; readonly fields: string[] }[] {
  const text = csvText.charCodeAt(0) === 0xfeff ? csvText.slice(1) : csvText;
  return tokenize(text, detectDelimiter(text));
}
