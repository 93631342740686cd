import { Stack, Title } from '@mantine/core';
import { MyApplications } from './MyApplications';

/** /mis-solicitudes: the citizen's drafts and requests on a page of their own. */
export function MyRequestsPage() {
  return (
    <Stack gap="lg">
      <Title order={1}>Mis solicitudes</Title>
      <MyApplications heading={false} />
    </Stack>
  );
}
