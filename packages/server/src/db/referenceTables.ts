/**
 * The reference tables: one descriptor per table, and the only list of them.
 * The migrations are the authority for each table's shape; a descriptor says
 * how the table is filled and served:
 * - its SQL name (the key) and its import name (`name`: the spelling typed on
 *   the command line, the CSV's name in messages and the /v1/region path);
 * - its seed file in db/reference/ and whether an official CSV is accepted;
 * - its columns: the row key (JSON files, CSV headers, API properties), the SQL
 *   column, the type, and how a CSV cell is read and checked;
 * - the columns the loader or the database fill (`search`, `generated`);
 * - the group whose in-memory answers are forgotten together, and the
 *   /v1/region list it feeds (order, filters, search);
 * - the seed file's version (merged into databases seeded from an older one)
 *   and, for provincias, municipios and sectores, the level of ONE's
 *   territorial division the table holds.
 * db/seedReference.ts, db/insertReferenceRows.ts, db/reference/parseReferenceCsv.ts,
 * cli/importReference.ts, routes/region/ and services/region/ all read from
 * here; test/referenceTables.test.ts fails when a descriptor disagrees with
 * the migrated table or when another file lists reference tables.
 */
import { ciiuSearchText } from './reference/ciiuSearch';

/** `numeric`: a decimal amount; `json`: a list (a JSON array, or in a CSV cell JSON text or items separated by "|"). */
export type ReferenceColumnType = 'integer' | 'text' | 'numeric' | 'json';

export interface ReferenceColumn {
  /** The row's name for the column: key in the JSON files, CSV header, property in the API. */
  readonly key: string;
  /** The SQL column. */
  readonly column: string;
  readonly type: ReferenceColumnType;
  /** NOT NULL in the table: a row without a value is refused on insert, and the API never answers null. */
  readonly required: boolean;
  /** CSV: other accepted headers (compared without case, accents, spaces, dashes or underscores). */
  readonly aliases: readonly string[];
  /** CSV: the header and each value must be present. Official files carry some columns the table lets be null. */
  readonly csvRequired: boolean;
  /** CSV: value used when an optional column is absent or empty. */
  readonly default?: string | number;
  /** CSV: numeric codes are left-padded with zeros to this length (Excel drops them). */
  readonly padDigits?: number;
  /** CSV: the values accepted (text columns). */
  readonly allowed?: readonly string[];
}

/** A GET /v1/region/<name> list: every column of the table, `{ data, page, limit, total }`, served from memory. */
export interface ReferenceList {
  /** The OpenAPI operationId (the name generated clients give the call). */
  readonly operationId: string;
  readonly summary: string;
  /** Keys of the columns the rows are ordered by. */
  readonly orderBy: readonly string[];
  /** Keys of integer columns that filter by equality; the query parameter has the column's key as its name. */
  readonly filters?: readonly string[];
  /** Accepts ?q=, matched against the table's `busqueda` column (needs the descriptor's `search`). */
  readonly search?: boolean;
}

/** Tables whose in-memory answers are kept together: a change to any of them forgets them all. */
export type ReferenceGroup = 'catalogue';

interface ReferenceTableSpec {
  /** The import name: typed on the command line (`_` for `-` is accepted too), the CSV's name in messages, the list's path. */
  readonly name: string;
  /** Seed file inside src/db/reference/ (loaded into an empty table at start; merged into an older one, see `seedVersion`). */
  readonly file: string;
  /** Also imported from an official CSV (db/reference/parseReferenceCsv.ts); otherwise JSON only. */
  readonly csv: boolean;
  readonly columns: readonly ReferenceColumn[];
  /** Value of the `busqueda` text column the loader fills, from a row keyed as `columns`. */
  readonly search?: (row: Record<string, string | number | null>) => string;
  /** Columns the database computes (GENERATED ALWAYS): never written. */
  readonly generated?: readonly string[];
  readonly group?: ReferenceGroup;
  readonly list?: ReferenceList;
  /**
   * Version of the seed file (1 when absent). When it is newer than the version a database
   * recorded for the table, and the table was filled from the seeds (not by an operator's
   * import), the start merges the seed rows into it (db/seedReference.ts). The first column is
   * then the row key (the primary key).
   */
  readonly seedVersion?: number;
  /** The level of ONE's División Territorial 2020 the table holds; db/reference/territorialDivision.ts fills the three together. */
  readonly territorialLevel?: TerritorialLevel;
}

