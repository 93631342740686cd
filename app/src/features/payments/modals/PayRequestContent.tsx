import { FORMALIZATION_FORM } from '@portal/api-contract';
import { Stack, Text } from '@mantine/core';
import type { ModalContentProps } from '../../../modals/modalContent';
import { usePaymentView } from '../api';
import { ChargeCard, PaymentViewState, PendingTotal } from '../components/ChargeList';
import { chargeActions } from '../components/chargeActions';
import { VufChargeList } from '../components/VufChargeList';
import type { PaymentListData } from './PayVufRequestContent';

/**
 * PAY_REQUEST_MODAL and PAYMENT_MODAL: a request's fees with the ways to pay
 * each (chargeActions). A formalization shows its agency payments (as PAY_VUF_REQUEST_MODAL).
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
              <ChargeCard key={item.id} item={item} requestId={v.id} actions={chargeActions(v, item)} open={open} />
            ))}
            <PendingTotal view={v} />
          </Stack>
        )
      }
    </PaymentViewState>
  );
}
