/**
 * The catalogue's reads (public, spec §7): one page of services for the
 * catalogue's filters, the lists that fill the filters, every service grouped
 * by area (the institutions page), and the Puntos GOB. Types from the API contract.
 */
import useSWR, { preload } from 'swr';
import type {
  AreaServiceCounts, ClassifiedServices, InstitutionList, ProvinceList, PuntoGobDetail, PuntoGobList, CatalogueServicePage,
} from '@portal/api-contract';
import { api } from '../../lib/api-client';
import { readFilters, type CatalogueFilters } from './filters';

/** Services per page of the catalogue. */
export const PER_PAGE = 12;

/** The query string of GET /v1/portals/services for `filters` (only what is set). */
export function serviceListParams(filters: CatalogueFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.area !== null) params.set('area', String(filters.area));
  if (filters.institution !== null) params.set('institutions', String(filters.institution));
  if (filters.type) params.set('type', filters.type);
  if (filters.channel) params.set('channel', filters.channel);
  params.set('page', String(filters.page));
  params.set('per_page', String(PER_PAGE));
  return params;
}

const servicePageKey = (query: string) => ['portals/services', query] as const;
const fetchServicePage = ([, query]: readonly [string, string]) => api.get<CatalogueServicePage>('portals/services', { searchParams: new URLSearchParams(query) });

/** One page of services that match `filters`; the previous page stays shown while the next one loads. */
export function useServicePage(filters: CatalogueFilters) {
  return useSWR(servicePageKey(serviceListParams(filters).toString()), fetchServicePage, { keepPreviousData: true });
}

/** Starts loading the page of services that the catalogue at `search` will show (useServicePage then uses that answer). */
export function preloadServicePage(search: URLSearchParams): void {
  const key = servicePageKey(serviceListParams(readFilters(search)).toString());
  void preload(key, fetchServicePage).catch(() => undefined);
}

/** The areas with their number of services (the area filter). */
export function useAreas() {
  return useSWR('portals/area/services', async () => (await api.get<AreaServiceCounts>('portals/area/services')).data);
}

/** The institutions with their number of services. */
export function useInstitutions() {
  return useSWR('portals/institutions', async () => (await api.get<InstitutionList>('portals/institutions')).data);
}

/** Every service, grouped by area (GET /v2/portals/classified without filters). */
export function useAllServices() {
  return useSWR('v2/portals/classified', () => api.get<ClassifiedServices>('v2/portals/classified'));
}

/** The provinces that have at least one Punto GOB. */
export function useProvinces() {
  return useSWR('portals/provinces', async () => (await api.get<ProvinceList>('portals/provinces')).data);
}

/** The Puntos GOB of a province (all when null). */
export function usePuntosGob(province: number | null) {
  return useSWR(['v2/punto-gob/getall', province], () =>
    api.get<PuntoGobList>('v2/punto-gob/getall', { searchParams: province === null ? {} : { provinces: province } }), { keepPreviousData: true });
}

/** One Punto GOB with the services it offers; nothing is asked while `slug` is null. */
export function usePuntoGob(slug: string | null) {
  return useSWR(slug === null ? null : ['v2/portal-punto-gob', slug], async () =>
    (await api.get<PuntoGobDetail>(`v2/portal-punto-gob/${encodeURIComponent(slug ?? '')}/slug`)).data);
}
