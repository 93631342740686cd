/** Grid rows added and removed on the draft itself (see ArrayFieldTemplate). */
import { getAt } from './paths';

const rowsAt = (data: unknown, gridPath: string): unknown[] => {
  const rows = getAt(data, gridPath);
  return Array.isArray(rows) ? rows : [];
};

/** The grid's rows with an empty row appended. */
export function addRow(data: unknown, gridPath: string): unknown[] {
  return [...rowsAt(data, gridPath), {}];
}

/** The grid's rows without row `index`. */
export function removeRow(data: unknown, gridPath: string, index: number): unknown[] {
  return rowsAt(data, gridPath).filter((_, i) => i !== index);
}
