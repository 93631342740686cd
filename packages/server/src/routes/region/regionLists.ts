/** One reference list endpoint under /v1/region. */
export interface RegionList {
  path: string;
  /** The OpenAPI operationId (the name generated clients give the call). */
  operationId: string;
  summary: string;
  table: string;
  /** SELECT list with the API's camelCase names. */
  select: string;
  orderBy: string;
  /** Optional equality filter: query parameter -> integer column. */
  filter?: { param: string; column: string };
  /** Accepts ?q= matched against the table's normalised `busqueda` column. */
  search?: boolean;
  itemSchema: Record<string, unknown>;
}

const str = { type: 'string' } as const;
const nullableStr = { type: ['string', 'null'] } as const;
const int = { type: 'integer' } as const;

const item = (properties: Record<string, unknown>) => ({ type: 'object', properties, required: Object.keys(properties) });

export const REGION_LISTS: RegionList[] = [
  {
    path: '/region/provincias',
    operationId: 'listProvinces',
    summary: 'Provincias',
    table: 'provincias',
    select: 'id, nombre_provincia AS "nombreProvincia", codigo_provincia_dgii AS "codigoProvinciaDGII", pais_id AS "paisId"',
    orderBy: 'nombre_provincia, id',
    filter: { param: 'paisId', column: 'pais_id' },
    itemSchema: item({ id: int, nombreProvincia: str, codigoProvinciaDGII: nullableStr, paisId: int }),
  },
  {
    path: '/region/municipios',
    operationId: 'listMunicipalities',
    summary: 'Municipios (filtrables por provincia)',
    table: 'municipios',
    select: 'id, provincia_id AS "provinciaId", nombre, municipio_dgii AS "municipioDGII"',
    orderBy: 'nombre, id',
    filter: { param: 'provinciaId', column: 'provincia_id' },
    itemSchema: item({ id: int, provinciaId: int, nombre: str, municipioDGII: nullableStr }),
  },
  {
    path: '/region/sectores',
    operationId: 'listSectors',
    summary: 'Sectores (filtrables por municipio)',
    table: 'sectores',
    select: 'id, municipio_id AS "municipioId", nombre_sector AS "nombreSector"',
    orderBy: 'nombre_sector, id',
    filter: { param: 'municipioId', column: 'municipio_id' },
    itemSchema: item({ id: int, municipioId: int, nombreSector: str }),
  },
  {
    path: '/region/nacionalidades',
    operationId: 'listNationalities',
    summary: 'Nacionalidades',
    table: 'nacionalidades',
    select: 'id, nacionalidad, nombre_pais AS "nombrePais"',
    orderBy: 'nacionalidad, id',
    itemSchema: item({ id: int, nacionalidad: str, nombrePais: str }),
  },
  {
    path: '/region/actividades-ciiu',
    operationId: 'listCiiuActivities',
    summary: 'Actividades económicas CIIU (búsqueda opcional con ?q=)',
    table: 'actividades_ciiu',
    select: 'codigo_ciiu_dgii AS "codigoCiiuDGII", descripcion_crm AS "descripcionCrm", seccion, division',
    orderBy: 'codigo_ciiu_dgii',
    search: true,
    itemSchema: item({ codigoCiiuDGII: str, descripcionCrm: str, seccion: nullableStr, division: nullableStr }),
  },
  {
    path: '/region/bancos',
    operationId: 'listBanks',
    summary: 'Bancos y cooperativas',
    table: 'bancos',
    select: 'id, nombre, tipo',
    orderBy: 'nombre, id',
    itemSchema: item({ id: int, nombre: str, tipo: nullableStr }),
  },
];
