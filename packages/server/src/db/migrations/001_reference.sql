-- Reference data (real Dominican facts). No foreign keys between these tables:
-- each one can be replaced on its own by the import command.
CREATE TABLE provincias (
  id integer PRIMARY KEY,
  nombre_provincia text NOT NULL,
  codigo_provincia_dgii text,
  pais_id integer NOT NULL DEFAULT 1
);
CREATE INDEX provincias_pais_idx ON provincias (pais_id, id);

CREATE TABLE municipios (
  id integer PRIMARY KEY,
  provincia_id integer NOT NULL,
  nombre text NOT NULL,
  municipio_dgii text
);
CREATE INDEX municipios_provincia_idx ON municipios (provincia_id, id);

CREATE TABLE sectores (
  id integer PRIMARY KEY,
  municipio_id integer NOT NULL,
  nombre_sector text NOT NULL
);
CREATE INDEX sectores_municipio_idx ON sectores (municipio_id, id);

CREATE TABLE nacionalidades (
  id integer PRIMARY KEY,
  nacionalidad text NOT NULL,
  nombre_pais text NOT NULL
);

CREATE TABLE actividades_ciiu (
  codigo_ciiu_dgii text PRIMARY KEY,
  descripcion_crm text NOT NULL,
  seccion text,
  division text,
  -- Lower-case, accent-free code + description, filled by the loader, for ?q= search.
  busqueda text NOT NULL DEFAULT ''
);

CREATE TABLE bancos (
  id integer PRIMARY KEY,
  nombre text NOT NULL,
  tipo text
);
