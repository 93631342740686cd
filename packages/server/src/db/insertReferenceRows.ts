import type { Queryable } from './Db';
import { REFERENCE_TABLES, type ReferenceColumnType, type ReferenceTable } from './referenceTables';

const BATCH = 500;

/** A reference row that does not fit its table; message in Spanish with the row number. */
export class ReferenceRowError extends Error {
  constructor(table: ReferenceTable, index: number, detail: string) {
    super(`Tabla ${table}, fila ${index + 1}: ${detail}`);
    this.name = 'ReferenceRowError';
  }
}

type Cell = string | number | null;

/** A list cell as JSON text: an array of non-empty texts, or a CSV cell with JSON or items separated by "|". */
function toJsonList(table: ReferenceTable, index: number, key: string, value: unknown): string {
  let list: unknown = value;
  if (typeof value === 'string') {
    const text = value.trim();
    try {
      list = text.startsWith('[') ? JSON.parse(text) : text.split('|').map((item) => item.trim()).filter((item) => item !== '');
    } catch {
      throw new ReferenceRowError(table, index, `el campo ${key} debe ser una lista JSON válida`);
    }
  }
  if (!Array.isArray(list) || !list.every((item) => typeof item === 'string' && item.trim() !== '')) {
    throw new ReferenceRowError(table, index, `el campo ${key} debe ser una lista de textos`);
  }
  return JSON.stringify(list.map((item: string) => item.trim()));
}

function toCell(table: ReferenceTable, index: number, key: string, type: ReferenceColumnType, required: boolean, value: unknown): Cell {
  if (value === undefined || value === null || value === '') {
    if (required) throw new ReferenceRowError(table, index, `falta el campo ${key}`);
    return null;
  }
  if (type === 'json') return toJsonList(table, index, key, value);
  if (type === 'numeric') {
    const number = typeof value === 'number' ? value : typeof value === 'string' && /^\d+(\.\d{1,2})?$/.test(value.trim()) ? Number(value) : NaN;
    if (!Number.isFinite(number) || number < 0 || number >= 1e10) throw new ReferenceRowError(table, index, `el campo ${key} debe ser un monto positivo`);
    return number;
  }
  if (type === 'integer') {
    const number = typeof value === 'number' ? value : typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : NaN;
    if (!Number.isSafeInteger(number)) throw new ReferenceRowError(table, index, `el campo ${key} debe ser un número entero`);
    return number;
  }
  if (typeof value !== 'string' && typeof value !== 'number') {
    throw new ReferenceRowError(table, index, `el campo ${key} debe ser texto`);
  }
  return String(value).trim();
}

/**
 * Inserts rows shaped like the reference JSON files (camelCase keys) into a
 * reference table, the columns and checks from its descriptor
 * (db/referenceTables.ts). Runs on whatever it is given, normally a transaction.
 * With `upsert`, a row whose key (the descriptor's first column, the primary
 * key) is already there has its other columns updated instead.
 */
export async function insertReferenceRows(
  tx: Queryable,
  table: ReferenceTable,
  rows: readonly Record<string, unknown>[],
  options: { upsert?: boolean } = {},
): Promise<number> {
  const spec = REFERENCE_TABLES[table];
  const columns = spec.columns.map((c) => c.column);
  if (spec.search) columns.push('busqueda');
  const [key, ...others] = columns;
  const onConflict = options.upsert ? ` ON CONFLICT (${key}) DO UPDATE SET ${others.map((c) => `${c} = EXCLUDED.${c}`).join(', ')}` : '';
  const prepared = rows.map((row, index) => {
    if (typeof row !== 'object' || row === null) throw new ReferenceRowError(table, index, 'no es un objeto');
    const byKey: Record<string, Cell> = {};
    const cells = spec.columns.map((c) => (byKey[c.key] = toCell(table, index, c.key, c.type, c.required, row[c.key])));
    if (spec.search) cells.push(spec.search(byKey));
    return cells;
  });
  for (let start = 0; start < prepared.length; start += BATCH) {
    const batch = prepared.slice(start, start + BATCH);
    const params: Cell[] = [];
    const tuples = batch.map((cells) => {
      const marks = cells.map((cell) => {
        params.push(cell);
        return `$${params.length}`;
      });
      return `(${marks.join(', ')})`;
    });
    await tx.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${tuples.join(', ')}${onConflict}`, params);
  }
  return prepared.length;
}
