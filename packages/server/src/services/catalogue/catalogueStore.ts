/**
 * Reads of the service catalogue (migration 015). The text search runs in the
 * database: the Spanish accents of the query are folded with the same
 * translate() the generated `busqueda` vector uses, then plainto_tsquery with
 * the `spanish` configuration; ts_rank orders the matches (name weight A above
 * description B and keywords C), then the folded name (`nombre_orden`, stored
 * by migration 017). The SQL is the same on PGlite and PostgreSQL.
 */
import type {
  AreaServiceCounts,
  CatalogueService,
  CatalogueServiceDetail,
  ClassifiedServices,
  InstitutionList,
  PortalStatistics,
  ProvinceList,
  PuntoGobDetail,
  PuntoGobList,
} from '@portal/api-contract';
import type { Queryable } from '../../db/Db';

/** Folds the Spanish accents as the migration's generated column does (keep both in step). */
const fold = (sql: string) => `translate(${sql}, 'ÁÉÍÓÚÜÑáéíóúüñ', 'AEIOUUNaeiouun')`;
/** Order by name the same way on every collation (C, es_DO, en_US). */
const BY_NAME = (alias: string) => `lower(${fold(`${alias}.nombre`)}), ${alias}.id`;
/** BY_NAME for services: the same folded name, stored in the row (migration 017). */
const SERVICE_BY_NAME = (alias: string) => `${alias}.nombre_orden, ${alias}.id`;

export interface ServiceFilters {
  area?: number[];
  institutions?: number[];
  type?: string[];
  channel?: string[];
  /** Free text; accents and case do not matter. */
  q?: string;
}

export interface PuntoGobFilters {
  areas?: number[];
  institutions?: number[];
  /** Service ids. */
  services?: number[];
  provinces?: number[];
}

type ServiceRow = {
  id: number;
  slug: string;
  nombre: string;
  descripcion: string;
  tipo: CatalogueService['type'];
  canales: CatalogueService['channels'];
  costo: number | null;
  tiempo_estimado: string;
  formulario: string | null;
  ruta_solicitud: string | null;
  i_id: number | null;
  i_sigla: string | null;
  i_nombre: string | null;
  i_sitio: string | null;
  a_id: number | null;
  a_slug: string | null;
  a_nombre: string | null;
};

const SERVICE_COLUMNS = `s.id, s.slug, s.nombre, s.descripcion, s.tipo, s.canales, s.costo::float8 AS costo, s.tiempo_estimado,
  s.formulario, s.ruta_solicitud, i.id AS i_id, i.sigla AS i_sigla, i.nombre AS i_nombre, i.sitio AS i_sitio,
  a.id AS a_id, a.slug AS a_slug, a.nombre AS a_nombre`;
const SERVICE_JOINS = `LEFT JOIN catalogo_instituciones i ON i.id = s.institucion_id LEFT JOIN catalogo_areas a ON a.id = s.area_id`;

type Institution = NonNullable<CatalogueService['institution']>;
type Area = NonNullable<CatalogueService['area']>;

function toService(row: ServiceRow): CatalogueService {
  return {
    id: row.id,
    slug: row.slug,
    name: row.nombre,
    description: row.descripcion,
    type: row.tipo,
    channels: row.canales,
    cost: row.costo,
    estimated_time: row.tiempo_estimado,
    institution: row.i_id === null ? null : { id: row.i_id, acronym: row.i_sigla ?? '', name: row.i_nombre ?? '', site: row.i_sitio ?? '' },
    area: row.a_id === null ? null : { id: row.a_id, slug: row.a_slug ?? '', name: row.a_nombre ?? '' },
    online_form: row.formulario,
    apply_path: row.ruta_solicitud,
  };
}

/** WHERE conditions and parameters for the service filters; `search` is the tsquery expression when q has words. */
function serviceWhere(filters: ServiceFilters, params: unknown[]): { where: string; search: string | null } {
  const conditions: string[] = [];
  const add = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (filters.area?.length) conditions.push(`s.area_id = ANY(${add(filters.area)}::int[])`);
  if (filters.institutions?.length) conditions.push(`s.institucion_id = ANY(${add(filters.institutions)}::int[])`);
  if (filters.type?.length) conditions.push(`s.tipo = ANY(${add(filters.type)}::text[])`);
  if (filters.channel?.length) conditions.push(`s.canales ?| ${add(filters.channel)}::text[]`);
  let search: string | null = null;
  const q = filters.q?.normalize('NFC').trim() ?? '';
  if (q !== '') {
    search = `plainto_tsquery('spanish', ${fold(add(q))})`;
    // A query of stop words only ("de la") has no terms: it filters nothing.
    conditions.push(`(numnode(${search}) = 0 OR s.busqueda @@ ${search})`);
  }
  return { where: conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '', search };
}

