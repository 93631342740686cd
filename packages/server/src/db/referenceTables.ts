import { normalizeText } from '../text/normalizeText';

/** SQL names of the reference tables. */
export type ReferenceTable =
  | 'provincias'
  | 'municipios'
  | 'sectores'
  | 'nacionalidades'
  | 'actividades_ciiu'
  | 'bancos'
  | 'enlaces_interes'
  | 'catalogo_areas'
  | 'catalogo_instituciones'
  | 'catalogo_servicios'
  | 'puntos_gob';

interface ColumnSpec {
  /** Key in the reference JSON files and in parseReferenceCsv rows. */
  key: string;
  column: string;
  /** `numeric`: a decimal amount; `json`: a list (a JSON array, or in a CSV cell JSON text or items separated by "|"). */
  type: 'integer' | 'text' | 'numeric' | 'json';
  required: boolean;
}

/** How one reference table maps between its JSON/CSV shape and SQL. */
export interface ReferenceTableSpec {
  table: ReferenceTable;
  /** File name inside src/db/reference/. */
  file: string;
  columns: ColumnSpec[];
  /** Value of the derived `busqueda` column, when the table has one. */
  search?: (row: Record<string, string | number | null>) => string;
}

const col = (key: string, column: string, type: ColumnSpec['type'], required = true): ColumnSpec => ({ key, column, type, required });

export const REFERENCE_TABLES: Record<ReferenceTable, ReferenceTableSpec> = {
  provincias: {
    table: 'provincias',
    file: 'provincias.json',
    columns: [
      col('id', 'id', 'integer'),
      col('nombreProvincia', 'nombre_provincia', 'text'),
      col('codigoProvinciaDGII', 'codigo_provincia_dgii', 'text', false),
      col('paisId', 'pais_id', 'integer'),
    ],
  },
  municipios: {
    table: 'municipios',
    file: 'municipios.json',
    columns: [
      col('id', 'id', 'integer'),
      col('provinciaId', 'provincia_id', 'integer'),
      col('nombre', 'nombre', 'text'),
      col('municipioDGII', 'municipio_dgii', 'text', false),
    ],
  },
  sectores: {
    table: 'sectores',
    file: 'sectores.json',
    columns: [col('id', 'id', 'integer'), col('municipioId', 'municipio_id', 'integer'), col('nombreSector', 'nombre_sector', 'text')],
  },
  nacionalidades: {
    table: 'nacionalidades',
    file: 'nacionalidades.json',
    columns: [col('id', 'id', 'integer'), col('nacionalidad', 'nacionalidad', 'text'), col('nombrePais', 'nombre_pais', 'text')],
  },
  actividades_ciiu: {
    table: 'actividades_ciiu',
    file: 'actividades-ciiu.json',
    columns: [
      col('codigoCiiuDGII', 'codigo_ciiu_dgii', 'text'),
      col('descripcionCrm', 'descripcion_crm', 'text'),
      col('seccion', 'seccion', 'text', false),
      col('division', 'division', 'text', false),
    ],
    search: (row) => normalizeText(`${row.codigoCiiuDGII ?? ''} ${row.descripcionCrm ?? ''}`),
  },
  bancos: {
    table: 'bancos',
    file: 'bancos.json',
    columns: [col('id', 'id', 'integer'), col('nombre', 'nombre', 'text'), col('tipo', 'tipo', 'text', false)],
  },
  /** Links of interest on the home page (GET /v1/portals/links/interests); the SQL refuses a url that is not https. */
  enlaces_interes: {
    table: 'enlaces_interes',
    file: 'enlaces-interes.json',
    columns: [
      col('id', 'id', 'integer'),
      col('titulo', 'titulo', 'text'),
      col('institucion', 'institucion', 'text'),
      col('descripcion', 'descripcion', 'text'),
      col('url', 'url', 'text'),
    ],
  },
  /** Service catalogue (migration 015, files in reference/catalogo/): areas of the catalogue. */
  catalogo_areas: {
    table: 'catalogo_areas',
    file: 'catalogo/areas.json',
    columns: [col('id', 'id', 'integer'), col('slug', 'slug', 'text'), col('nombre', 'nombre', 'text')],
  },
  /** Institutions that provide the catalogue's services; the SQL refuses a site that is not https. */
  catalogo_instituciones: {
    table: 'catalogo_instituciones',
    file: 'catalogo/instituciones.json',
    columns: [col('id', 'id', 'integer'), col('sigla', 'sigla', 'text'), col('nombre', 'nombre', 'text'), col('sitio', 'sitio', 'text')],
  },
  /** The catalogue's services; the search vector is a generated column (migration 015). */
  catalogo_servicios: {
    table: 'catalogo_servicios',
    file: 'catalogo/servicios.json',
    columns: [
      col('id', 'id', 'integer'),
      col('slug', 'slug', 'text'),
      col('nombre', 'nombre', 'text'),
      col('descripcion', 'descripcion', 'text'),
      col('institucionId', 'institucion_id', 'integer'),
      col('areaId', 'area_id', 'integer'),
      col('tipo', 'tipo', 'text'),
      col('canales', 'canales', 'json'),
      col('costo', 'costo', 'numeric', false),
      col('tiempoEstimado', 'tiempo_estimado', 'text'),
      col('requisitos', 'requisitos', 'json'),
      col('pasos', 'pasos', 'json'),
      col('formulario', 'formulario', 'text', false),
      col('rutaSolicitud', 'ruta_solicitud', 'text', false),
      col('palabrasClave', 'palabras_clave', 'text', false),
    ],
  },
  /** Puntos GOB centres with the slugs of the services each offers. */
  puntos_gob: {
    table: 'puntos_gob',
    file: 'catalogo/puntos-gob.json',
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
};

/** Accepts a table name as typed on the command line ("actividades-ciiu" or "actividades_ciiu"). */
export function toReferenceTable(name: string): ReferenceTable | null {
  const table = name.trim().toLowerCase().replace(/-/g, '_');
  return Object.hasOwn(REFERENCE_TABLES, table) ? (table as ReferenceTable) : null;
}
