import { normalizeText } from '../text/normalizeText';

/** SQL names of the reference tables. */
export type ReferenceTable = 'provincias' | 'municipios' | 'sectores' | 'nacionalidades' | 'actividades_ciiu' | 'bancos' | 'enlaces_interes';

interface ColumnSpec {
  /** Key in the reference JSON files and in parseReferenceCsv rows. */
  key: string;
  column: string;
  type: 'integer' | 'text';
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
};

/** Accepts a table name as typed on the command line ("actividades-ciiu" or "actividades_ciiu"). */
export function toReferenceTable(name: string): ReferenceTable | null {
  const table = name.trim().toLowerCase().replace(/-/g, '_');
  return Object.hasOwn(REFERENCE_TABLES, table) ? (table as ReferenceTable) : null;
}
