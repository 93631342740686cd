/**
 * PRICE_VARIATIONS and PRICE_VARIATIONS_VUF (spec §2 screen 5): the
 * variations of the price of one charge (data `{ requestId, itemId }`); once
 * saved, the charge's payment opens with its new amount.
 */
import { FORMALIZATION_FORM, PAYMENT_STATUS } from '@portal/api-contract';
import { Alert } from '@mantine/core';
import type { PaymentItem, PaymentView } from '@portal/api-contract';
import type { ModalName } from '../../../modals/modalNames';
import type { ModalContentProps } from '../../../modals/modalContent';
import { usePaymentView, useRefreshAfterPayment } from '../api';
import { PaymentViewState } from '../components/ChargeList';
import { VariationPicker } from '../components/VariationPicker';

/** The modal that pays a formalization's charge, by agency. */
const VUF_PAY_MODAL: Record<string, ModalName> = {
  ONAPI: 'PAY_VUF_ONAPI_REQUEST_MODAL',
  CCPSD: 'PAY_VUF_CCPSD_REQUEST_MODAL',
};

/** Where the citizen goes to pay once the variations are saved. */
function payModalOf(view: PaymentView, item: PaymentItem): ModalName {
  return (view.form === FORMALIZATION_FORM && VUF_PAY_MODAL[item.agency]) || 'PAY_REQUEST_MODAL';
}

export default function PriceVariationsContent({ data, open }: ModalContentProps) {
  const { requestId, itemId } = (data ?? {}) as { requestId?: number; itemId?: number };
  const { data: view, error, isLoading, mutate } = usePaymentView(typeof requestId === 'number' ? requestId : null);
  const refresh = useRefreshAfterPayment();
  if (typeof requestId !== 'number') return <Alert color="red">No se indicó la solicitud.</Alert>;
  return (
    <PaymentViewState view={view} error={error} isLoading={isLoading} retry={() => void mutate()}>
      {(v) => {
        const price = v.payment.prices.find((p) => (itemId === undefined ? true : p.item_id === itemId));
        const item = price && v.items.find((i) => i.id === price.item_id);
        if (!price || !item) return <Alert color="orange">Este pago no tiene servicios adicionales.</Alert>;
        if (item.status !== PAYMENT_STATUS.pendiente) return <Alert color="teal">Este pago ya no admite cambios.</Alert>;
        return (
          <VariationPicker
            requestId={requestId}
            price={price}
            item={item}
            onSaved={async (saved) => {
              await refresh(requestId);
              const modal = payModalOf(v, saved);
              open(modal, { data: modal === 'PAY_REQUEST_MODAL' ? { requestId } : { requestId, itemId: saved.id } });
            }}
          />
        );
      }}
    </PaymentViewState>
  );
}
