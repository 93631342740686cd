import { Switch } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import RequiredMark from '../templates/RequiredMark';
import { useField } from './useField';

/** On/off answers (`x-widget: switch`), e.g. "distinto al representante". */
export default function SwitchWidget(props: WidgetProps) {
  const field = useField(props);
  const { id, label, description, error, withAsterisk, disabled, readOnly } = field.wrapper;
  return (
    <Switch
      id={id}
      label={<>{label}{withAsterisk && <RequiredMark />}</>}
      description={description}
      error={error}
      aria-invalid={error ? true : undefined}
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
