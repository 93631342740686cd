/**
 * The catalogue's state lives in the address (/servicios?q=…&area=…): a search
 * can be shared, and the browser's Back returns to the previous results.
 * These read and write it; anything unknown or malformed in the address is ignored.
 */

/** Service types and channels, with their Spanish names (the API's values). */
export const TYPE_LABELS = { informativo: 'Informativo', en_linea: 'En línea', presencial: 'Presencial' } as const;
export const CHANNEL_LABELS = { en_linea: 'En línea', presencial: 'Presencial', telefonico: 'Telefónico' } as const;

export type ServiceType = keyof typeof TYPE_LABELS;
export type ServiceChannel = keyof typeof CHANNEL_LABELS;

/** What the catalogue shows. */
export interface CatalogueFilters {
  /** Text search ('' for none). */
  q: string;
  area: number | null;
  institution: number | null;
  type: ServiceType | null;
  channel: ServiceChannel | null;
  /** 1-based. */
  page: number;
}

/** The address's parameter of each filter (Spanish, as the citizen sees it). */
export const PARAM = { q: 'q', area: 'area', institution: 'institucion', type: 'tipo', channel: 'canal', page: 'pagina' } as const;

const id = (value: string | null): number | null => (value && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : null);
const oneOf = <K extends string>(labels: Record<K, string>, value: string | null): K | null =>
  value !== null && Object.hasOwn(labels, value) ? (value as K) : null;

/** The filters an address's query carries. */
export function readFilters(search: URLSearchParams): CatalogueFilters {
  return {
    q: (search.get(PARAM.q) ?? '').trim().slice(0, 200),
    area: id(search.get(PARAM.area)),
    institution: id(search.get(PARAM.institution)),
    type: oneOf(TYPE_LABELS, search.get(PARAM.type)),
    channel: oneOf(CHANNEL_LABELS, search.get(PARAM.channel)),
    page: id(search.get(PARAM.page)) ?? 1,
  };
}

/** The query of an address for `filters` (only what is set; page 1 is left out). */
export function writeFilters(filters: CatalogueFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.q) search.set(PARAM.q, filters.q);
  if (filters.area !== null) search.set(PARAM.area, String(filters.area));
  if (filters.institution !== null) search.set(PARAM.institution, String(filters.institution));
  if (filters.type) search.set(PARAM.type, filters.type);
  if (filters.channel) search.set(PARAM.channel, filters.channel);
  if (filters.page > 1) search.set(PARAM.page, String(filters.page));
  return search;
}

/** True when any filter or search is set (the "Quitar filtros" button). */
export function hasFilters(filters: CatalogueFilters): boolean {
  return filters.q !== '' || filters.area !== null || filters.institution !== null || filters.type !== null || filters.channel !== null;
}

/** The heading of an empty result: names the search and speaks of filters only when one is set. */
export function emptyResultTitle(filters: CatalogueFilters): string {
  const filtered = filters.area !== null || filters.institution !== null || filters.type !== null || filters.channel !== null;
  if (filters.q !== '') return `No encontramos servicios para «${filters.q}»${filtered ? ' con estos filtros' : ''}.`;
  return filtered ? 'No encontramos servicios con estos filtros.' : 'El catálogo no tiene servicios todavía.';
}

// One formatter for every count: toLocaleString builds a new one on each call (a third of a millisecond).
const COUNT_FORMAT = new Intl.NumberFormat('es-DO');

/** "1 servicio", "12 servicios" (es-DO digits). */
export function countLabel(total: number): string {
  return `${COUNT_FORMAT.format(total)} ${total === 1 ? 'servicio' : 'servicios'}`;
}