/** Levels of the territorial division the portal keeps: provincia, municipio and sector (barrio or paraje). */
export type TerritorialLevel = 'province' | 'municipality' | 'sector';

interface ColumnOptions {
  /** The column accepts NULL. */
  nullable?: boolean;
  aliases?: readonly string[];
  /** Defaults to the column being required. */
  csvRequired?: boolean;
  default?: string | number;
  padDigits?: number;
  allowed?: readonly string[];
}

function col(key: string, column: string, type: ReferenceColumnType, options: ColumnOptions = {}): ReferenceColumn {
  const { nullable = false, aliases = [], csvRequired = !nullable, ...csv } = options;
  return { key, column, type, required: !nullable, aliases, csvRequired, ...csv };
}

/** The 17-digit code of the row in ONE's División Territorial 2020 (null: a row ONE does not have). */
function geoCodeColumn(): ReferenceColumn {
  return col('geoCode', 'geo_code', 'text', { nullable: true, aliases: ['codigoONE', 'codigoGeografico'], padDigits: 17 });
}

export const BANCO_TIPOS = [
  'banco_multiple',
  'asociacion_ahorros_prestamos',
  'banco_ahorro_credito',
  'corporacion_credito',
  'cooperativa',
  'banco_publico',
  'extranjero',
] as const;

export type BancoTipo = (typeof BANCO_TIPOS)[number];

