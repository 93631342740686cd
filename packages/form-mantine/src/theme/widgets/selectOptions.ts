/**
 * Options of selects and radios as Mantine wants them (string values, unique)
 * mapped back to the typed values the form stores (strings, numbers, booleans).
 */
export interface OptionLike {
  value: unknown;
  label: string;
  /** More text the search looks in besides the label, in search form (`searchText`): an `x-source`'s `searchIn`. */
  search?: string;
}

export interface ChoiceItem {
  value: string;
  label: string;
}

export interface Choices {
  items: ChoiceItem[];
  /** The key of a stored value (null when empty). */
  keyOf(value: unknown): string | null;
  /** The stored value of a key. */
  valueOf(key: string | null): unknown;
}

/** A stable string key per value; JSON keeps `1` and `"1"` apart. */
export const optionKey = (value: unknown): string => JSON.stringify(value) ?? 'null';

/**
 * Choices from option list. `allowed` (the engine's `x-options` subset)
 * leaves out what the rules forbid, `excluded` what other grid rows already
 * chose (`x-unique`); the current value always stays so it remains visible.
 * Duplicate values keep their first label.
 */
export function toChoices(
  options: readonly OptionLike[] | undefined,
  current?: unknown,
  allowed?: readonly unknown[],
  excluded?: readonly unknown[],
): Choices {
  const byKey = new Map<string, unknown>();
  const items: ChoiceItem[] = [];
  const currentKey = current === undefined || current === null ? null : optionKey(current);
  const allowedKeys = allowed ? new Set(allowed.map(optionKey)) : null;
  const excludedKeys = new Set((excluded ?? []).map(optionKey));
  for (const option of options ?? []) {
    const key = optionKey(option.value);
    if (byKey.has(key)) continue;
    const keep = key === currentKey || ((!allowedKeys || allowedKeys.has(key)) && !excludedKeys.has(key));
    if (!keep) continue;
    byKey.set(key, option.value);
    items.push({ value: key, label: option.label });
  }
  return {
    items,
    keyOf: (value) => (value === undefined || value === null ? null : optionKey(value)),
    valueOf: (key) => (key === null ? undefined : byKey.get(key)),
  };
}
