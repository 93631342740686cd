import { Button, Group, Stack, Text } from '@mantine/core';
import type { ModalContentProps } from '../modalContent';

/** The content of a registered modal whose function a later issue builds. */
export default function PlaceholderContent({ close }: ModalContentProps) {
  return (
    <Stack>
      <Text>Esta función estará disponible próximamente.</Text>
      <Group justify="flex-end">
        <Button onClick={close}>Entendido</Button>
      </Group>
    </Stack>
  );
}
