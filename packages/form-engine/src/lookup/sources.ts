/**
 * Reading an option-source answer (`x-source`): its items, an item's label and
 * a value as stored. Kept apart from the lookups (lookup.ts) so pages that only
 * read lists (the step drawn before the form's code) do not load the rules.
 */
import type { SourceDecl } from '../types';
import { valueAt } from '../paths/paths';

/**
 * The items of an option-source answer (`x-source`): the objects in the list
 * at `decl.items`. The browser builds its options from them and the server
 * checks a chosen value against them, so both read an answer the same way.
 */
export function sourceItems(decl: SourceDecl, body: unknown): Record<string, unknown>[] {
  const list = valueAt(body, decl.items);
  if (!Array.isArray(list)) return [];
  return list.filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null && !Array.isArray(item));
}

/**
 * The label of an option-source item: its `decl.label` properties that have a
 * value, joined with " - " ('' when none has). The select's options and the
 * answers read back label an item the same way.
 */
export function sourceLabel(decl: SourceDecl, item: Record<string, unknown>): string {
  return [decl.label]
    .flat()
    .map((k) => item[k])
    .filter((v) => v !== undefined && v !== null && v !== '')
    .join(' - ');
}

/**
 * An option's value as stored in a field of type `type`: ids of integer and
 * number fields are numbers even when a service sends them as strings. The
 * browser's options and the server's list check both compare through it.
 */
export function sourceValue(value: unknown, type: string | undefined): unknown {
  if ((type === 'integer' || type === 'number') && typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return value;
}
