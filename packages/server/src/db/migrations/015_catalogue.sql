-- The service catalogue (issue 11 §1): areas, institutions, services and Puntos GOB.
-- Reference tables like those of 001: loaded from src/db/reference/catalogo/*.json at
-- start when empty, each replaceable on its own by the import command, so no foreign
-- keys between them (a service names its institution and area by id; a Punto GOB lists
-- the slugs of the services it offers).

CREATE TABLE catalogo_areas (
  id integer PRIMARY KEY,
  slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  nombre text NOT NULL
);

CREATE TABLE catalogo_instituciones (
  id integer PRIMARY KEY,
  sigla text NOT NULL,
  nombre text NOT NULL,
  sitio text NOT NULL CHECK (sitio LIKE 'https://%')
);

-- Search: a weighted Spanish tsvector (name A, description B, keywords C) over the text
-- with the Spanish accents folded by translate(), which is immutable and exists on PGlite
-- and PostgreSQL alike (PGlite has no unaccent). The query side folds the same way.
CREATE TABLE catalogo_servicios (
  id integer PRIMARY KEY,
  slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  nombre text NOT NULL,
  descripcion text NOT NULL,
  institucion_id integer NOT NULL,
  area_id integer NOT NULL,
  tipo text NOT NULL CHECK (tipo IN ('informativo', 'en_linea', 'presencial')),
  canales jsonb NOT NULL CHECK (jsonb_typeof(canales) = 'array' AND jsonb_array_length(canales) > 0
    AND canales <@ '["en_linea", "presencial", "telefonico"]'::jsonb),
  -- RD$; NULL or 0 is free.
  costo numeric(12, 2) CHECK (costo >= 0),
  tiempo_estimado text NOT NULL,
  requisitos jsonb NOT NULL CHECK (jsonb_typeof(requisitos) = 'array'),
  pasos jsonb NOT NULL CHECK (jsonb_typeof(pasos) = 'array'),
  -- Online services done in this portal: the form (schemas/<formulario>) and the page that starts it.
  formulario text,
  ruta_solicitud text CHECK (ruta_solicitud LIKE '/%'),
  palabras_clave text,
  busqueda tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('spanish'::regconfig, translate(nombre, 'ÁÉÍÓÚÜÑáéíóúüñ', 'AEIOUUNaeiouun')), 'A')
    || setweight(to_tsvector('spanish'::regconfig, translate(descripcion, 'ÁÉÍÓÚÜÑáéíóúüñ', 'AEIOUUNaeiouun')), 'B')
    || setweight(to_tsvector('spanish'::regconfig, translate(coalesce(palabras_clave, ''), 'ÁÉÍÓÚÜÑáéíóúüñ', 'AEIOUUNaeiouun')), 'C')
  ) STORED
);
CREATE INDEX catalogo_servicios_busqueda_idx ON catalogo_servicios USING gin (busqueda);
CREATE INDEX catalogo_servicios_area_idx ON catalogo_servicios (area_id, nombre);
CREATE INDEX catalogo_servicios_institucion_idx ON catalogo_servicios (institucion_id, nombre);
CREATE INDEX catalogo_servicios_canales_idx ON catalogo_servicios USING gin (canales);

CREATE TABLE puntos_gob (
  id integer PRIMARY KEY,
  slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  nombre text NOT NULL,
  -- provincias.id
  provincia_id integer NOT NULL,
  direccion text NOT NULL,
  horario text NOT NULL,
  -- Slugs of the catalogue services offered at this centre.
  servicios jsonb NOT NULL CHECK (jsonb_typeof(servicios) = 'array')
);
CREATE INDEX puntos_gob_provincia_idx ON puntos_gob (provincia_id, nombre);
CREATE INDEX puntos_gob_servicios_idx ON puntos_gob USING gin (servicios);
