import type { WidgetProps } from '@rjsf/utils';
import { toggleProps } from './toggleProps';
import { useField } from './useField';
import { SwitchField } from './SwitchField';

/** On/off answers (`x-widget: switch`), e.g. "distinto al representante". */
export default function SwitchWidget(props: WidgetProps) {
  return <SwitchField {...toggleProps(useField(props))} />;
}
