/**
 * The review of an application before its page's code and data have arrived: its title, where the
 * review puts it (the page's largest text, what a phone's "largest contentful paint" waits for), and
 * a loader where the answers go. In the first bundle, with components whose styles the first paint has.
 */
import { Loader, Stack, Title } from '@mantine/core';

/** The review's title (ReviewPage shows it too). */
export const REVIEW_TITLE = 'Revise sus respuestas antes de enviar';

export function ReviewFrame() {
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">{REVIEW_TITLE}</Title>
      <Loader role="progressbar" aria-label="Cargando la solicitud" />
    </Stack>
  );
}
