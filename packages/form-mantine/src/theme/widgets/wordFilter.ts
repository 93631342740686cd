/**
 * Mantine's `filter` for searchable selects with the engine's search rule
 * (`wordMatcher`): every word typed, in any order, starts a word of the
 * option, accents and case ignored. The filter looks through every option
 * and stops at `limit` matches, so a long list (386 sectors) shows its first
 * `limit` options before typing and finds any of them once typed.
 */
import type { ComboboxItem, ComboboxParsedItem, OptionsFilter } from '@mantine/core';
import { searchText, wordMatcher } from '@portal/form-engine';

const isGroup = (item: ComboboxParsedItem): item is Extract<ComboboxParsedItem, { group: unknown }> => 'group' in item;

/**
 * A filter over the options' labels and, when given, more text per option
 * key (already in search form: `searchText`), e.g. the CIIU division and
 * section titles. Options matched by their label come first, then those
 * matched only by the extra text; each in list order.
 */
export function wordFilter(extra?: ReadonlyMap<string, string>): OptionsFilter {
  // Labels in search form, prepared once per label for the filter's life (one list).
  const prepared = new Map<string, string>();
  const labelText = (label: string): string => {
    let text = prepared.get(label);
    if (text === undefined) {
      text = searchText(label);
      prepared.set(label, text);
    }
    return text;
  };

  const filter: OptionsFilter = ({ options, search, limit }) => {
    const matches = wordMatcher(search);
    const byLabel: ComboboxParsedItem[] = [];
    const byExtra: ComboboxItem[] = [];
    for (const option of options) {
      if (byLabel.length >= limit) break;
      if (isGroup(option)) {
        const items = filter({ options: option.items, search, limit: limit - byLabel.length }) as ComboboxItem[];
        if (items.length > 0) byLabel.push({ group: option.group, items });
      } else if (matches(labelText(option.label))) {
        byLabel.push(option);
      } else if (extra && byExtra.length < limit && matches(`${labelText(option.label)} ${extra.get(option.value) ?? ''}`)) {
        byExtra.push(option);
      }
    }
    return [...byLabel, ...byExtra].slice(0, limit);
  };
  return filter;
}
