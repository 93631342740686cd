/**
 * List filters in a query string, in every form browsers and the spec's client
 * send them: indexed (`area[0]=3&area[1]=5`), with empty brackets
 * (`area[]=3&area[]=5`), repeated (`area=3&area=5`) or single (`area=3`).
 * Fastify's parser leaves `area[0]` as a key of its own; this folds such keys
 * into one array under the plain name, in index order, before the route schema
 * validates and coerces the values.
 */
import { HttpError } from '../../http/HttpError';

const BRACKETED = /^([A-Za-z_]+)\[(\d{0,4})\]$/;
/** More values than this in one filter is not a person's search. */
export const MAX_FILTER_VALUES = 50;

/** The query with the list filters `names` gathered into arrays; a malformed bracket key is a Spanish 400. */
export function foldIndexedFilters(query: Record<string, unknown>, names: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const indexed = new Map<string, { index: number; order: number; values: unknown[] }[]>();
  let order = 0;
  for (const [key, value] of Object.entries(query)) {
    const bracket = key.indexOf('[');
    const base = bracket === -1 ? key : key.slice(0, bracket);
    if (bracket === -1 || !names.includes(base)) {
      if (names.includes(key)) {
        const list = indexed.get(key) ?? [];
        list.push({ index: -1, order: order++, values: Array.isArray(value) ? value : [value] });
        indexed.set(key, list);
      } else out[key] = value;
      continue;
    }
    const match = BRACKETED.exec(key);
    if (!match) throw new HttpError(400, 'Filtro inválido', [{ path: key, message: `Use ${base}[0]=…, ${base}[]=… o ${base}=…` }]);
    const list = indexed.get(base) ?? [];
    list.push({ index: match[2] === '' ? Number.MAX_SAFE_INTEGER : Number(match[2]), order: order++, values: Array.isArray(value) ? value : [value] });
    indexed.set(base, list);
  }
  for (const [name, parts] of indexed) {
    parts.sort((a, b) => a.index - b.index || a.order - b.order);
    const values = parts.flatMap((part) => part.values).filter((value) => value !== '');
    if (values.length > MAX_FILTER_VALUES) {
      throw new HttpError(400, 'Demasiados valores en un filtro', [{ path: name, message: `Como máximo ${MAX_FILTER_VALUES} valores` }]);
    }
    if (values.length > 0) out[name] = values;
  }
  return out;
}
