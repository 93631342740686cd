import { useState } from 'react';
import { Alert, Anchor, Button, Card, Group, Loader, NativeSelect, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { FORMALIZATION_FORM, FINISHED_STATUSES, REQUEST_STATUS_LABELS, REQUEST_STATUSES, PAYMENT_STATUS, type RequestStatus } from '@portal/api-contract';
import { formatAmount } from '@portal/form-mantine/currency';
import { Link } from 'wouter';
import { useRequestList, type CitizenRequest } from '../../../api/requests';
import { RequestStatusBadge } from '../../../components/RequestStatusBadge';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/apiError';
import { openModal } from '../../../modals/modalStore';
import { formatWhen as formatDate } from '../../../lib/dates';

/** The statuses a submitted request can be in (the filter's options), from the one definition. */
const FILTER_OPTIONS = [
  { value: '', label: 'Todos los estados' },
  ...REQUEST_STATUSES.filter((s) => s !== 'borrador').map((s) => ({ value: s, label: REQUEST_STATUS_LABELS[s] })),
];

/** How the list names a request: its code, then its label (the company of a formalization). */
const nameOf = (r: CitizenRequest) => `${r.code}${r.company_name ? ` · ${r.company_name}` : ''}`;

function RequestCard({ r }: { r: CitizenRequest }) {
  const name = nameOf(r);
  return (
    <Card withBorder component="li" aria-label={name}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 16rem' }}>
          <Text fw={600}>{name}</Text>
          <Text size="sm">{r.service}</Text>
          <Text size="sm" c="dimmed">{r.institution}</Text>
          <Text size="sm">Enviada el {formatDate(r.submitted_at)} · Actualizada el {formatDate(r.updated_at)}</Text>
          {r.pending_payments > 0 && (
            <Text size="sm">
              {r.pending_payments === 1 ? '1 pago pendiente' : `${r.pending_payments} pagos pendientes`}: {formatAmount(r.total_pending, r.items.find((i) => i.status === PAYMENT_STATUS.pendiente)?.currency ?? 'DOP')}
            </Text>
          )}
          {r.action_required && <Text size="sm" fw={700} c="#9a3412">Acción requerida: responda a la institución</Text>}
          {r.unread_comments > 0 && (
            <Text size="sm" fw={600}>{r.unread_comments === 1 ? '1 comentario nuevo de la institución' : `${r.unread_comments} comentarios nuevos de la institución`}</Text>
          )}
        </Stack>
        <Group gap="sm">
          <RequestStatusBadge status={r.status} />
          {r.pending_payments > 0 && !FINISHED_STATUSES.includes(r.status as RequestStatus) && (
            <Button size="compact-sm" variant="light" onClick={() => openModal(r.form === FORMALIZATION_FORM ? 'PAY_VUF_REQUEST_MODAL' : 'PAY_REQUEST_MODAL', { data: { requestId: r.id } })}>
              Pagar<VisuallyHidden> {name}</VisuallyHidden>
            </Button>
          )}
          {/* One link per request: the hidden part names it, so a screen reader's list of links tells them apart (WCAG 2.4.4). */}
          <Anchor component={Link} href={paths.request.href(r.id)}>
            Ver<VisuallyHidden> {name}</VisuallyHidden>
          </Anchor>
        </Group>
      </Group>
    </Card>
  );
}

/**
 * The citizen's submitted requests of every online service, with a status filter, what waits for them and a
 * link to each one's page. The filter is the browser's own select (a phone's own picker for a short fixed
 * list; and the list paints without Mantine's overlays, ~40 KB on a slow phone).
 */
export function SubmittedRequests() {
  const [status, setStatus] = useState<RequestStatus | null>(null);
  const { data, error, isLoading } = useRequestList(status);
  const failure = error ? errorMessage(error, 'No se pudieron cargar sus solicitudes.') : null;
  return (
    <Stack gap="md" component="section" aria-labelledby="enviadas">
      <Group justify="space-between" align="flex-end">
        <Title order={2} id="enviadas">Solicitudes enviadas</Title>
        <NativeSelect
          label="Filtrar por estado"
          data={FILTER_OPTIONS}
          value={status ?? ''}
          onChange={(event) => setStatus(event.currentTarget.value ? (event.currentTarget.value as RequestStatus) : null)}
          w={220}
        />
      </Group>
      {failure && <Alert color="red" role="alert">{failure}</Alert>}
      {isLoading && <Loader role="progressbar" aria-label="Cargando sus solicitudes" />}
      {data && data.length === 0 && (
        <Text c="dimmed">{status ? `No tiene solicitudes en estado «${REQUEST_STATUS_LABELS[status]}».` : 'Todavía no ha enviado solicitudes.'}</Text>
      )}
      {data && data.length > 0 && (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {data.map((r) => <RequestCard key={r.id} r={r} />)}
        </Stack>
      )}
    </Stack>
  );
}
