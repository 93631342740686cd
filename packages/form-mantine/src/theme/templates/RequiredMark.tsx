import { Text, VisuallyHidden } from '@mantine/core';

/** The required asterisk for legends and titles: hidden from assistive tech, which hears "obligatorio" instead. */
export default function RequiredMark() {
  return (
    <>
      <Text component="span" c="var(--mantine-color-error)" aria-hidden="true" ml={4}>*</Text>
      <VisuallyHidden>(obligatorio)</VisuallyHidden>
    </>
  );
}
