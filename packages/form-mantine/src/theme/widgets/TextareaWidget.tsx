import { Textarea } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { useField } from './useField';
import { useUncontrolledText } from './useUncontrolledText';

/**
 * Long text (`x-widget: textarea`), growing with its content. Like plain
 * text inputs, the browser keeps the text: a keystroke renders nothing.
 */
export default function TextareaWidget(props: WidgetProps) {
  const field = useField(props, undefined, { value: false });
  const text = useUncontrolledText(field.store, field.path);
  return (
    <Textarea
      {...field.wrapper}
      ref={text.ref as React.Ref<HTMLTextAreaElement>}
      aria-required={field.ariaRequired}
      autosize
      minRows={3}
      maxRows={12}
      maxLength={field.node.maxLength}
      defaultValue={text.defaultValue}
      placeholder={props.placeholder || undefined}
      onChange={(event) => field.change(text.parse(event.currentTarget.value))}
      onBlur={field.blur}
    />
  );
}
