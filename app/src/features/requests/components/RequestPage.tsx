import { useDeferredValue } from 'react';
import { Alert, Anchor, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'wouter';
import { isRequestId, useRequest } from '../../../api/requests';
import { paths } from '../../../config/paths';
import { statusOf } from '../../../lib/apiError';
import { loadOnDemand } from '../../../lib/lazyPage';
import { preloadPublishedForm } from '../../../lib/publishedForms';
import { openModal } from '../../../modals/modalStore';
import { AnswersFrame } from './AnswersFrame';
import { ActionCallout, Comments, Documents, RatingSection, WithdrawButton } from './RequestSections';
import { RequestOverview } from './RequestOverview';
import { usePageShownOnceDrawn } from '../../../lib/afterFirstPaint';

/**
 * The answers as submitted: the form engine and its renderer (two thirds of the page's code) are asked
 * for once the page is painted, which shows the status, timeline and charges meanwhile; the request's form
 * (its version and validators) with them.
 */
const Answers = loadOnDemand(() => import('./RequestAnswers'), 'RequestAnswers', () => <AnswersFrame />, {
  afterPaint: true,
  alongside: ({ request }) => preloadPublishedForm(request.form),
});

/** /mis-solicitudes/:id: one submitted request followed to the end (timeline, answers, documents, payments, thread, withdraw, rate). */
export function RequestPage() {
  const { id } = useParams<{ id: string }>();
  const valid = isRequestId(id);
  const { data, error } = useRequest(id, valid);
  // The request arrives through SWR's store, whose updates React renders synchronously: the whole page
  // (status, timeline, charges, thread, documents) was one task of ~75 ms with the CPU 4× slower. Deferred,
  // the loader stays for that render and the page is drawn in a transition, in slices.
  const request = useDeferredValue(data);
  usePageShownOnceDrawn(!valid || error !== undefined || request !== undefined);

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
      <RequestOverview request={request} callout={<ActionCallout request={request} />} />
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
