import { Stack, Title } from '@mantine/core';
import { MyApplications } from './MyApplications';
import { SubmittedRequests } from './SubmittedRequests';

/** /mis-solicitudes: the citizen's submitted requests (filtered by status) and, apart, their drafts. */
export function MyRequestsPage() {
  return (
    <Stack gap="xl">
      <Title order={1}>Mis solicitudes</Title>
      <MyApplications draftsOnly title="Borradores" />
      <SubmittedRequests />
    </Stack>
  );
}
