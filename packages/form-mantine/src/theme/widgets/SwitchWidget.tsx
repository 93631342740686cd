import { Switch } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { toggleProps } from './toggleProps';
import { useField } from './useField';

/** On/off answers (`x-widget: switch`), e.g. "distinto al representante". */
export default function SwitchWidget(props: WidgetProps) {
  return <Switch {...toggleProps(useField(props))} />;
}
