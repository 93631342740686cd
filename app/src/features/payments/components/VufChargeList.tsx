/** A formalization's three agency payments (ONAPI, DGII, Cámara) with the action that pays each (spec §2 PAY_VUF_REQUEST_MODAL). */
import { Stack, Text } from '@mantine/core';
import { PAYMENT_STATUS } from '@portal/api-contract';
import type { PaymentItem, PaymentView } from '@portal/api-contract';
import type { ModalName } from '../../../modals/modalNames';
import type { ModalOptions } from '../../../modals/modalStore';
import { ChargeCard, PendingTotal, hasPrice, type ChargeAction } from './ChargeList';

/** The modal that pays each agency's charge of a formalization, and its button's label. */
const PAY_ACTION: Record<string, ChargeAction> = {
  ONAPI: { label: 'Pagar con tarjeta', modal: 'PAY_VUF_ONAPI_REQUEST_MODAL' },
  DGII: { label: 'Enviar comprobante de pago', modal: 'PAY_VUF_DGII_REQUEST_MODAL' },
  CCPSD: { label: 'Pagar con tarjeta', modal: 'PAY_VUF_CCPSD_REQUEST_MODAL' },
};

/** What the citizen can do on a charge of a formalization: pay it, see why a proof was refused, choose extras. */
export function vufActions(view: PaymentView, item: PaymentItem): ChargeAction[] {
  if (item.status !== PAYMENT_STATUS.pendiente) return [];
  const actions: ChargeAction[] = [];
  if (item.review_note) actions.push({ label: 'Ver acción requerida', modal: 'PAY_VUF_ACTION_REQUIRED' });
  const pay = PAY_ACTION[item.agency];
  if (pay) actions.push(pay);
  if (hasPrice(view, item)) actions.push({ label: 'Elegir servicios adicionales', modal: 'PRICE_VARIATIONS_VUF' });
  return actions;
}

/** The list of a formalization's charges and the total still to pay. */
export function VufChargeList({ view, open }: { view: PaymentView; open(name: ModalName, options?: ModalOptions): void }) {
  return (
    <Stack gap="sm">
      <Text size="sm">
        Solicitud <Text component="span" fw={700}>{view.codigoSolicitud.code}</Text> · {view.service}. Cada institución cobra su parte por separado.
      </Text>
      {view.items.map((item) => (
        <ChargeCard key={item.id} item={item} requestId={view.id} actions={vufActions(view, item)} open={open} />
      ))}
      <PendingTotal view={view} />
    </Stack>
  );
}
