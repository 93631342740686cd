/**
 * PAY_VUF_ACTION_REQUIRED (spec §2 "action required"): a proof of payment the
 * institution did not accept (data `{ requestId, itemId }`): its reason, what
 * to do, and «Enviar un nuevo comprobante», which opens the DGII's proof form
 * for a formalization's DGII charge and PAY_WITH_CHECK otherwise.
 */
import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { FORMALIZATION_FORM, formatPesos, PAYMENT_STATUS } from '@portal/api-contract';
import type { ModalContentProps } from '../../../modals/modalContent';
import { usePaymentView } from '../api';
import { agencyName, PaymentViewState } from '../components/ChargeList';

export default function PayVufActionRequiredContent({ data, close, open }: ModalContentProps) {
  const { requestId, itemId } = (data ?? {}) as { requestId?: number; itemId?: number };
  const { data: view, error, isLoading, mutate } = usePaymentView(typeof requestId === 'number' ? requestId : null);
  if (typeof requestId !== 'number') return <Alert color="red">No se indicó la solicitud.</Alert>;
  return (
    <PaymentViewState view={view} error={error} isLoading={isLoading} retry={() => void mutate()}>
      {(v) => {
        const item = v.items.find((i) => i.id === itemId) ?? (itemId === undefined ? v.items.find((i) => i.review_note) : undefined);
        if (!item || item.status !== PAYMENT_STATUS.pendiente || !item.review_note) {
          return (
            <Stack gap="md">
              <Alert color="teal">Este pago no tiene ninguna acción pendiente.</Alert>
              <Group justify="flex-end"><Button variant="default" onClick={close}>Cerrar</Button></Group>
            </Stack>
          );
        }
        const isDgii = v.form === FORMALIZATION_FORM && item.agency === 'DGII';
        return (
          <Stack gap="md">
            <Text>
              {agencyName(item.agency)} no aceptó el comprobante de pago de{' '}
              <Text component="span" fw={700}>{item.concept} ({formatPesos(item.amount)})</Text>, solicitud {v.codigoSolicitud.code}.
            </Text>
            <Alert color="orange" title="Motivo">{item.review_note}</Alert>
            <Stack gap={4}>
              <Text fw={700} component="h3" size="md" m={0}>Qué debe hacer</Text>
              <List size="sm" spacing={4}>
                <List.Item>Revise el motivo y su comprobante: debe verse completo y legible, con el número de aprobación y el monto.</List.Item>
                {isDgii && v.request_dgii && <List.Item>El pago debe haberse hecho con el número de autorización {v.request_dgii.no_autorizacion}.</List.Item>}
                <List.Item>Envíe un nuevo comprobante. El pago seguirá pendiente hasta que la institución lo acepte.</List.Item>
              </List>
            </Stack>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>Cerrar</Button>
              <Button
                data-autofocus
                onClick={() => open(isDgii ? 'PAY_VUF_DGII_REQUEST_MODAL' : 'PAY_WITH_CHECK', { data: { requestId: v.id, itemId: item.id } })}
              >
                Enviar un nuevo comprobante
              </Button>
            </Group>
          </Stack>
        );
      }}
    </PaymentViewState>
  );
}
