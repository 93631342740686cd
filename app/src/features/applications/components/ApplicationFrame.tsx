/**
 * An application's step before its page's code has arrived: the same grid,
 * the application's name and the step's title (the page's largest text, what
 * a phone's "largest contentful paint" waits for), from the form the address
 * asked for early, or before it arrives as this browser last saw the form
 * (lib/publishedForms.ts: a citizen back to a draft sees them with the first
 * bundle), and a loader where the questions go. It is in the first bundle
 * (the router shows it while the step's code loads) and uses only components
 * whose styles the first paint has.
 *
 * Once the draft and its form version have arrived (both asked for with the
 * first bundle, AppRoutes.preloadPage), the step's first fields are drawn
 * above the loader with the citizen's answers, as the form will draw them
 * (form-mantine's StepPreview): on a slow phone the answers show a second or
 * more before the form's code, and the form then takes their place without
 * anything moving.
 */
import { useDeferredValue } from 'react';
import { Grid, Loader, Stack, Text, Title } from '@mantine/core';
import type { FormNode } from '@portal/form-engine';
import { StepPreview } from '@portal/form-mantine/preview';
import { useApplication } from '../../../api/applications';
import { useListsAskedAhead } from '../../../api/optionLists';
import { frameOf, useArrivedForm, useFormFrame } from '../../../lib/publishedForms';
import { useKeptFocus } from '../../../lib/keptFocus';
import { PAGE_TITLE } from '../../../lib/useRouteFocus';
import { useFormRoute } from '../useFormRoute';

type FrameSchema = Parameters<typeof frameOf>[0];

/** `schema`: the form when the page already has it (its code arrived, the draft not yet); else the form's last answer, or as this browser last saw it. */
export function ApplicationFrame({ schema: known }: { schema?: FrameSchema }) {
  const route = useFormRoute();
  // Also when the step replaces it inside its own page (the frame shows there while the draft loads).
  const focused = useKeptFocus();
  const seen = useFormFrame(route.form);
  const frame = known ? frameOf(known) : seen;
  // Only a step the address names: the first visible one depends on the answers, which the engine decides.
  const stepTitle = route.step ? frame?.steps[route.step] : undefined;
  const { data: arrivedApp } = useApplication(route.form, route.id);
  // The form version the draft is on, as the page will draw it.
  const arrivedForm = useArrivedForm(route.form, arrivedApp?.form_version);
  // The draft (SWR), its form and its lists arrive through stores React renders synchronously: the preview's
  // first fields were one task of ~25 ms on a desktop core. Deferred, that render sees what was already
  // drawn, and the preview comes in a transition, in slices.
  const app = useDeferredValue(arrivedApp);
  const form = useDeferredValue(arrivedForm);
  const lists = useDeferredValue(useListsAskedAhead());
  const loader = <Loader role="progressbar" aria-label="Cargando la solicitud" />;
  return (
    <Grid gap="xl" ref={focused.ref} onFocus={focused.onFocus} onBlur={focused.onBlur}>
      <Grid.Col span={{ base: 12, md: 4 }}>
        {/* On a phone the page's list of sections is one line here ("Secciones: paso 2 de 10"): its place is kept. */}
        <Text hiddenFrom="md" aria-hidden="true">&nbsp;</Text>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="md">
          {/* The step's number needs the engine: its line is kept, so nothing moves when it arrives. */}
          {stepTitle && <StepHeading formTitle={frame?.title} title={stepTitle} />}
          {stepTitle && app && form ? (
            <StepPreview schema={form.schema as FormNode} section={route.step as string} data={app.data} lists={lists}>
              {loader}
            </StepPreview>
          ) : (
            loader
          )}
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

/**
 * The top of a step, drawn by the step and by its frame: the application's name (the page's h1, in
 * small print), the step's number (a kept line while the engine has not counted the steps) and the
 * step's title, the heading focus goes to.
 */
export function StepHeading({ formTitle, stepLine, title }: { formTitle?: string; stepLine?: string; title: string }) {
  return (
    <div>
      {formTitle && <Text component="h1" size="sm" c="dimmed">{formTitle}</Text>}
      {stepLine ? <Text size="sm" c="dimmed">{stepLine}</Text> : <Text size="sm" c="dimmed" aria-hidden="true">&nbsp;</Text>}
      <Title order={2} {...PAGE_TITLE}>{title}</Title>
    </div>
  );
}

