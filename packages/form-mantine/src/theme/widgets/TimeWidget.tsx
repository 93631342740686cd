import type { WidgetProps } from '@rjsf/utils';
import { InputField } from './InputField';
import { useField } from './useField';

/** Times as the browser's native time input, stored `HH:MM`. */
export default function TimeWidget(props: WidgetProps) {
  const field = useField(props);
  return (
    <InputField
      {...field.wrapper}
      aria-required={field.ariaRequired}
      type="time"
      lang="es-DO"
      value={typeof field.value === 'string' ? field.value.slice(0, 5) : ''}
      onChange={(event) => field.change(event.currentTarget.value === '' ? undefined : event.currentTarget.value.slice(0, 5))}
      onBlur={field.blur}
    />
  );
}
