import { Checkbox } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import RequiredMark from '../templates/RequiredMark';
import { useField } from './useField';

/** A single yes/no box for booleans without `oneOf` or `x-widget`. */
export default function CheckboxWidget(props: WidgetProps) {
  const field = useField(props);
  const { id, label, description, error, withAsterisk, disabled, readOnly } = field.wrapper;
  return (
    <Checkbox
      id={id}
      label={<>{label}{withAsterisk && <RequiredMark />}</>}
      description={description}
      error={error}
      aria-invalid={error ? true : undefined}
      aria-required={field.ariaRequired}
      checked={field.value === true}
      onChange={(event) => {
        field.change(event.currentTarget.checked);
        field.store.touch(field.path);
      }}
      onBlur={field.blur}
      disabled={disabled}
      readOnly={readOnly}
    />
  );
}
