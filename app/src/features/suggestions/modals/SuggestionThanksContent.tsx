import { useEffect } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import type { ModalContentProps } from '../../../modals/modalContent';

/** What SERVICE_RECOMENDED_THANKS is opened with. */
export interface SuggestionThanksData {
  /** The control that opened the form, to give focus back to when the thanks close. Default: none. */
  returnFocusTo?: HTMLElement | null;
}

/** How long after closing focus may still be nowhere: the dialog's own focus return runs first. */
const FOCUS_RETURN_DELAY_MS = 100;

/**
 * SERVICE_RECOMENDED_THANKS: the modal's title says the suggestion was sent;
 * a thank-you text and "ACEPTAR", which closes it. The dialog replaced the
 * form, so its own focus return points at the form's vanished button: once
 * closed (ACEPTAR, Escape, the backdrop), focus left on the page's body goes
 * back to what opened the form.
 */
export default function SuggestionThanksContent({ data, close }: ModalContentProps) {
  const opener = (data as SuggestionThanksData | undefined)?.returnFocusTo ?? null;
  useEffect(
    () => () => {
      if (!opener) return;
      setTimeout(() => {
        const lost = document.activeElement === null || document.activeElement === document.body;
        if (lost && opener.isConnected) opener.focus();
      }, FOCUS_RETURN_DELAY_MS);
    },
    [opener],
  );
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
