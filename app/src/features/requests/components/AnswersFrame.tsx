import { Loader, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The section «Sus respuestas» of a request's page; until the form is there (or its code), a loader in it. */
export function AnswersFrame({ children }: { children?: ReactNode }) {
  return (
    <Stack component="section" aria-labelledby="respuestas" gap="sm">
      <Title order={2} size="h3" id="respuestas">Sus respuestas</Title>
      {children ?? <Loader role="progressbar" size="sm" aria-label="Cargando sus respuestas" />}
    </Stack>
  );
}
