import type { WidgetProps } from '@rjsf/utils';
import { InputField } from './InputField';
import { useField } from './useField';

const isoDate = (v: unknown): string | undefined => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined);

/**
 * Dates as the browser's native date input (keyboard-operable, localized by
 * the browser), stored `AAAA-MM-DD`. The engine's resolved `x-min`/`x-max`
 * (e.g. today + 60 days) bound the picker; the engine's message explains.
 */
export default function DateWidget(props: WidgetProps) {
  const field = useField(props);
  return (
    <InputField
      {...field.wrapper}
      aria-required={field.ariaRequired}
      type="date"
      lang="es-DO"
      min={isoDate(field.view.min)}
      max={isoDate(field.view.max)}
      value={typeof field.value === 'string' ? field.value : ''}
      onChange={(event) => field.change(event.currentTarget.value === '' ? undefined : event.currentTarget.value)}
      onBlur={field.blur}
    />
  );
}
