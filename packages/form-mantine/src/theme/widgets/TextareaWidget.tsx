import { Textarea } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { useField } from './useField';

/** Long text (`x-widget: textarea`), growing with its content. */
export default function TextareaWidget(props: WidgetProps) {
  const field = useField(props);
  return (
    <Textarea
      {...field.wrapper}
      aria-required={field.ariaRequired}
      autosize
      minRows={3}
      maxRows={12}
      maxLength={field.node.maxLength}
      value={typeof field.value === 'string' ? field.value : ''}
      placeholder={props.placeholder || undefined}
      onChange={(event) => field.change(event.currentTarget.value === '' ? undefined : event.currentTarget.value)}
      onBlur={field.blur}
    />
  );
}
