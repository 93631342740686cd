/**
 * The top of «Mis reclamos»: its heading, «Presentar un reclamo» and the line about what the page holds (on a
 * phone, the page's largest text). The page draws it, and so does its frame (`ClaimsFrame`, in the first
 * bundle) while the page's code is on its way, in the same place, with the page's own loader below: the
 * largest paint does not wait for the page's code, and nothing moves when the page takes the frame's place.
 * Only components whose styles the first paint has.
 */
import { Button, Group, Loader, Stack, Text, Title } from '@mantine/core';

/** What the page's loader says while the claims load (the frame's says the same, where the page puts it). */
export const CLAIMS_LOADING = 'Cargando sus reclamos';

/** `onNewClaim`: opens the claim dialog; without it (the frame), the button is drawn inert. */
export function ClaimsIntro({ onNewClaim }: { onNewClaim?: () => void }) {
  return (
    <>
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>Mis reclamos</Title>
        <Button onClick={onNewClaim} inert={onNewClaim === undefined}>Presentar un reclamo</Button>
      </Group>
      <Text>Sus quejas y reclamaciones sobre sus solicitudes o los servicios del catálogo, y las respuestas de cada institución.</Text>
    </>
  );
}

/** «Mis reclamos» before its code: the top as the page draws it, then the page's loader (the page's gap: `lg`). */
export function ClaimsFrame() {
  return (
    <Stack gap="lg">
      <ClaimsIntro />
      <Loader role="progressbar" aria-label={CLAIMS_LOADING} />
    </Stack>
  );
}
