import { useMemo } from 'react';
import { NumberInput } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { getAt, resolveRelative } from '../../data/paths';
import { useStoreSelect } from '../../field-state/hooks';
import { useField } from './useField';
import { useNumberDraft } from './useNumberDraft';
import { currencyPrefix, esDoSeparators } from './currency';

/**
 * Amounts (`x-widget: currency`): es-DO grouping, two decimals, and the
 * prefix of the currency chosen in the field named by `x-currency-field`
 * ("RD$ " when there is none).
 */
export default function CurrencyWidget(props: WidgetProps) {
  const field = useField(props);
  const { node, store, path, view } = field;
  const currencyField = typeof node['x-currency-field'] === 'string' ? resolveRelative(node['x-currency-field'], path) : null;
  const currencyPaths = useMemo(() => (currencyField ? [currencyField] : []), [currencyField]);
  const currency = useStoreSelect(store, (s) => {
    const code = currencyField ? getAt(s.data, currencyField) : undefined;
    return typeof code === 'string' ? code : null;
  }, currencyPaths);
  const draft = useNumberDraft(field.value);
  const min = typeof view.min === 'number' ? view.min : node.minimum;
  return (
    <NumberInput
      {...field.wrapper}
      aria-required={field.ariaRequired}
      value={draft.shown}
      onChange={(v) => field.change(draft.accept(v))}
      onBlur={field.blur}
      prefix={currencyPrefix(currency)}
      thousandSeparator={esDoSeparators().group}
      decimalSeparator={esDoSeparators().decimal}
      decimalScale={2}
      min={min}
      clampBehavior="none"
      allowNegative={min === undefined || min < 0}
      hideControls
      inputMode="decimal"
    />
  );
}
