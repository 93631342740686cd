import { List, Text } from '@mantine/core';
import { extraLabel, formatPesos, type ChargeExtra } from '@portal/api-contract';

/** What a charge is made of: its concept, base amount and the extras chosen (a RequestItem or a PaymentItem). */
export interface ChargeWithExtras {
  concept: string;
  base_amount: number;
  extras: readonly ChargeExtra[];
}

/**
 * The extras bought with a charge, under it, for the citizen's request page,
 * the payment dialogs and receipt, and the back office: «Registro mercantil
 * RD$ 5,000.00», «2 × Copia certificada del registro mercantil RD$ 900.00
 * (RD$ 450.00 c/u)». Nothing when the charge has no extras.
 */
export function ChargeExtras({ item, label }: { item: ChargeWithExtras; label?: string }) {
  if (item.extras.length === 0) return null;
  return (
    <List size="sm" spacing={2} withPadding aria-label={label ?? `Desglose de ${item.concept}`} data-charge-extras="">
      <List.Item>
        <Text span inherit>{item.concept} {formatPesos(item.base_amount)}</Text>
      </List.Item>
      {item.extras.map((e) => (
        <List.Item key={e.name}>
          <Text span inherit>{extraLabel(e)}</Text>
          {e.quantity > 1 && <Text span inherit> ({formatPesos(e.unit_amount)} c/u)</Text>}
        </List.Item>
      ))}
    </List>
  );
}
