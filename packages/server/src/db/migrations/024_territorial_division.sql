-- División Territorial 2020 of the Oficina Nacional de Estadística (docs/operations.md,
-- «División territorial (ONE 2020)»). Each provincia, municipio and sector keeps the 17-digit
-- ONE code of its row (macro region, region, province, municipality, municipal district,
-- section, neighborhood, sub-neighborhood); NULL for a row ONE does not have (a sector of the
-- portal's earlier lists that matches no ONE barrio or paraje: it keeps its id, so stored
-- drafts, profiles and requests still resolve). No id changes: nothing to map.
ALTER TABLE provincias ADD COLUMN geo_code text UNIQUE CHECK (geo_code ~ '^[0-9]{17}$');
ALTER TABLE municipios ADD COLUMN geo_code text UNIQUE CHECK (geo_code ~ '^[0-9]{17}$');
ALTER TABLE sectores ADD COLUMN geo_code text UNIQUE CHECK (geo_code ~ '^[0-9]{17}$');

-- Which seed version each reference table was last loaded from (db/seedReference.ts), or that an
-- operator's import replaced it (source 'import': the start never merges seeds into it again).
CREATE TABLE reference_seeds (
  table_name text PRIMARY KEY,
  version integer NOT NULL,
  source text NOT NULL CHECK (source IN ('seed', 'import')),
  loaded_at timestamptz NOT NULL DEFAULT now()
);
