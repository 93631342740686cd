import { Button, Group, Stack, Text } from '@mantine/core';
import type { ModalContentProps } from '../../../modals/modalContent';

/**
 * SERVICE_RECOMENDED_THANKS: the modal's title says the suggestion was sent;
 * a thank-you text and "ACEPTAR", which closes it. It replaces the form in
 * the same dialog: ModalHost gives focus back to what opened the form.
 */
export default function SuggestionThanksContent({ close }: ModalContentProps) {
  return (
    <Stack>
      <Text>
        Gracias por ayudarnos a mejorar el portal. El equipo del catálogo de servicios revisará su sugerencia y, si necesita más
        información, le escribirá a su correo electrónico.
      </Text>
      <Group justify="flex-end">
        <Button onClick={close} data-autofocus>ACEPTAR</Button>
      </Group>
    </Stack>
  );
}
