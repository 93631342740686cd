import { NumberInput } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { useField } from './useField';
import { useNumberDraft } from './useNumberDraft';

const asNumber = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/**
 * Counts and other numbers. Bounds (schema `minimum`/`maximum`, or the
 * engine's resolved `x-min`/`x-max`) drive the steppers but never clamp what
 * is typed: an out-of-range value is reported by the engine's message.
 */
export default function NumberWidget(props: WidgetProps) {
  const field = useField(props);
  const { node, view } = field;
  const draft = useNumberDraft(field.value);
  const min = asNumber(view.min) ?? node.minimum;
  const max = asNumber(view.max) ?? node.maximum;
  return (
    <NumberInput
      {...field.wrapper}
      aria-required={field.ariaRequired}
      value={draft.shown}
      onChange={(v) => field.change(draft.accept(v))}
      onBlur={field.blur}
      min={min}
      max={max}
      clampBehavior="none"
      allowDecimal={node.type !== 'integer'}
      allowNegative={min === undefined || min < 0}
      placeholder={props.placeholder || undefined}
    />
  );
}
