/** The service page's read (public, GET /v1/portals/services/{slug}/slug) and how it shows a cost. */
import useSWR from 'swr';
import type { CatalogueServiceDetail } from '@portal/api-contract';
import { formatAmount } from '@portal/form-mantine/currency';
import { api } from '../../lib/api-client';

export type { CatalogueServiceDetail } from '@portal/api-contract';

/** One service with its requirements, steps and Puntos GOB. */
export function useService(slug: string) {
  return useSWR(['portals/services/slug', slug], async () =>
    (await api.get<{ data: CatalogueServiceDetail }>(`portals/services/${encodeURIComponent(slug)}/slug`)).data, {
    shouldRetryOnError: false,
  });
}

/** A service's cost: "RD$ 1,500.00" (es-DO), or "Gratuito" when it has none. */
export function costLabel(cost: number | null): string {
  return cost === null || cost === 0 ? 'Gratuito' : formatAmount(cost, 'DOP');
}
