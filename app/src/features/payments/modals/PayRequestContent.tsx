import { FORMALIZATION_FORM, PAYMENT_STATUS } from '@portal/api-contract';
import { Stack, Text } from '@mantine/core';
import type { PaymentItem, PaymentView } from '@portal/api-contract';
import type { ModalContentProps } from '../../../modals/modalContent';
import { usePaymentView } from '../api';
import { ChargeCard, PaymentViewState, PendingTotal, hasPrice, type ChargeAction } from '../components/ChargeList';
import { VufChargeList } from '../components/VufChargeList';
import type { PaymentListData } from './PayVufRequestContent';

/** What the citizen can do on a charge of a service other than the formalization: a transfer or deposit with an authorization number, a deposit receipt, extras. */
export function serviceActions(view: PaymentView, item: PaymentItem): ChargeAction[] {
  if (item.status !== PAYMENT_STATUS.pendiente) return [];
  const actions: ChargeAction[] = [
    { label: 'Pagar por transferencia o depósito', modal: 'GENERATE_CODE_MODAL' },
    { label: 'Subir comprobante de depósito', modal: 'PAY_WITH_CHECK' },
  ];
  if (hasPrice(view, item)) actions.push({ label: 'Elegir servicios adicionales', modal: 'PRICE_VARIATIONS' });
  return actions;
}

/**
 * PAY_REQUEST_MODAL and PAYMENT_MODAL: a request's fees with the ways to pay
 * each. A formalization shows its agency payments (as PAY_VUF_REQUEST_MODAL).
 */
export default function PayRequestContent({ data, open }: ModalContentProps) {
  const { requestId } = data as PaymentListData;
  const { data: view, error, isLoading, mutate } = usePaymentView(requestId);
  return (
    <PaymentViewState view={view} error={error} isLoading={isLoading} retry={() => void mutate()}>
      {(v) =>
        v.form === FORMALIZATION_FORM ? (
          <VufChargeList view={v} open={open} />
        ) : (
          <Stack gap="sm">
            <Text size="sm">
              Solicitud <Text component="span" fw={700}>{v.codigoSolicitud.code}</Text> · {v.service}
            </Text>
            {v.items.map((item) => (
              <ChargeCard key={item.id} item={item} requestId={v.id} actions={serviceActions(v, item)} open={open} />
            ))}
            <PendingTotal view={v} />
          </Stack>
        )
      }
    </PaymentViewState>
  );
}
