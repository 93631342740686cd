/**
 * The service catalogue (spec §7 calls under /v1/portals and /v2): services,
 * areas, institutions, provinces, Puntos GOB and the home page's statistics.
 * Every answer is `{ data, ... }` like the portal's other reads.
 */

/** What a service is: information only, done online, or done in person. */
export const SERVICE_TYPES = ['informativo', 'en_linea', 'presencial'] as const;
/** Where a citizen can do a service. */
export const SERVICE_CHANNELS = ['en_linea', 'presencial', 'telefonico'] as const;

const nullableText = { type: ['string', 'null'] } as const;

/** An area of the catalogue (Empresas y comercio, Identidad y registro civil, ...). */
export const catalogueAreaSchema = {
  type: 'object',
  properties: { id: { type: 'integer' }, slug: { type: 'string' }, name: { type: 'string' } },
  required: ['id', 'slug', 'name'],
} as const;

/** The institution that provides a service. */
export const catalogueInstitutionSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    acronym: { type: 'string' },
    name: { type: 'string' },
    site: { type: 'string', description: 'Sitio oficial (https)' },
  },
  required: ['id', 'acronym', 'name', 'site'],
} as const;

/** A province, as the Puntos GOB name it (provincias reference table). */
export const catalogueProvinceSchema = {
  type: 'object',
  properties: { id: { type: 'integer' }, name: { type: 'string' } },
  required: ['id', 'name'],
} as const;

const serviceProperties = {
  id: { type: 'integer' },
  slug: { type: 'string' },
  name: { type: 'string' },
  description: { type: 'string' },
  type: { type: 'string', enum: SERVICE_TYPES },
  channels: { type: 'array', items: { type: 'string', enum: SERVICE_CHANNELS } },
  cost: { type: ['number', 'null'], description: 'Costo en RD$; null o 0 es gratis' },
  estimated_time: { type: 'string' },
  institution: { ...catalogueInstitutionSchema, type: ['object', 'null'], description: 'null si la institución ya no está en el catálogo' },
  area: { ...catalogueAreaSchema, type: ['object', 'null'], description: 'null si el área ya no está en el catálogo' },
  online_form: { ...nullableText, description: 'Formulario del portal (schemas/<nombre>) de un servicio en línea' },
  apply_path: { ...nullableText, description: 'Página del portal que inicia la solicitud en línea' },
} as const;

const serviceRequired = ['id', 'slug', 'name', 'description', 'type', 'channels', 'cost', 'estimated_time', 'institution', 'area', 'online_form', 'apply_path'] as const;

/** A service as the lists show it. */
export const serviceSummarySchema = { type: 'object', properties: serviceProperties, required: serviceRequired } as const;

/** A Punto GOB centre without its services. */
export const puntoGobSummarySchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    slug: { type: 'string' },
    name: { type: 'string' },
    province: { ...catalogueProvinceSchema, type: ['object', 'null'], description: 'null si la provincia no está en la tabla provincias' },
    address: { type: 'string' },
    hours: { type: 'string' },
    services_count: { type: 'integer' },
  },
  required: ['id', 'slug', 'name', 'province', 'address', 'hours', 'services_count'],
} as const;

/** A service with everything the service page shows (GET /v1/portals/services/{slug}/slug). */
export const serviceDetailSchema = {
  type: 'object',
  properties: {
    ...serviceProperties,
    requirements: { type: 'array', items: { type: 'string' } },
    steps: { type: 'array', items: { type: 'string' } },
    puntos_gob: { type: 'array', items: puntoGobSummarySchema, description: 'Puntos GOB que ofrecen el servicio en persona' },
  },
  required: [...serviceRequired, 'requirements', 'steps', 'puntos_gob'],
} as const;

/** Answer of GET /v1/portals/services: one page of services, best match first when searching. */
export const servicePageSchema = {
  type: 'object',
  properties: {
    data: { type: 'array', items: serviceSummarySchema },
    page: { type: 'integer' },
    per_page: { type: 'integer' },
    total: { type: 'integer', description: 'Servicios que cumplen los filtros (todas las páginas)' },
  },
  required: ['data', 'page', 'per_page', 'total'],
} as const;

/** Answer of GET /v1/portals/services/{slug}/slug. */
export const serviceDetailAnswerSchema = {
  type: 'object',
  properties: { data: serviceDetailSchema },
  required: ['data'],
} as const;

/** Answer of GET /v2/portals/classified: the services that match, grouped by area. */
export const classifiedServicesSchema = {
  type: 'object',
  properties: {
    data: {
      type: 'array',
      items: {
        type: 'object',
        properties: { area: catalogueAreaSchema, services: { type: 'array', items: serviceSummarySchema } },
        required: ['area', 'services'],
      },
    },
    total: { type: 'integer' },
  },
  required: ['data', 'total'],
} as const;

/** Answer of GET /v1/portals/area/services: every area with its number of services. */
export const areaServiceCountsSchema = {
  type: 'object',
  properties: {
    data: {
      type: 'array',
      items: { type: 'object', properties: { ...catalogueAreaSchema.properties, services_count: { type: 'integer' } }, required: [...catalogueAreaSchema.required, 'services_count'] },
    },
  },
  required: ['data'],
} as const;

/** Answer of GET /v1/portals/institutions: every institution with its number of services. */
export const institutionListSchema = {
  type: 'object',
  properties: {
    data: {
      type: 'array',
      items: {
        type: 'object',
        properties: { ...catalogueInstitutionSchema.properties, services_count: { type: 'integer' } },
        required: [...catalogueInstitutionSchema.required, 'services_count'],
      },
    },
  },
  required: ['data'],
} as const;

/** Answer of GET /v1/portals/provinces: the provinces that have at least one Punto GOB. */
export const provinceListSchema = {
  type: 'object',
  properties: {
    data: {
      type: 'array',
      items: { type: 'object', properties: { ...catalogueProvinceSchema.properties, puntos_gob_count: { type: 'integer' } }, required: ['id', 'name', 'puntos_gob_count'] },
    },
  },
  required: ['data'],
} as const;

/** Answer of GET /v2/portal/dashboard/statistics (the home page's figures). */
export const portalStatisticsSchema = {
  type: 'object',
  properties: {
    data: {
      type: 'object',
      properties: {
        services: { type: 'integer' },
        institutions: { type: 'integer' },
        online_services: { type: 'integer' },
        requests_this_month: { type: 'integer', description: 'Solicitudes enviadas desde el primer día del mes (hora de Santo Domingo)' },
        average_rating: { type: ['number', 'null'], description: 'Valoración media (1 a 5, con dos decimales) de las solicitudes calificadas por los ciudadanos; null mientras no haya valoraciones' },
        ratings: { type: 'integer', description: 'Solicitudes calificadas' },
      },
      required: ['services', 'institutions', 'online_services', 'requests_this_month', 'average_rating', 'ratings'],
    },
  },
  required: ['data'],
} as const;

/** Answer of GET /v2/punto-gob/getall. */
export const puntoGobListSchema = {
  type: 'object',
  properties: { data: { type: 'array', items: puntoGobSummarySchema }, total: { type: 'integer' } },
  required: ['data', 'total'],
} as const;

/** Answer of GET /v2/portal-punto-gob/{slug}/slug: a centre with the services it offers. */
export const puntoGobDetailSchema = {
  type: 'object',
  properties: {
    data: {
      type: 'object',
      properties: { ...puntoGobSummarySchema.properties, services: { type: 'array', items: serviceSummarySchema } },
      required: [...puntoGobSummarySchema.required, 'services'],
    },
  },
  required: ['data'],
} as const;
