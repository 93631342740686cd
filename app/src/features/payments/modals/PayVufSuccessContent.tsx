import { useEffect, useRef } from 'react';
import { Button, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { FORMALIZATION_FORM, formatPesos, PAYMENT_STATUS } from '@portal/api-contract';
import { ChargeExtras } from '../../../components/ChargeExtras';
import { formatWhen } from '../../../lib/dates';
import type { ModalContentProps } from '../../../modals/modalContent';
import { usePaymentView } from '../api';
import { PaymentViewState, agencyName, paidWith } from '../components/ChargeList';

/** What PAY_VUF_SUCCESS_MODAL is opened with. */
export interface PaymentSuccessData {
  /** The request's id. Required. */
  requestId: number;
  /** The charge just paid. Required. */
  itemId: number;
}

/** «Le queda 1 pago pendiente», «Le quedan 2 pagos pendientes», or that all are done. */
export function remainingText(pending: number): string {
  if (pending === 0) return 'Todos los pagos están completos: su solicitud pasa a revisión';
  return pending === 1 ? 'Le queda 1 pago pendiente' : `Le quedan ${pending} pagos pendientes`;
}

/**
 * PAY_VUF_SUCCESS_MODAL: the charge just paid (agency, concept, amount and its extras, how,
 * reference, date), how many are left, «Seguir pagando» back to the list
 * when some remain, and «Cerrar».
 */
export default function PayVufSuccessContent({ data, open, close }: ModalContentProps) {
  const { requestId, itemId } = data as PaymentSuccessData;
  const { data: view, error, isLoading, mutate } = usePaymentView(requestId);
  const heading = useRef<HTMLHeadingElement>(null);
  const ready = view !== undefined;
  useEffect(() => {
    if (ready) heading.current?.focus();
  }, [ready]);

  return (
    <PaymentViewState view={view} error={error} isLoading={isLoading} retry={() => void mutate()}>
      {(v) => {
        const item = v.items.find((i) => i.id === itemId);
        const pending = v.items.filter((i) => i.status === PAYMENT_STATUS.pendiente).length;
        const list = v.form === FORMALIZATION_FORM ? 'PAY_VUF_REQUEST_MODAL' : 'PAY_REQUEST_MODAL';
        return (
          <Stack gap="sm">
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon color="teal" radius="xl" size="lg" aria-hidden>✓</ThemeIcon>
              <Title order={3} size="h4" ref={heading} tabIndex={-1} data-autofocus>
                {item?.status === PAYMENT_STATUS.pagado ? 'Su pago fue confirmado' : 'Pago registrado'}
              </Title>
            </Group>
            {item && (
              <List listStyleType="none" spacing={4} ml={0} pl={0}>
                <List.Item><Text span fw={600}>Institución: </Text>{agencyName(item.agency)}</List.Item>
                <List.Item><Text span fw={600}>Concepto: </Text>{item.concept}</List.Item>
                <List.Item>
                  <Text span fw={600}>Monto: </Text>{formatPesos(item.amount)}
                  <ChargeExtras item={item} label="Servicios incluidos en el pago" />
                </List.Item>
                <List.Item><Text span fw={600}>Forma de pago: </Text>{paidWith(item)}</List.Item>
                {item.reference && <List.Item><Text span fw={600}>Referencia: </Text>{item.reference}</List.Item>}
                {item.paid_at && <List.Item><Text span fw={600}>Fecha: </Text>{formatWhen(item.paid_at)}</List.Item>}
              </List>
            )}
            <Text fw={700}>{remainingText(pending)}</Text>
            <Text size="sm">Solicitud {v.codigoSolicitud.code}. También le enviamos la confirmación a su correo y a sus notificaciones.</Text>
            <Group justify="flex-end" gap="sm">
              {pending > 0 && <Button onClick={() => open(list, { data: { requestId } })}>Seguir pagando</Button>}
              <Button variant={pending > 0 ? 'default' : 'filled'} onClick={close}>Cerrar</Button>
            </Group>
          </Stack>
        );
      }}
    </PaymentViewState>
  );
}