/** The institutions and areas by id, which every service of a list names. */
export interface CatalogueLabels {
  institutions: Map<number, Institution>;
  areas: Map<number, Area>;
}

/**
 * Every institution and area by id: a few dozen rows that the routes keep in
 * memory, so a list or search query reads one table instead of joining three
 * on each request (on PGlite the joins cost about as much as the search).
 */
export async function catalogueLabels(db: Queryable): Promise<CatalogueLabels> {
  const { rows: institutions } = await db.query<{ id: number; sigla: string; nombre: string; sitio: string }>('SELECT id, sigla, nombre, sitio FROM catalogo_instituciones');
  const { rows: areas } = await db.query<{ id: number; slug: string; nombre: string }>('SELECT id, slug, nombre FROM catalogo_areas');
  return {
    institutions: new Map(institutions.map((i) => [i.id, { id: i.id, acronym: i.sigla, name: i.nombre, site: i.sitio }])),
    areas: new Map(areas.map((a) => [a.id, { id: a.id, slug: a.slug, name: a.nombre }])),
  };
}

type ListRow = Omit<ServiceRow, 'i_id' | 'i_sigla' | 'i_nombre' | 'i_sitio' | 'a_id' | 'a_slug' | 'a_nombre'> & { institucion_id: number; area_id: number; total: number };

const LIST_COLUMNS = `s.id, s.slug, s.nombre, s.descripcion, s.tipo, s.canales, s.costo::float8 AS costo, s.tiempo_estimado,
  s.formulario, s.ruta_solicitud, s.institucion_id, s.area_id`;

/**
 * One page of the services matching the filters, best match first when
 * searching; total over all pages. Institutions and areas come from `labels`
 * (read now when not given): an id missing from them is null, as a left join gives.
 */
export async function listServices(
  db: Queryable,
  filters: ServiceFilters,
  page: number,
  perPage: number,
  labels?: CatalogueLabels,
): Promise<{ data: CatalogueService[]; total: number }> {
  const params: unknown[] = [];
  const { where, search } = serviceWhere(filters, params);
  const order = search ? `ts_rank(s.busqueda, ${search}) DESC, ${SERVICE_BY_NAME('s')}` : SERVICE_BY_NAME('s');
  params.push(perPage, (page - 1) * perPage);
  const { rows } = await db.query<ListRow>(
    `SELECT ${LIST_COLUMNS}, count(*) OVER ()::int AS total FROM catalogo_servicios s ${where}
     ORDER BY ${order} LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  if (rows.length > 0 || page === 1) {
    const { institutions, areas } = rows.length > 0 ? (labels ?? (await catalogueLabels(db))) : { institutions: new Map<number, Institution>(), areas: new Map<number, Area>() };
    const data = rows.map((row): CatalogueService => ({
      id: row.id,
      slug: row.slug,
      name: row.nombre,
      description: row.descripcion,
      type: row.tipo,
      channels: row.canales,
      cost: row.costo,
      estimated_time: row.tiempo_estimado,
      institution: institutions.get(row.institucion_id) ?? null,
      area: areas.get(row.area_id) ?? null,
      online_form: row.formulario,
      apply_path: row.ruta_solicitud,
    }));
    return { data, total: rows[0]?.total ?? 0 };
  }
  // Past the last page: the window count has no row to ride on.
  const countParams: unknown[] = [];
  const count = serviceWhere(filters, countParams);
  const { rows: counted } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM catalogo_servicios s ${count.where}`, countParams);
  return { data: [], total: counted[0].n };
}

