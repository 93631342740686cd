import { formatAmount } from '@portal/form-mantine/currency';

/** A service's cost: "RD$ 1,500.00" (es-DO), or "Gratuito" when it has none. */
export function costLabel(cost: number | null): string {
  return cost === null || cost === 0 ? 'Gratuito' : formatAmount(cost, 'DOP');
}
