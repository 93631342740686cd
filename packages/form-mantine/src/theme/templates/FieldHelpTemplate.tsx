import { Text } from '@mantine/core';
import type { FieldHelpProps } from '@rjsf/utils';
import { helpId } from '@rjsf/utils';

/** `ui:help` text under a field, when a uiSchema provides one. */
export default function FieldHelpTemplate({ help, fieldPathId }: FieldHelpProps) {
  if (!help) return null;
  return <Text id={helpId(fieldPathId)} size="xs" c="dimmed">{help}</Text>;
}
