/**
 * The service page's read (public, GET /v1/portals/services/{slug}/slug). In the first bundle (the page's
 * frame draws the service's top from it): how a cost reads is in cost.ts, with the page.
 */
import useSWR, { preload } from 'swr';
import type { CatalogueServiceDetail } from '@portal/api-contract';
import { api } from '../../lib/api-client';

export type { CatalogueServiceDetail } from '@portal/api-contract';

const serviceKey = (slug: string) => ['portals/services/slug', slug] as const;
const fetchService = async ([, slug]: readonly [string, string]) =>
  (await api.get<{ data: CatalogueServiceDetail }>(`portals/services/${encodeURIComponent(slug)}/slug`)).data;

/** One service with its requirements, steps and Puntos GOB. */
export function useService(slug: string) {
  return useSWR(serviceKey(slug), fetchService, { shouldRetryOnError: false });
}

/** Starts loading the service at `slug` before the page's code (AppRoutes.preloadPage); useService then uses that answer. */
export function preloadService(slug: string): void {
  void preload(serviceKey(slug), fetchService).catch(() => undefined);
}
