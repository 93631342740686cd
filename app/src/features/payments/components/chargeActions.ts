/**
 * The ways to pay a pending charge, decided here only (issue 24 §2.1; spec §1:
 * a formalization's fees are paid by card, by bank transfer or deposit with an
 * authorization number, or with a proof to the tax authority). Every pending
 * charge, the formalization's included, can be paid by transfer or deposit
 * with the portal's authorization number (GENERATE_CODE_MODAL; the server's
 * routes take any charge of the citizen's). A formalization's charge also has
 * its agency's own way (ONAPI's card form, DGII's proof, the Cámara's card
 * page); the other services' charges, a deposit receipt (PAY_WITH_CHECK, which
 * the server refuses for the formalization: its DGII proof is the receipt).
 */
import { FORMALIZATION_FORM, PAYMENT_STATUS, type PaymentItem, type PaymentView } from '@portal/api-contract';
import { hasPrice, type ChargeAction } from './ChargeList';

/** The authorization number: pay at the bank by transfer or deposit, then confirm it (SIRITE) in the portal. */
export const TRANSFER_ACTION: ChargeAction = { label: 'Pagar por transferencia o depósito', modal: 'GENERATE_CODE_MODAL' };

/** The modal of each agency's own way to pay a formalization's charge, and its button's label. */
const AGENCY_ACTION: Record<string, ChargeAction> = {
  ONAPI: { label: 'Pagar con tarjeta', modal: 'PAY_VUF_ONAPI_REQUEST_MODAL' },
  DGII: { label: 'Enviar comprobante de pago', modal: 'PAY_VUF_DGII_REQUEST_MODAL' },
  CCPSD: { label: 'Pagar con tarjeta', modal: 'PAY_VUF_CCPSD_REQUEST_MODAL' },
};

/** What the citizen can do on a charge: see why a proof was refused, pay it each way it can be paid, choose extras. Nothing once it is not pending. */
export function chargeActions(view: PaymentView, item: PaymentItem): ChargeAction[] {
  if (item.status !== PAYMENT_STATUS.pendiente) return [];
  const formalization = view.form === FORMALIZATION_FORM;
  const actions: ChargeAction[] = [];
  if (formalization) {
    if (item.review_note) actions.push({ label: 'Ver acción requerida', modal: 'PAY_VUF_ACTION_REQUIRED' });
    const own = AGENCY_ACTION[item.agency];
    if (own) actions.push(own);
  }
  actions.push(TRANSFER_ACTION);
  if (!formalization) actions.push({ label: 'Subir comprobante de depósito', modal: 'PAY_WITH_CHECK' });
  if (hasPrice(view, item)) actions.push({ label: 'Elegir servicios adicionales', modal: formalization ? 'PRICE_VARIATIONS_VUF' : 'PRICE_VARIATIONS' });
  return actions;
}
