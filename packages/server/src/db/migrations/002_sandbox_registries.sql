-- Fictional stand-ins for the outside agencies' registries (sandbox mode).
CREATE TABLE jce_citizens (
  cedula text PRIMARY KEY,
  nombres text NOT NULL,
  apellidos text NOT NULL
);

CREATE TABLE onapi_certificates (
  numero text PRIMARY KEY,
  vencimiento date NOT NULL,
  titular text NOT NULL
);

CREATE TABLE onapi_names (
  id serial PRIMARY KEY,
  nombre text NOT NULL,
  nombre_normalizado text NOT NULL UNIQUE
);

CREATE TABLE dgii_taxpayers (
  rnc text PRIMARY KEY,
  razon_social text NOT NULL
);

CREATE TABLE inapa_contracts (
  contrato text PRIMARY KEY
);
