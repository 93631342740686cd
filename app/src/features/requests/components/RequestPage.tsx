import { Alert, Anchor, Button, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import useSWR from 'swr';
import { Link, useParams } from 'wouter';
import { DOCUMENTS_KEY, listDocuments } from '../../../api/documents';
import { isRequestId, useRequest, type CitizenRequestDetail } from '../../../api/requests';
import { SubmittedAnswers } from '../../../components/answers/SubmittedAnswers';
import { RequestStatusBadge } from '../../../components/RequestStatusBadge';
import { paths } from '../../../config/paths';
import { statusOf } from '../../../lib/apiError';
import { useOnlineForm } from '../../../lib/onlineForms';
import { formatWhen as formatDate } from '../../../lib/dates';
import { openModal } from '../../../modals/modalStore';
import { ActionCallout, Comments, Documents, Payments, RatingSection, Timeline, WithdrawButton } from './RequestSections';

/** The answers as submitted, read-only (the review's component), once the form's schema is in. */
function Answers({ request }: { request: CitizenRequestDetail }) {
  // Read through the version it was submitted under, forever.
  const { data: form, error } = useOnlineForm(request.form, request.form_version);
  const { data: documents } = useSWR(DOCUMENTS_KEY, listDocuments);
  return (
    <Stack component="section" aria-labelledby="respuestas" gap="sm">
      <Title order={2} size="h3" id="respuestas">Sus respuestas</Title>
      {error && <Alert color="red">No se pudo cargar el formulario para mostrar sus respuestas.</Alert>}
      {!form && !error && <Loader role="progressbar" size="sm" aria-label="Cargando sus respuestas" />}
      {form && <SubmittedAnswers form={form} data={request.data} documents={documents} headingOrder={3} idPrefix="resp" />}
    </Stack>
  );
}

/** /mis-solicitudes/:id: one submitted request followed to the end (timeline, answers, documents, payments, thread, withdraw, rate). */
export function RequestPage() {
  const { id } = useParams<{ id: string }>();
  const valid = isRequestId(id);
  const { data: request, error } = useRequest(id, valid);

  if (!valid || statusOf(error) === 404) {
    return (
      <Stack>
        <Title order={1}>Solicitud no encontrada</Title>
        <Text>No encontramos esta solicitud entre las suyas.</Text>
        <Anchor component={Link} href={paths.myRequests.href()}>Volver a Mis solicitudes</Anchor>
      </Stack>
    );
  }
  if (error) return <Alert color="red" title="No se pudo cargar la solicitud">Verifique su conexión e intente de nuevo.</Alert>;
  if (!request) return <Loader role="progressbar" aria-label="Cargando la solicitud" />;

  return (
    <Stack gap="lg">
      <Anchor component={Link} href={paths.myRequests.href()} size="sm">← Mis solicitudes</Anchor>
      <Stack gap={4}>
        <Title order={1}>{request.service}</Title>
        <Group gap="sm">
          <Text fw={700} data-testid="codigo-solicitud">{request.code}</Text>
          <RequestStatusBadge status={request.status} />
        </Group>
        {request.company_name && <Text>{request.company_name}</Text>}
        <Text size="sm" c="dimmed">
          {request.institution} · Enviada el {formatDate(request.submitted_at)} · Actualizada el {formatDate(request.updated_at)}
        </Text>
      </Stack>
      <ActionCallout request={request} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Timeline request={request} />
        <Payments request={request} />
      </SimpleGrid>
      <Comments request={request} />
      <Documents request={request} />
      <RatingSection request={request} />
      <Answers request={request} />
      <Group>
        {/* A complaint about this request goes to its institution (SERVICE_CLAIMS, «Mis reclamos»). */}
        <Button variant="default" onClick={() => openModal('SERVICE_CLAIMS', { data: { request_id: request.id } })}>Presentar un reclamo</Button>
        {request.allowed.includes('desistir') && <WithdrawButton request={request} />}
      </Group>
    </Stack>
  );
}
