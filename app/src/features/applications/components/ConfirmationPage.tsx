import { FINISHED_STATUSES, FORMALIZATION_FORM, PAYMENT_STATUS, PAYMENT_STATUS_LABELS, type PaymentStatus, type RequestStatus } from '@portal/api-contract';
import { Alert, Anchor, Badge, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { formatAmount } from '@portal/form-mantine/currency';
import { paths } from '../../../config/paths';
import { useApplication } from '../../../api/applications';
import { ChargeExtras } from '../../../components/ChargeExtras';
import { openModal } from '../../../modals/modalStore';
import { useFormRoute } from '../useFormRoute';
import { useRequest, type CitizenRequestDetail } from '../../../api/requests';
import { ConfirmationHead, WhatNext, whatNextWaitsForRequest } from './ConfirmationSummary';

const AGENCY: Record<string, string> = {
  ONAPI: 'ONAPI (Oficina Nacional de la Propiedad Industrial)',
  DGII: 'DGII (Dirección General de Impuestos Internos)',
  CCPSD: 'Cámara de Comercio y Producción de Santo Domingo',
};

const STATUS_COLORS: Record<PaymentStatus, string> = { pendiente: 'orange', en_verificacion: 'blue', pagado: 'teal' };

/** «Le quedan 2 pagos pendientes: RD$ 12,000.00» (the amount kept on one line), or that nothing is owed. */
function owedText(request: CitizenRequestDetail): ReactNode {
  const pending = request.items.filter((i) => i.status === PAYMENT_STATUS.pendiente).length;
  if (pending === 0) return 'No tiene pagos pendientes.';
  const total = <span style={{ whiteSpace: 'nowrap' }}>{formatAmount(request.total_pending, 'DOP')}</span>;
  return <>{pending === 1 ? 'Le queda 1 pago pendiente: ' : `Le quedan ${pending} pagos pendientes: `}{total}.</>;
}

/**
 * The request's charges with their status and amount (and the extras chosen),
 * the total still owed, and «Pagar lo pendiente»: it opens the request's
 * payment list (PAY_VUF_REQUEST_MODAL for a formalization, PAY_REQUEST_MODAL
 * otherwise), where every pending charge is paid each in its own way, one
 * after the other. A payment refreshes the request (useRefreshAfterPayment),
 * so the table and the total here follow.
 */
function Charges({ request }: { request: CitizenRequestDetail }) {
  const owed = request.total_pending > 0;
  const canPay = owed && !FINISHED_STATUSES.includes(request.status as RequestStatus);
  const payModal = request.form === FORMALIZATION_FORM ? 'PAY_VUF_REQUEST_MODAL' : 'PAY_REQUEST_MODAL';
  return (
    <section aria-labelledby="pagos">
      <Title order={2} size="h3" id="pagos">Pagos pendientes</Title>
      {/* Two columns, so that the table reads whole on a phone: the charge (institution, concept, extras, status) and its amount. */}
      <Table striped mt="sm">
        <Table.Thead>
          <Table.Tr><Table.Th>Cargo</Table.Th><Table.Th ta="right">Monto</Table.Th></Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {request.items.map((i) => (
            <Table.Tr key={i.id}>
              <Table.Td>
                <Text fw={600} size="sm">{AGENCY[i.agency] ?? i.agency}</Text>
                <Text size="sm">{i.concept}</Text>
                {i.agency === 'DGII' && request.form === FORMALIZATION_FORM && <Text size="sm" mt={4}>También puede pagarlo con su comprobante de pago de la DGII.</Text>}
                <ChargeExtras item={i} />
                <Badge mt={4} color={STATUS_COLORS[i.status as PaymentStatus] ?? 'gray'} variant="light">{PAYMENT_STATUS_LABELS[i.status as PaymentStatus] ?? i.status}</Badge>
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>{formatAmount(i.amount, i.currency)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr><Table.Th>Total pendiente</Table.Th><Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>{formatAmount(request.total_pending, 'DOP')}</Table.Th></Table.Tr>
        </Table.Tfoot>
      </Table>
      {/* Said again when a payment changes it (the table refreshes after each payment). */}
      <Text fw={700} mt="sm" role="status" data-testid="pagos-resumen">{owedText(request)}</Text>
      {canPay ? (
        <Stack gap="xs" mt="xs" align="flex-start">
          <Text size="sm" id="pagar-lo-pendiente-ayuda">
            Se abre la lista de sus pagos: pague cada uno como prefiera y la lista se actualiza después de cada pago.
          </Text>
          <Button size="md" aria-describedby="pagar-lo-pendiente-ayuda" onClick={() => openModal(payModal, { data: { requestId: request.id } })}>
            Pagar lo pendiente
          </Button>
        </Stack>
      ) : (
        !owed && (
          <Text size="sm" mt="xs">
            {request.items.some((i) => i.status === PAYMENT_STATUS.en_verificacion)
              ? 'La institución está verificando su comprobante; le avisaremos cuando lo acepte.'
              : 'Todos los pagos están completos: su solicitud pasa a revisión.'}
          </Text>
        )
      )}
    </section>
  );
}

/** Confirmation: the request code, what happens next, and the charges owed with the way to pay them. */
export function ConfirmationPage() {
  const route = useFormRoute();
  const { id } = route;
  const { data: app, error } = useApplication(route.form, id);
  const submitted = !!app?.request_code;
  const { data: request, error: requestError } = useRequest(id, submitted);

  if (error) return <Alert color="red" title="No se pudo cargar la solicitud">Verifique su conexión e intente de nuevo.</Alert>;
  if (!app) return <Loader role="progressbar" aria-label="Cargando" />;
  if (!submitted) {
    return (
      <Alert color="yellow" title="Esta solicitud todavía no se ha enviado">
        <Anchor component={Link} href={route.paths.review(app.id)}>Revisar y enviar la solicitud</Anchor>
      </Alert>
    );
  }
  // The charges and the links are drawn once the request is in (or could not be read), below everything
  // else, so nothing moves under the citizen's eyes when it arrives; «¿Qué sigue?» too when its first step
  // depends on the charges (whatNextWaitsForRequest). Drawn before, that step grew by a line and
  // everything below jumped (Lighthouse: a layout shift of 0.19).
  const requestSettled = request !== undefined || requestError !== undefined;
  const whatNextReady = requestSettled || !whatNextWaitsForRequest(route.form);

  return (
    <Stack gap="lg">
      <ConfirmationHead app={app} />
      {whatNextReady && <WhatNext form={route.form} app={app} request={request} />}
      {!requestSettled ? <Loader role="progressbar" aria-label="Cargando" /> : (
        <>
          {request !== undefined && request.items.length > 0 && <Charges request={request} />}
          <Group gap="lg">
            <Anchor component={Link} href={paths.request.href(app.id)}>Ver la solicitud</Anchor>
            <Anchor component={Link} href={paths.home.href()}>Volver al inicio</Anchor>
          </Group>
        </>
      )}
    </Stack>
  );
}
