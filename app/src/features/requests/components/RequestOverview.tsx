/**
 * The top of a request's page: the way back, its name, code, status and dates, the institution's request
 * for an action (the page's own, `callout`), and the timeline beside the charges. RequestPage draws it, and
 * so does RequestFrame while the page's code is on its way (in the first bundle: on a phone the request is
 * there before the page's code, and its charges are the page's largest text). Only components whose styles
 * the first paint has.
 */
import type { ReactNode } from 'react';
import { Anchor, Button, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import {
  FINISHED_STATUSES, FORMALIZATION_FORM, PAYMENT_METHOD_LABELS, PAYMENT_STATUS, PAYMENT_STATUS_LABELS,
  type PaymentStatus, type PaymentView, type RequestStatus,
} from '@portal/api-contract';
import { formatAmount } from '@portal/form-mantine/currency';
import type { CitizenRequestDetail } from '../../../api/requests';
import { usePaymentView } from '../../../api/payments';
import { ChargeExtras } from '../../../components/ChargeExtras';
import { RequestStatusBadge } from '../../../components/RequestStatusBadge';
import { paths } from '../../../config/paths';
import { formatWhen as formatDate } from '../../../lib/dates';
import { openModal } from '../../../modals/modalStore';

type Detail = CitizenRequestDetail;

/** The page's first children (it is a Stack's): the way back, the header, `callout`, then the timeline and the charges side by side (one above the other on a phone). */
export function RequestOverview({ request, callout }: { request: Detail; callout?: ReactNode }) {
  return (
    <>
      <RequestHeader request={request} />
      {callout}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Timeline request={request} />
        <Payments request={request} />
      </SimpleGrid>
    </>
  );
}

/** The way back to «Mis solicitudes» and the request's name, code, status, company and dates (two of a Stack's children). */
export function RequestHeader({ request }: { request: Detail }) {
  return (
    <>
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
    </>
  );
}

/** The request's timeline, oldest first: what happened, when, and who acted (the institution's name, or "Usted"). */
export function Timeline({ request }: { request: Detail }) {
  return (
    <Card withBorder component="section" aria-labelledby="historial">
      <Title order={2} size="h3" id="historial" mb="sm">Historial</Title>
      <ol className="request-timeline">
        {request.timeline.map((e) => (
          <li key={e.id}>
            <Text fw={600}>{e.label}</Text>
            <Text size="sm" c="dimmed">
              {formatDate(e.created_at)} · {e.actor === 'ciudadano' ? 'Usted' : e.actor === 'sistema' ? 'Portal Ciudadano' : (e.institution ?? 'La institución')}
            </Text>
            {e.message && <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{e.message}</Text>}
            {e.event === 'solicitar_accion' && e.answered_at && <Text size="sm">Respondida el {formatDate(e.answered_at)}</Text>}
          </li>
        ))}
      </ol>
    </Card>
  );
}

/** «pagado con Tarjeta de crédito o débito (VISA terminada en 4242)». */
function paidWithText(item: PaymentView['items'][number] | undefined): string {
  if (!item?.method) return '';
  const card = item.card_last4 ? ` (${item.card_brand ?? 'Tarjeta'} terminada en ${item.card_last4})` : '';
  return ` · pagado con ${PAYMENT_METHOD_LABELS[item.method]}${card}`;
}

/** The request's charges, their status and what is still to pay; «Pagar» opens the payment list. */
export function Payments({ request }: { request: Detail }) {
  const anyPaid = request.items.some((i) => i.status === PAYMENT_STATUS.pagado);
  const { data: view } = usePaymentView(anyPaid ? request.id : null);
  const canPay = request.total_pending > 0 && !FINISHED_STATUSES.includes(request.status as RequestStatus);
  const payModal = request.form === FORMALIZATION_FORM ? 'PAY_VUF_REQUEST_MODAL' : 'PAY_REQUEST_MODAL';
  return (
    <Card withBorder component="section" aria-labelledby="pagos">
      <Title order={2} size="h3" id="pagos" mb="sm">Pagos</Title>
      {request.items.length === 0 ? (
        <Text size="sm" c="dimmed">Esta solicitud no tiene cargos.</Text>
      ) : (
        <>
          {/* A list, not a table: on a phone every charge reads whole, amount included, without sideways scrolling. */}
          <List spacing="xs" listStyleType="none" ml={0} pl={0}>
            {request.items.map((i) => (
              <List.Item key={i.id}>
                <Text component="span">{i.concept} ({i.agency}): </Text>
                <Text component="span" fw={700}>{formatAmount(i.amount, i.currency)}</Text>
                <Text component="span"> · {PAYMENT_STATUS_LABELS[i.status as PaymentStatus] ?? i.status}</Text>
                {i.status === PAYMENT_STATUS.pagado && <Text component="span">{paidWithText(view?.items.find((v) => v.id === i.id))}</Text>}
                <ChargeExtras item={i} />
              </List.Item>
            ))}
          </List>
          <Text mt="sm" fw={700}>Total pendiente: {formatAmount(request.total_pending, 'DOP')}</Text>
          {canPay && (
            <Button mt="sm" onClick={() => openModal(payModal, { data: { requestId: request.id } })}>Pagar</Button>
          )}
        </>
      )}
    </Card>
  );
}

