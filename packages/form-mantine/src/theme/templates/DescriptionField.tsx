import { Text } from '@mantine/core';
import type { DescriptionFieldProps } from '@rjsf/utils';

/** A description paragraph (objects draw their own; widgets pass theirs to the Mantine input). */
export default function DescriptionField({ id, description }: DescriptionFieldProps) {
  if (!description) return null;
  return <Text id={id} size="sm" c="dimmed">{description}</Text>;
}