/** Every service matching the filters, grouped by area (areas by name, services by rank then name). */
export async function classifyServices(db: Queryable, filters: ServiceFilters): Promise<ClassifiedServices> {
  const params: unknown[] = [];
  const { where, search } = serviceWhere(filters, params);
  const order = search ? `ts_rank(s.busqueda, ${search}) DESC, ${SERVICE_BY_NAME('s')}` : SERVICE_BY_NAME('s');
  const { rows } = await db.query<ServiceRow>(
    `SELECT ${SERVICE_COLUMNS} FROM catalogo_servicios s JOIN catalogo_areas a2 ON a2.id = s.area_id ${SERVICE_JOINS} ${where}
     ORDER BY lower(${fold('a2.nombre')}), a2.id, ${order}`,
    params,
  );
  const groups: ClassifiedServices['data'] = [];
  for (const row of rows) {
    const service = toService(row);
    const last = groups.at(-1);
    if (last && last.area.id === row.a_id) last.services.push(service);
    else groups.push({ area: service.area!, services: [service] });
  }
  return { data: groups, total: rows.length };
}

type PuntoRow = { id: number; slug: string; nombre: string; p_id: number | null; p_nombre: string | null; direccion: string; horario: string; services_count: number };

const PUNTO_COLUMNS = `g.id, g.slug, g.nombre, p.id AS p_id, p.nombre_provincia AS p_nombre, g.direccion, g.horario,
  (SELECT count(*)::int FROM catalogo_servicios cs WHERE g.servicios ? cs.slug) AS services_count`;

const toPunto = (row: PuntoRow): PuntoGobList['data'][number] => ({
  id: row.id,
  slug: row.slug,
  name: row.nombre,
  province: row.p_id === null ? null : { id: row.p_id, name: row.p_nombre ?? '' },
  address: row.direccion,
  hours: row.horario,
  services_count: row.services_count,
});

/** A service with its requirements, steps and the Puntos GOB that offer it; null when the slug is unknown. */
export async function serviceBySlug(db: Queryable, slug: string): Promise<CatalogueServiceDetail | null> {
  const { rows } = await db.query<ServiceRow & { requisitos: string[]; pasos: string[] }>(
    `SELECT ${SERVICE_COLUMNS}, s.requisitos, s.pasos FROM catalogo_servicios s ${SERVICE_JOINS} WHERE s.slug = $1`,
    [slug],
  );
  if (rows.length === 0) return null;
  const { rows: puntos } = await db.query<PuntoRow>(
    `SELECT ${PUNTO_COLUMNS} FROM puntos_gob g LEFT JOIN provincias p ON p.id = g.provincia_id WHERE g.servicios ? $1 ORDER BY ${BY_NAME('g')}`,
    [slug],
  );
  return { ...toService(rows[0]), requirements: rows[0].requisitos, steps: rows[0].pasos, puntos_gob: puntos.map(toPunto) };
}

/** What a service's form preview needs: the catalogue service `id` and the form it runs (null when not online); null when there is no such service. */
export async function serviceFormById(db: Queryable, id: number): Promise<{ id: number; slug: string; nombre: string; formulario: string | null } | null> {
  const { rows } = await db.query<{ id: number; slug: string; nombre: string; formulario: string | null }>(
    'SELECT id, slug, nombre, formulario FROM catalogo_servicios WHERE id = $1',
    [id],
  );
  return rows[0] ?? null;
}

/** Every area with its number of services, by name. */
export async function areaServiceCounts(db: Queryable): Promise<AreaServiceCounts['data']> {
  const { rows } = await db.query<{ id: number; slug: string; nombre: string; n: number }>(
    `SELECT a.id, a.slug, a.nombre, (SELECT count(*)::int FROM catalogo_servicios s WHERE s.area_id = a.id) AS n
     FROM catalogo_areas a ORDER BY ${BY_NAME('a')}`,
  );
  return rows.map((r) => ({ id: r.id, slug: r.slug, name: r.nombre, services_count: r.n }));
}

/** Every institution with its number of services, by name. */
export async function institutionList(db: Queryable): Promise<InstitutionList['data']> {
  const { rows } = await db.query<{ id: number; sigla: string; nombre: string; sitio: string; n: number }>(
    `SELECT i.id, i.sigla, i.nombre, i.sitio, (SELECT count(*)::int FROM catalogo_servicios s WHERE s.institucion_id = i.id) AS n
     FROM catalogo_instituciones i ORDER BY ${BY_NAME('i')}`,
  );
  return rows.map((r) => ({ id: r.id, acronym: r.sigla, name: r.nombre, site: r.sitio, services_count: r.n }));
}

