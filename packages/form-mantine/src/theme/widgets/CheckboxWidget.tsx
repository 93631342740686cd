import { Checkbox } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { toggleProps } from './toggleProps';
import { useField } from './useField';

/** A single yes/no box for booleans without `oneOf` or `x-widget`. */
export default function CheckboxWidget(props: WidgetProps) {
  const field = useField(props);
  return <Checkbox {...toggleProps(field)} aria-required={field.ariaRequired} />;
}
