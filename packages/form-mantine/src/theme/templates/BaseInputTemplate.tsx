import type { ChangeEvent } from 'react';
import type { BaseInputTemplateProps } from '@rjsf/utils';
import { InputField } from '../widgets/InputField';
import { useField } from '../widgets/useField';

/**
 * The plain `<input>` RJSF's own widgets fall back to (email, url, password,
 * …): a Mantine TextInput labelled and validated like every other field.
 */
export default function BaseInputTemplate(props: BaseInputTemplateProps) {
  const { type, placeholder, autofocus, onChangeOverride } = props;
  const field = useField(props);
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    if (onChangeOverride) onChangeOverride(event);
    else field.change(event.currentTarget.value === '' ? props.options.emptyValue : event.currentTarget.value);
  };
  return (
    <InputField
      {...field.wrapper}
      aria-required={field.ariaRequired}
      type={type && type !== 'number' && type !== 'integer' ? type : 'text'}
      value={typeof field.value === 'string' || typeof field.value === 'number' ? field.value : ''}
      placeholder={placeholder}
      autoFocus={autofocus}
      onChange={onChange}
      onBlur={field.blur}
    />
  );
}
