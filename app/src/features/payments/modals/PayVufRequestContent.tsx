import type { ModalContentProps } from '../../../modals/modalContent';
import { usePaymentView } from '../api';
import { PaymentViewState } from '../components/ChargeList';
import { VufChargeList } from '../components/VufChargeList';

/** What PAY_VUF_REQUEST_MODAL (and PAY_REQUEST_MODAL) are opened with. */
export interface PaymentListData {
  /** The request's id. Required. */
  requestId: number;
}

/**
 * PAY_VUF_REQUEST_MODAL: a formalization's agency payments (ONAPI, DGII,
 * Cámara de Comercio) with amount, status and the action that pays each;
 * every action opens the agency's own modal in place of this one.
 */
export default function PayVufRequestContent({ data, open }: ModalContentProps) {
  const { requestId } = data as PaymentListData;
  const { data: view, error, isLoading, mutate } = usePaymentView(requestId);
  return (
    <PaymentViewState view={view} error={error} isLoading={isLoading} retry={() => void mutate()}>
      {(v) => <VufChargeList view={v} open={open} />}
    </PaymentViewState>
  );
}
