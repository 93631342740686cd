/**
 * PAY_VUF_CCPSD_REQUEST_MODAL (spec §2 screen 3): the Cámara de Comercio's
 * charge of a formalization (data `{ requestId }`): service, request code and
 * cost (request_camara.cotizacion.totalCobrar); «Pagar con tarjeta» asks the
 * server to sign the card page's form and takes the browser there.
 */
import { useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { PAYMENT_MESSAGES, formatPesos, PAYMENT_STATUS } from '@portal/api-contract';
import type { ModalContentProps } from '../../../modals/modalContent';
import { usePaymentView } from '../api';
import { goToCardPage, signCardPageForm } from '../cardPageForm';
import { PaymentViewState } from '../components/ChargeList';

export default function PayVufCcpsdContent({ data, close }: ModalContentProps) {
  const { requestId } = (data ?? {}) as { requestId?: number };
  const { data: view, error, isLoading, mutate } = usePaymentView(typeof requestId === 'number' ? requestId : null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  if (typeof requestId !== 'number') return <Alert color="red">No se indicó la solicitud.</Alert>;

  return (
    <PaymentViewState view={view} error={error} isLoading={isLoading} retry={() => void mutate()}>
      {(v) => {
        const charge = v.items.find((i) => i.agency === 'CCPSD');
        const total = v.request_camara?.cotizacion.totalCobrar ?? charge?.amount;
        if (!charge || total === undefined) return <Alert color="orange">Esta solicitud no tiene un pago a la Cámara de Comercio.</Alert>;
        if (charge.status !== PAYMENT_STATUS.pendiente) {
          return (
            <Stack>
              <Alert color="teal" title="Este pago ya está registrado">La Cámara de Comercio ya tiene su pago de {formatPesos(charge.amount)}.</Alert>
              <Group justify="flex-end"><Button onClick={close}>Cerrar</Button></Group>
            </Stack>
          );
        }
        const pay = async () => {
          setBusy(true);
          setFailure(null);
          try {
            goToCardPage(await signCardPageForm(v.codigoSolicitud.code, total));
          } catch {
            setFailure(PAYMENT_MESSAGES.hashFailed);
            setBusy(false);
          }
        };
        return (
          <Stack gap="sm">
            <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '0.25rem 1rem' }}>
              <Text component="dt" fw={600}>Servicio</Text>
              <Text component="dd" m={0}>{v.service}</Text>
              <Text component="dt" fw={600}>Solicitud</Text>
              <Text component="dd" m={0}>{v.codigoSolicitud.code}</Text>
              <Text component="dt" fw={600}>Costo</Text>
              <Text component="dd" m={0} fw={700}>{formatPesos(total)}</Text>
            </dl>
            <Text size="sm">El pago se completa en la página de pago con tarjeta de la Cámara de Comercio; al terminar, volverá al portal.</Text>
            {failure && <Alert color="red" role="alert">{failure}</Alert>}
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={busy}>Cancelar</Button>
              <Button onClick={() => void pay()} loading={busy}>Pagar con tarjeta</Button>
            </Group>
          </Stack>
        );
      }}
    </PaymentViewState>
  );
}