/** The provinces that have at least one Punto GOB, by name. */
export async function provincesWithPuntosGob(db: Queryable): Promise<ProvinceList['data']> {
  const { rows } = await db.query<{ id: number; nombre: string; n: number }>(
    `SELECT p.id, p.nombre_provincia AS nombre, count(*)::int AS n FROM puntos_gob g JOIN provincias p ON p.id = g.provincia_id
     GROUP BY p.id, p.nombre_provincia ORDER BY lower(${fold('p.nombre_provincia')}), p.id`,
  );
  return rows.map((r) => ({ id: r.id, name: r.nombre, puntos_gob_count: r.n }));
}

/**
 * The Puntos GOB in the given provinces that offer at least one service
 * matching every given service filter (areas, institutions, service ids).
 */
export async function listPuntosGob(db: Queryable, filters: PuntoGobFilters): Promise<PuntoGobList['data']> {
  const params: unknown[] = [];
  const add = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const conditions: string[] = [];
  if (filters.provinces?.length) conditions.push(`g.provincia_id = ANY(${add(filters.provinces)}::int[])`);
  const serviceConditions: string[] = [];
  if (filters.services?.length) serviceConditions.push(`s.id = ANY(${add(filters.services)}::int[])`);
  if (filters.areas?.length) serviceConditions.push(`s.area_id = ANY(${add(filters.areas)}::int[])`);
  if (filters.institutions?.length) serviceConditions.push(`s.institucion_id = ANY(${add(filters.institutions)}::int[])`);
  if (serviceConditions.length > 0) {
    conditions.push(`EXISTS (SELECT 1 FROM catalogo_servicios s WHERE g.servicios ? s.slug AND ${serviceConditions.join(' AND ')})`);
  }
  const { rows } = await db.query<PuntoRow>(
    `SELECT ${PUNTO_COLUMNS} FROM puntos_gob g LEFT JOIN provincias p ON p.id = g.provincia_id
     ${conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : ''} ORDER BY ${BY_NAME('g')}`,
    params,
  );
  return rows.map(toPunto);
}

/** A Punto GOB with the catalogue services it offers; null when the slug is unknown. */
export async function puntoGobBySlug(db: Queryable, slug: string): Promise<PuntoGobDetail['data'] | null> {
  const { rows } = await db.query<PuntoRow>(`SELECT ${PUNTO_COLUMNS} FROM puntos_gob g LEFT JOIN provincias p ON p.id = g.provincia_id WHERE g.slug = $1`, [slug]);
  if (rows.length === 0) return null;
  const { rows: services } = await db.query<ServiceRow>(
    `SELECT ${SERVICE_COLUMNS} FROM puntos_gob g JOIN catalogo_servicios s ON g.servicios ? s.slug ${SERVICE_JOINS} WHERE g.slug = $1 ORDER BY ${SERVICE_BY_NAME('s')}`,
    [slug],
  );
  return { ...toPunto(rows[0]), services: services.map(toService) };
}

/**
 * The home page's figures, counted now: services, institutions, online
 * services (type en_linea), requests submitted since the first day of this
 * month in Santo Domingo, and the citizens' ratings of their requests: their
 * average (null: there are no ratings yet) and how many.
 */
export async function portalStatistics(db: Queryable): Promise<PortalStatistics['data']> {
  const { rows } = await db.query<{ services: number; institutions: number; online: number; requests: number; average: number | null; ratings: number }>(
    `SELECT (SELECT count(*)::int FROM catalogo_servicios) AS services,
            (SELECT count(*)::int FROM catalogo_instituciones) AS institutions,
            (SELECT count(*)::int FROM catalogo_servicios WHERE tipo = 'en_linea') AS online,
            (SELECT count(*)::int FROM applications WHERE submitted_at IS NOT NULL
               AND submitted_at >= date_trunc('month', now() AT TIME ZONE 'America/Santo_Domingo') AT TIME ZONE 'America/Santo_Domingo') AS requests,
            (SELECT round(avg(score), 2)::float8 FROM request_ratings) AS average,
            (SELECT count(*)::int FROM request_ratings) AS ratings`,
  );
  const r = rows[0];
  return { services: r.services, institutions: r.institutions, online_services: r.online, requests_this_month: r.requests, average_rating: r.average, ratings: r.ratings };
}
