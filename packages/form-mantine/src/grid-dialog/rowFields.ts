/** The pure half of a dialog grid: the row's fields, the table's columns and which rows have errors. */
import type { Evaluation, FormNode, PathMessage } from '@portal/form-engine';
import { isVisible } from '../field-state/fieldView';

/** A leaf field of a row: its key path inside the row (`monto`, `direccion.calle`) and node. */
export interface RowField {
  key: string;
  node: FormNode;
}

const isLeaf = (n: FormNode) => n.type !== 'object' && n.type !== 'array' && !n.properties;

/** The row's leaf fields, in the schema's order (nested objects are walked; nested grids are left out). */
export function rowFields(rowSchema: FormNode | undefined): RowField[] {
  const out: RowField[] = [];
  const walk = (node: FormNode, prefix: string) => {
    for (const [key, child] of Object.entries(node.properties ?? {})) {
      const path = prefix ? `${prefix}.${key}` : key;
      if (isLeaf(child)) out.push({ key: path, node: child });
      else if (child.type !== 'array') walk(child, path);
    }
  };
  if (rowSchema) walk(rowSchema, '');
  return out;
}

/**
 * The table's columns: the first three fields shown in some row (all fields
 * of a row count when there are no rows yet and the field has no `x-visible`).
 */
export function tableColumns(fields: RowField[], gridPath: string, rowCount: number, evaluation: Evaluation | null): RowField[] {
  const shown = (f: RowField) => {
    if (rowCount === 0 || evaluation === null) return f.node['x-visible'] === undefined;
    for (let i = 0; i < rowCount; i++) if (isVisible(evaluation, `${gridPath}.${i}.${f.key}`)) return true;
    return false;
  };
  return fields.filter(shown).slice(0, 3);
}

/** The messages of `errors` about row `rowPath` (its fields or the row itself). */
export function rowErrors(errors: readonly PathMessage[], rowPath: string): PathMessage[] {
  return errors.filter((e) => e.path === rowPath || e.path.startsWith(`${rowPath}.`));
}
