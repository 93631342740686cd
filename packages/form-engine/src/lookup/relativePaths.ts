/**
 * References of the rule dialect seen from a field: `fila.x` is a field of the
 * field's own grid row, anything else is an absolute dot path. Lookups fill
 * and clear such targets in the browser and on the server alike.
 */

/** The path of the grid row holding `path` (`grid.2` for `grid.2.x`), or null outside grids. */
export function rowPathOf(path: string): string | null {
  const segs = path === '' ? [] : path.split('.');
  for (let i = segs.length - 1; i >= 0; i--) {
    if (/^\d+$/.test(segs[i])) return segs.slice(0, i + 1).join('.');
  }
  return null;
}

/** Resolves a reference seen from `fieldPath`: `fila.x` is a field of the same row; others are absolute. */
export function resolveRelative(target: string, fieldPath: string): string {
  if (target !== 'fila' && !target.startsWith('fila.')) return target;
  const row = rowPathOf(fieldPath);
  if (row === null) return target.slice(5);
  return target === 'fila' ? row : `${row}.${target.slice(5)}`;
}
