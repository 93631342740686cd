import { useDeferredValue } from 'react';
import { Loader, Stack, Title } from '@mantine/core';
import { useApplications } from '../../../api/applications';
import { usePageShownOnceDrawn } from '../../../lib/afterFirstPaint';
import { MyApplications } from './MyApplications';
import { SubmittedRequests } from './SubmittedRequests';

/**
 * /mis-solicitudes: the citizen's submitted requests (filtered by status) and, apart, their drafts.
 * Both lists wait for the drafts (or their failure): drawn above the submitted requests, drafts that
 * answered after them pushed the whole section down (a layout shift of 0.1 on a phone, seen in two
 * Lighthouse loads of three). What comes later, the submitted list, only grows the page below.
 */
export function MyRequestsPage() {
  const drafts = useApplications();
  // Drawn in a transition, in slices: SWR's answer renders synchronously, and both lists were one ~100 ms
  // task with the CPU 4× slower.
  const waiting = useDeferredValue(drafts.data === undefined && drafts.error === undefined);
  usePageShownOnceDrawn(!waiting);
  return (
    <Stack gap="xl">
      <Title order={1}>Mis solicitudes</Title>
      {waiting ? (
        <Loader role="progressbar" aria-label="Cargando sus solicitudes" />
      ) : (
        <>
          <MyApplications draftsOnly title="Borradores" />
          <SubmittedRequests />
        </>
      )}
    </Stack>
  );
}
