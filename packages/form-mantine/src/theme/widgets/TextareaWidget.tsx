import type { WidgetProps } from '@rjsf/utils';
import { useField } from './useField';
import { useUncontrolledText } from './useUncontrolledText';
import { TextareaField } from './InputField';

/**
 * Long text (`x-widget: textarea`), growing with its text (TextareaField). Like plain
 * text inputs, the browser keeps the text: a keystroke renders nothing.
 */
export default function TextareaWidget(props: WidgetProps) {
  const field = useField(props, undefined, { value: false });
  const text = useUncontrolledText(field.store, field.path);
  return (
    <TextareaField
      {...field.wrapper}
      ref={text.ref as React.Ref<HTMLTextAreaElement>}
      aria-required={field.ariaRequired}
      maxLength={field.node.maxLength}
      defaultValue={text.defaultValue}
      placeholder={props.placeholder || undefined}
      onChange={(event) => field.change(text.parse(event.currentTarget.value))}
      onBlur={field.blur}
    />
  );
}