const SPECS = {
  provincias: {
    name: 'provincias',
    file: 'provincias.json',
    csv: true,
    columns: [
      col('id', 'id', 'integer', { aliases: ['idProvincia', 'provinciaId'] }),
      col('nombreProvincia', 'nombre_provincia', 'text', { aliases: ['nombre', 'provincia'] }),
      col('codigoProvinciaDGII', 'codigo_provincia_dgii', 'text', {
        nullable: true,
        csvRequired: true,
        aliases: ['codigo', 'codigoDGII', 'codigoProvincia', 'codProvincia'],
        padDigits: 2,
      }),
      col('paisId', 'pais_id', 'integer', { csvRequired: false, aliases: ['idPais'], default: 1 }),
      geoCodeColumn(),
    ],
    seedVersion: 2,
    territorialLevel: 'province',
    list: { operationId: 'listProvinces', summary: 'Provincias', orderBy: ['nombreProvincia', 'id'], filters: ['paisId'] },
  },
  municipios: {
    name: 'municipios',
    file: 'municipios.json',
    csv: true,
    columns: [
      col('id', 'id', 'integer', { aliases: ['idMunicipio', 'municipioId'] }),
      col('provinciaId', 'provincia_id', 'integer', { aliases: ['idProvincia'] }),
      col('nombre', 'nombre', 'text', { aliases: ['municipio', 'nombreMunicipio'] }),
      col('municipioDGII', 'municipio_dgii', 'text', {
        nullable: true,
        csvRequired: true,
        aliases: ['codigo', 'codigoDGII', 'codigoMunicipio', 'codMunicipio'],
        padDigits: 4,
      }),
      geoCodeColumn(),
    ],
    seedVersion: 2,
    territorialLevel: 'municipality',
    list: {
      operationId: 'listMunicipalities',
      summary: 'Municipios (filtrables por provincia)',
      orderBy: ['nombre', 'id'],
      filters: ['provinciaId'],
    },
  },
  sectores: {
    name: 'sectores',
    file: 'sectores.json',
    csv: true,
    columns: [
      col('id', 'id', 'integer', { aliases: ['idSector', 'sectorId'] }),
      col('municipioId', 'municipio_id', 'integer', { aliases: ['idMunicipio'] }),
      col('nombreSector', 'nombre_sector', 'text', { aliases: ['nombre', 'sector'] }),
      geoCodeColumn(),
    ],
    seedVersion: 2,
    territorialLevel: 'sector',
    list: {
      operationId: 'listSectors',
      summary: 'Sectores (filtrables por municipio)',
      orderBy: ['nombreSector', 'id'],
      filters: ['municipioId'],
    },
  },
  nacionalidades: {
    name: 'nacionalidades',
    file: 'nacionalidades.json',
    csv: true,
    columns: [
      col('id', 'id', 'integer', { aliases: ['idNacionalidad'] }),
      col('nacionalidad', 'nacionalidad', 'text', { aliases: ['gentilicio'] }),
      col('nombrePais', 'nombre_pais', 'text', { aliases: ['pais'] }),
    ],
    list: { operationId: 'listNationalities', summary: 'Nacionalidades', orderBy: ['nacionalidad', 'id'] },
  },
  actividades_ciiu: {
    name: 'actividades-ciiu',
    file: 'actividades-ciiu.json',
    csv: true,
    columns: [
      col('codigoCiiuDGII', 'codigo_ciiu_dgii', 'text', {
        aliases: ['codigo', 'codigoCiiu', 'ciiu', 'codigoActividad', 'clase'],
        padDigits: 4,
      }),
      col('descripcionCrm', 'descripcion_crm', 'text', { aliases: ['descripcion', 'actividad', 'descripcionActividad', 'nombre'] }),
      col('seccion', 'seccion', 'text', { nullable: true }),
      col('division', 'division', 'text', { nullable: true, padDigits: 2 }),
    ],
    // Code, description and the CIIU Rev. 4 titles of the division and section (reference/ciiu-secciones-divisiones.json).
    search: ciiuSearchText,
    list: {
      operationId: 'listCiiuActivities',
      summary: 'Actividades económicas CIIU (búsqueda opcional con ?q=)',
      orderBy: ['codigoCiiuDGII'],
      search: true,
    },
  },
  bancos: {
    name: 'bancos',
    file: 'bancos.json',
    csv: true,
    columns: [
      col('id', 'id', 'integer', { aliases: ['idBanco', 'bancoId'] }),
      col('nombre', 'nombre', 'text', { aliases: ['banco', 'nombreBanco', 'entidad'] }),
      col('tipo', 'tipo', 'text', { nullable: true, csvRequired: true, aliases: ['tipoEntidad'], allowed: BANCO_TIPOS }),
    ],
    list: { operationId: 'listBanks', summary: 'Bancos y cooperativas', orderBy: ['nombre', 'id'] },
  },
  /** Links of interest on the home page (GET /v1/portals/links/interests); the SQL refuses a url that is not https. */
  enlaces_interes: {
    name: 'enlaces-interes',
    file: 'enlaces-interes.json',
    csv: true,
    columns: [
      col('id', 'id', 'integer', { aliases: ['idEnlace', 'orden'] }),
      col('titulo', 'titulo', 'text', { aliases: ['nombre', 'enlace'] }),
      col('institucion', 'institucion', 'text', { aliases: ['entidad'] }),
      col('descripcion', 'descripcion', 'text'),
      col('url', 'url', 'text', { aliases: ['direccion', 'sitio', 'sitioWeb', 'web'] }),
    ],
  },
  /** Service catalogue (migration 015, files in reference/catalogo/): areas of the catalogue. */
  catalogo_areas: {
    name: 'catalogo-areas',
    file: 'catalogo/areas.json',
    csv: false,
    group: 'catalogue',
    columns: [col('id', 'id', 'integer'), col('slug', 'slug', 'text'), col('nombre', 'nombre', 'text')],
  },
  /** Institutions that provide the catalogue's services; the SQL refuses a site that is not https. */
  catalogo_instituciones: {
    name: 'catalogo-instituciones',
    file: 'catalogo/instituciones.json',
    csv: false,
    group: 'catalogue',
    columns: [col('id', 'id', 'integer'), col('sigla', 'sigla', 'text'), col('nombre', 'nombre', 'text'), col('sitio', 'sitio', 'text')],
  },
  /** The catalogue's services; the search vector and the folded name are generated columns (migrations 015, 017). */
  catalogo_servicios: {
    name: 'catalogo-servicios',
    file: 'catalogo/servicios.json',
    csv: false,
    group: 'catalogue',
    columns: [
      col('id', 'id', 'integer'),
      col('slug', 'slug', 'text'),
      col('nombre', 'nombre', 'text'),
      col('descripcion', 'descripcion', 'text'),
      col('institucionId', 'institucion_id', 'integer'),
      col('areaId', 'area_id', 'integer'),
      col('tipo', 'tipo', 'text'),
      col('canales', 'canales', 'json'),
      col('costo', 'costo', 'numeric', { nullable: true }),
      col('tiempoEstimado', 'tiempo_estimado', 'text'),
      col('requisitos', 'requisitos', 'json'),
      col('pasos', 'pasos', 'json'),
      col('formulario', 'formulario', 'text', { nullable: true }),
      col('rutaSolicitud', 'ruta_solicitud', 'text', { nullable: true }),
      col('palabrasClave', 'palabras_clave', 'text', { nullable: true }),
    ],
    generated: ['busqueda', 'nombre_orden'],
  },
  /** Puntos GOB centres with the slugs of the services each offers. */
  puntos_gob: {
    name: 'puntos-gob',
    file: 'catalogo/puntos-gob.json',
    csv: false,
    group: 'catalogue',
    columns: [
      col('id', 'id', 'integer'),
      col('slug', 'slug', 'text'),
      col('nombre', 'nombre', 'text'),
      col('provinciaId', 'provincia_id', 'integer'),
      col('direccion', 'direccion', 'text'),
      col('horario', 'horario', 'text'),
      col('servicios', 'servicios', 'json'),
    ],
  },
} as const satisfies Record<string, ReferenceTableSpec>;

