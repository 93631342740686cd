-- Formalization applications: drafts autosaved by the browser, then submitted.
-- Status: borrador -> enviada -> en_revision -> aprobada | rechazada (docs/operations.md).
CREATE TABLE applications (
  id serial PRIMARY KEY,
  citizen_id integer NOT NULL REFERENCES citizens (id) ON DELETE CASCADE,
  form text NOT NULL DEFAULT 'formalizacion',
  data jsonb NOT NULL DEFAULT '{}'::jsonb,
  status text NOT NULL DEFAULT 'borrador' CHECK (status IN ('borrador', 'enviada', 'en_revision', 'aprobada', 'rechazada')),
  version integer NOT NULL DEFAULT 1,
  request_code text UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  submitted_at timestamptz
);
CREATE INDEX applications_citizen_idx ON applications (citizen_id, id);

-- Request codes VUF-YYYY-NNNNNN: one counter per year, incremented inside the submit transaction.
CREATE TABLE request_code_counters (
  year integer PRIMARY KEY,
  last integer NOT NULL
);

-- Pending payments of a submitted application, computed by the server (services/applications/feeSchedule.ts).
CREATE TABLE request_items (
  id serial PRIMARY KEY,
  application_id integer NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  agency text NOT NULL CHECK (agency IN ('ONAPI', 'DGII', 'CCPSD')),
  concept text NOT NULL,
  amount numeric(14, 2) NOT NULL CHECK (amount >= 0),
  currency text NOT NULL DEFAULT 'DOP',
  status text NOT NULL DEFAULT 'pendiente' CHECK (status IN ('pendiente', 'pagado'))
);
CREATE INDEX request_items_application_idx ON request_items (application_id);
