/**
 * A readable name for a field path, for error summaries: the field's title,
 * preceded by the grid and row it sits in ("Referencias Bancarias, fila 2:
 * Nombre del banco").
 */
import { isRowIndex, type FormSchema } from '@portal/form-engine';
import { nodeAt, splitPath } from '../data/paths';

export function describePath(schema: FormSchema, path: string): string {
  const segs = splitPath(path);
  const parts: string[] = [];
  for (let i = 0; i < segs.length; i++) {
    if (!isRowIndex(segs[i])) continue;
    const grid = nodeAt(schema, segs.slice(0, i).join('.'));
    parts.push(`${grid?.title ?? segs[i - 1]}, fila ${Number(segs[i]) + 1}`);
  }
  const node = nodeAt(schema, path);
  const own = isRowIndex(segs.at(-1) ?? '') ? undefined : node?.title ?? segs.at(-1);
  return [parts.join(', '), own].filter(Boolean).join(': ');
}
