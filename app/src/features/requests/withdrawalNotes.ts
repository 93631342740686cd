/**
 * What desisting does to a request's charges, said in the confirmation before the citizen
 * decides: what was paid (and to whom) stays paid — the portal refunds nothing, the institution
 * that charged decides a refund — and what is still unpaid is cancelled (a finished request
 * takes no payment: services/payments/paymentLedger.ts requirePayable).
 */
import { PAYMENT_STATUS, type CitizenRequestDetail } from '@portal/api-contract';
import { formatAmount } from '@portal/form-mantine/currency';

type Item = CitizenRequestDetail['items'][number];

/** The sentences about payments for the withdrawal dialog of a request with `items` and `code`; none without charges. */
export function withdrawalNotes(items: readonly Item[], code: string): string[] {
  const paid = items.filter((i) => i.status === PAYMENT_STATUS.pagado);
  const open = items.filter((i) => i.status !== PAYMENT_STATUS.pagado);
  const notes: string[] = [];
  if (paid.length > 0) {
    const list = paid.map((i) => `${formatAmount(i.amount, i.currency)} a ${i.agency} (${i.concept})`).join('; ');
    const agencies = [...new Set(paid.map((i) => i.agency))].join(' o ');
    notes.push(`Ya pagó ${list}. Desistir no devuelve esos pagos: si le corresponde un reembolso, solicítelo a ${agencies} con el código ${code}.`);
  }
  if (open.length > 0) {
    const total = open.reduce((sum, i) => sum + i.amount, 0);
    notes.push(`Los cargos sin pagar (${formatAmount(total, open[0].currency)}) quedan anulados: no tendrá que pagarlos.`);
  }
  return notes;
}
