import { useMemo } from 'react';
import { Group, Radio, VisuallyHidden } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { useField } from './useField';
import { toChoices } from './selectOptions';

/**
 * Short choices shown at once, above all the yes/no questions (`oneOf`
 * Sí/No on booleans). Mantine renders a `radiogroup` labelled by the label
 * and described by the error.
 */
export default function RadioWidget(props: WidgetProps) {
  const field = useField(props);
  const { enumOptions } = props.options;
  const choices = useMemo(() => toChoices(enumOptions, field.value, field.view.options), [enumOptions, field.value, field.view.options]);
  const { disabled, readOnly, label, styles: _inputStyles, ...wrapper } = field.wrapper;
  return (
    <Radio.Group
      {...wrapper}
      // A radiogroup cannot carry aria-required through Mantine; the label says it (the asterisk is aria-hidden).
      label={<>{label}{wrapper.withAsterisk && <VisuallyHidden> (obligatorio)</VisuallyHidden>}</>}
      value={choices.keyOf(field.value)}
      onChange={(key) => {
        field.choose(choices.valueOf(key));
        field.store.touch(field.path);
      }}
      readOnly={readOnly}
      disabled={disabled}
    >
      <Group gap="lg" mt="xs">
        {choices.items.map((item) => (
          <Radio key={item.value} value={item.value} label={item.label} onBlur={field.blur} />
        ))}
      </Group>
    </Radio.Group>
  );
}
