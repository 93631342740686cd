import { useMemo } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { useField } from './useField';
import { DeferredSelect } from './DeferredSelect';
import { CHOOSE_OPTION } from './SelectStandIn';
import { toChoices, useListMountedWhileOpen } from './selectOptions';
import { wordFilter } from './wordFilter';

/**
 * Fixed option lists (`oneOf` with `const`/`title`), narrowed to the engine's
 * `x-options` subset when the rules restrict them. Long lists are searchable,
 * with the same rule as the fetched lists (wordFilter.ts).
 */
export default function SelectWidget(props: WidgetProps) {
  const field = useField(props);
  const list = useListMountedWhileOpen();
  const { enumOptions } = props.options;
  const choices = useMemo(() => toChoices(enumOptions, field.value, field.view.options), [enumOptions, field.value, field.view.options]);
  const filter = useMemo(() => wordFilter(), []);
  return (
    <DeferredSelect
      {...field.wrapper}
      aria-required={field.ariaRequired}
      data={choices.items}
      value={choices.keyOf(field.value)}
      onChange={(key) => field.choose(choices.valueOf(key))}
      onBlur={field.blur}
      placeholder={props.placeholder || CHOOSE_OPTION}
      searchable={choices.items.length > 8}
      filter={filter}
      nothingFoundMessage="No hay opciones que coincidan"
      clearable={!field.view.required && !field.wrapper.readOnly}
      // Mantine's clear button is an unnamed icon (WCAG 4.1.2).
      clearButtonProps={{ 'aria-label': 'Borrar la selección' }}
      allowDeselect={!field.view.required}
      {...list}
    />
  );
}
