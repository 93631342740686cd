import { FORMALIZATION_FORM } from '@portal/api-contract';
import { useState } from 'react';
import { Alert, Anchor, Button, Card, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link, useLocation } from 'wouter';
import { createApplication, useApplications } from '../../../api/applications';
import { formPaths, paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/apiError';
import { applicationName } from '../applicationName';
import { DeleteDraftButton } from './DeleteDraftButton';
import { RequestStatusBadge } from '../../../components/RequestStatusBadge';
import { formatWhen } from '../../../lib/dates';

export interface MyApplicationsProps {
  /** Show the "Mis solicitudes" heading (h2). Default: true; the page of its own has an h1 instead. */
  heading?: boolean;
  /** Only the drafts (the page of its own lists the submitted requests apart). Default: false. */
  draftsOnly?: boolean;
  /** The heading's text. Default: 'Mis solicitudes'. */
  title?: string;
}

/** "Mis solicitudes": start a formalization, continue a draft of any online service, open a submitted request's page, delete a draft. */
export function MyApplications({ heading = true, draftsOnly = false, title = 'Mis solicitudes' }: MyApplicationsProps) {
  const [, navigate] = useLocation();
  const { data: all, error, mutate } = useApplications();
  const data = draftsOnly ? all?.filter((a) => a.status === 'borrador') : all;
  const [creating, setCreating] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // An expired session is not a failure to show: the client has ended it and sent the citizen home.
  const loadFailure = error ? errorMessage(error) : null;

  const start = async () => {
    setCreating(true);
    setFailure(null);
    try {
      const app = await createApplication(FORMALIZATION_FORM, { datos_solicitud: { 'cámara_de_comercio': 'SDQ' } });
      navigate(formPaths(FORMALIZATION_FORM).application(app.id));
    } catch (e) {
      setFailure(errorMessage(e, 'No se pudo crear la solicitud.'));
    } finally {
      setCreating(false);
    }
  };

  return (
    <Stack gap="md">
      <Group>
        <Button onClick={() => void start()} loading={creating}>Nueva solicitud de formalización</Button>
      </Group>
      {failure && <Alert color="red" role="alert">{failure}</Alert>}
      {heading && <Title order={2}>{title}</Title>}
      {loadFailure && <Alert color="red">No se pudieron cargar sus solicitudes.</Alert>}
      {data && data.length === 0 && <Text c="dimmed">{draftsOnly ? 'No tiene borradores.' : 'Todavía no tiene solicitudes.'}</Text>}
      {data?.map((a) => {
        const pages = formPaths(a.form);
        const href = a.status === 'borrador' ? pages.application(a.id) : paths.request.href(a.id);
        const name = applicationName(a);
        return (
          <Card key={a.id} withBorder>
            <Group justify="space-between">
              <div>
                <Text fw={600}>{name}</Text>
                <Text size="sm">{a.service_name}</Text>
                <Text size="sm" c="dimmed">Actualizada el {formatWhen(a.updated_at)}</Text>
              </div>
              <Group>
                <RequestStatusBadge status={a.status} />
                {/* One link per request: the hidden part names it, so a screen reader's list of links tells them apart (WCAG 2.4.4). */}
                <Anchor component={Link} href={href}>
                  {a.status === 'borrador' ? 'Continuar' : 'Ver'}<VisuallyHidden> {name}</VisuallyHidden>
                </Anchor>
                {a.status === 'borrador' && (
                  <DeleteDraftButton form={a.form} id={a.id} name={name} onDeleted={(id) => void mutate((list) => list?.filter((x) => x.id !== id), { revalidate: true })} />
                )}
              </Group>
            </Group>
          </Card>
        );
      })}
    </Stack>
  );
}
