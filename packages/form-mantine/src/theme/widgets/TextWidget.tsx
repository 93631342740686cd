import type { ClipboardEvent } from 'react';
import { Loader } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import type { FormNode } from '@portal/form-engine';
import { useField } from './useField';
import { InputField, textInputType } from './InputField';
import { useUncontrolledText } from './useUncontrolledText';
import { useMaskedInput } from '../../widgets/masked/useMaskedInput';
import { useLookup } from '../../widgets/lookup/useLookup';

export const NO_PASTE_NOTE = 'Por seguridad, escriba este dato; no se permite pegarlo.';

const preventPaste = (event: ClipboardEvent<HTMLInputElement>) => event.preventDefault();

/**
 * Text fields. Reads the dialect's keywords on the node: `x-mask` (shows
 * "###-#######-#" while storing digits), `x-lookup` (remote check while
 * typing, with a loader in the input) and `x-no-paste` (confirmation
 * fields refuse paste, and say so in their description).
 */
export default function TextWidget(props: WidgetProps) {
  const node = props.schema as FormNode;
  // Masks reformat what is typed and lookups follow each value: those inputs are controlled.
  return node['x-mask'] === undefined && node['x-lookup'] === undefined ? <PlainTextWidget {...props} /> : <ControlledTextWidget {...props} />;
}


/** Free text: the browser keeps the text; a keystroke re-renders nothing (useUncontrolledText). */
function PlainTextWidget(props: WidgetProps) {
  const { placeholder, autofocus } = props;
  const noPaste = props.schema['x-no-paste'] === true;
  const field = useField(props, noPaste ? NO_PASTE_NOTE : undefined, { value: false });
  const { node, store, path } = field;
  const text = useUncontrolledText(store, path);

  return (
    <InputField
      {...field.wrapper}
      ref={text.ref as React.Ref<HTMLInputElement>}
      aria-required={field.ariaRequired}
      type={textInputType(node.format)}
      autoComplete={noPaste ? 'off' : undefined}
      defaultValue={text.defaultValue}
      maxLength={node.maxLength}
      placeholder={placeholder || undefined}
      autoFocus={autofocus}
      onChange={(event) => field.change(text.parse(event.currentTarget.value))}
      onBlur={field.blur}
      onPaste={noPaste ? preventPaste : undefined}
      onDrop={noPaste ? (event) => event.preventDefault() : undefined}
    />
  );
}

function ControlledTextWidget(props: WidgetProps) {
  const { placeholder, autofocus } = props;
  const noPaste = props.schema['x-no-paste'] === true;
  const field = useField(props, noPaste ? NO_PASTE_NOTE : undefined);
  const { node, store, path, value } = field;
  const mask = typeof node['x-mask'] === 'string' ? node['x-mask'] : undefined;
  const masked = useMaskedInput(mask, value);
  const lookup = useLookup(store, node['x-lookup'], path, node.format, value);
  const type = textInputType(node.format);

  return (
    <InputField
      {...field.wrapper}
      ref={masked.ref}
      aria-required={field.ariaRequired}
      type={type}
      inputMode={mask ? 'numeric' : undefined}
      autoComplete={noPaste ? 'off' : undefined}
      value={masked.display}
      maxLength={mask ? undefined : node.maxLength}
      placeholder={placeholder || undefined}
      autoFocus={autofocus}
      rightSection={lookup.pending ? <Loader size="calc(var(--input-right-section-size) / 2)" /> : undefined}
      aria-busy={lookup.pending || undefined}
      onChange={(event) => field.change(masked.parse(event))}
      onBlur={field.blur}
      onPaste={noPaste ? preventPaste : undefined}
      onDrop={noPaste ? (event) => event.preventDefault() : undefined}
    />
  );
}
