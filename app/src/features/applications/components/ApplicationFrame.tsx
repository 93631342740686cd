/**
 * An application's step before its page's code has arrived: the same grid,
 * the application's name and the step's title (the page's largest text, what
 * a phone's "largest contentful paint" waits for), from the form the address
 * asked for early, or before it arrives as this browser last saw the form
 * (lib/publishedForms.ts: a citizen back to a draft sees them with the first
 * bundle), and a loader where the questions go. It is in the first bundle
 * (the router shows it while the step's code loads) and uses only components
 * whose styles the first paint has.
 */
import { Grid, Loader, Stack, Text, Title } from '@mantine/core';
import { frameOf, useFormFrame } from '../../../lib/publishedForms';
import { useFormRoute } from '../useFormRoute';

type FrameSchema = Parameters<typeof frameOf>[0];

/** `schema`: the form when the page already has it (its code arrived, the draft not yet); else the form's last answer, or as this browser last saw it. */
export function ApplicationFrame({ schema: known }: { schema?: FrameSchema }) {
  const route = useFormRoute();
  const seen = useFormFrame(route.form);
  const frame = known ? frameOf(known) : seen;
  // Only a step the address names: the first visible one depends on the answers, which the engine decides.
  const stepTitle = route.step ? frame?.steps[route.step] : undefined;
  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, md: 4 }}>
        {/* On a phone the page's list of sections is one line here ("Secciones: paso 2 de 10"): its place is kept. */}
        <Text hiddenFrom="md" aria-hidden="true">&nbsp;</Text>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="md">
          {stepTitle && (
            <div>
              {frame?.title && <Text size="sm" c="dimmed">{frame.title}</Text>}
              {/* The step's number needs the engine: its line is kept, so nothing moves when it arrives. */}
              <Text size="sm" c="dimmed" aria-hidden="true">&nbsp;</Text>
              <Title order={2}>{stepTitle}</Title>
            </div>
          )}
          <Loader role="progressbar" aria-label="Cargando la solicitud" />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