/** SQL names of the reference tables. */
export type ReferenceTable = keyof typeof SPECS;

/** Import names of the reference tables (actividades-ciiu for actividades_ciiu). */
export type ReferenceImportName = (typeof SPECS)[ReferenceTable]['name'];

/** How one reference table is filled and served (see the top of this file). */
export interface ReferenceTableDescriptor extends ReferenceTableSpec {
  /** The SQL name. */
  readonly table: ReferenceTable;
  readonly name: ReferenceImportName;
}

/** Every reference table, by SQL name, in load and route order. */
export const REFERENCE_TABLES: Readonly<Record<ReferenceTable, ReferenceTableDescriptor>> = Object.fromEntries(
  Object.entries(SPECS).map(([table, spec]) => [table, { table, ...spec }]),
) as unknown as Record<ReferenceTable, ReferenceTableDescriptor>;

/** The descriptors, in load and route order. */
export function referenceTables(): ReferenceTableDescriptor[] {
  return Object.values(REFERENCE_TABLES);
}

/** The tables of `group`, whose in-memory answers are forgotten together. */
export function referenceTablesIn(group: ReferenceGroup): ReferenceTable[] {
  return referenceTables()
    .filter((descriptor) => descriptor.group === group)
    .map((descriptor) => descriptor.table);
}

/** The column of `descriptor` whose key is `key` (a descriptor naming a missing key is a programming error). */
export function columnOf(descriptor: ReferenceTableDescriptor, key: string): ReferenceColumn {
  const column = descriptor.columns.find((c) => c.key === key);
  if (!column) throw new Error(`${descriptor.table}: no hay columna «${key}»`);
  return column;
}

/** The table that holds `level` of the territorial division (each level is held by exactly one descriptor). */
export function territorialTable(level: TerritorialLevel): ReferenceTableDescriptor {
  const found = referenceTables().filter((d) => d.territorialLevel === level);
  if (found.length !== 1) throw new Error(`se esperaba una tabla de referencia para el nivel territorial «${level}»`);
  return found[0];
}

const spelling = (name: string) => name.trim().toLowerCase().replace(/-/g, '_');

/** Accepts a table name as typed on the command line: the import name or the SQL name ("actividades-ciiu" or "actividades_ciiu"). */
export function toReferenceTable(name: string): ReferenceTable | null {
  const wanted = spelling(name);
  return referenceTables().find((d) => d.table === wanted || spelling(d.name) === wanted)?.table ?? null;
}
