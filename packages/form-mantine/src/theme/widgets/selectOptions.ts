/**
 * Options of selects and radios as Mantine wants them (string values, unique)
 * mapped back to the typed values the form stores (strings, numbers, booleans).
 */
import { useCallback, useEffect, useReducer, useState } from 'react';
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

/**
 * The list of every select of a form: in a portal (above the grids' scroll areas) and mounted only while
 * open. Mantine keeps a closed list in the page by default, and then measures each one's position as it
 * mounts (a forced layout and a synchronous re-render per select): some fifty on the partners' step, a
 * long task on a slow phone for lists nobody has opened. The portal itself is asked for only while open:
 * a Mantine portal mounts empty and fills itself in a layout effect, one more synchronous re-render per
 * select right after the step is drawn, for a list that is not there.
 *
 * Mantine learns the list's id only once the list has mounted (an effect, without a re-render), and the
 * input names its list (`aria-controls`) and says it is expanded (`aria-expanded`) only when it knows that
 * id: the select renders once more after its list has mounted, so a screen reader hears it open.
 *
 * A closed select filters nothing: Mantine's Select runs its filter and builds an element per option on
 * every render, open or closed (its options component sits outside the list it fills), up to the list's
 * `limit`: the ~200 nationalities of each partner's row, the first 100 activities of each CIIU select, each
 * time a select was drawn. Closed, the limit is 0; `limit` (none: every option) is the open list's.
 * Spread the result on the Select.
 */
export function useListMountedWhileOpen(limit?: number) {
  const [open, setOpen] = useState(false);
  const [, rendered] = useReducer((n: number) => n + 1, 0);
  // A task later: the list's id is settled then (Mantine tells the select its list's id in an effect;
  // its own useId, kept in tests, also swaps that id for a random one in a layout effect).
  useEffect(() => {
    if (!open) return;
    const later = window.setTimeout(rendered, 0);
    return () => window.clearTimeout(later);
  }, [open]);
  return {
    comboboxProps: open ? OPEN_PROPS : CLOSED_PROPS,
    limit: open ? limit : 0,
    onDropdownOpen: useCallback(() => setOpen(true), []),
    onDropdownClose: useCallback(() => setOpen(false), []),
  };
}

const OPEN_PROPS = { withinPortal: true, keepMounted: false } as const;
const CLOSED_PROPS = { withinPortal: false, keepMounted: false } as const;
