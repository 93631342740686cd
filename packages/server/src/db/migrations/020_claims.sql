-- Claims (issue 12 §2): a citizen's complaint about one of their submitted requests or about a
-- catalogue service, answered by the institution in a thread.

-- 1. Claim types ("issues", GET /v1/issues), written by the portal.
CREATE TABLE claim_issues (
  id integer PRIMARY KEY,
  name text NOT NULL UNIQUE,
  description text NOT NULL
);
INSERT INTO claim_issues (id, name, description) VALUES
  (1, 'Demora en la respuesta', 'La institución no ha respondido o tarda más de lo indicado en el servicio.'),
  (2, 'Mala atención', 'Trato inadecuado, falta de orientación o de cortesía del personal.'),
  (3, 'Cobro incorrecto', 'Se cobró un monto distinto al establecido o un cargo que no corresponde.'),
  (4, 'Información incorrecta', 'La información recibida o publicada sobre el servicio es errónea o incompleta.'),
  (5, 'Problema técnico del portal', 'Errores, fallos o páginas que no funcionan en el portal.'),
  (6, 'Otro', 'Cualquier otra queja o reclamación.');

-- 2. Claims. Statuses and the changes between them are defined once in
-- packages/api-contract/src/claimSchema.ts (CLAIM_STATUSES, CLAIM_EVENTS). The CHECK, the default
-- and the trigger's function below were the first copy; after the migrations, every start
-- rewrites them from the definition when they differ (db/syncStatusConstraints.ts), and
-- packages/server/test/statusDefinitions.test.ts compares the database with it.
CREATE TABLE claims (
  id serial PRIMARY KEY,
  citizen_id integer NOT NULL REFERENCES citizens (id) ON DELETE CASCADE,
  -- What the claim is about: one of the citizen's submitted requests, or a catalogue service (by slug).
  application_id integer REFERENCES applications (id) ON DELETE CASCADE,
  service_slug text CHECK (service_slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  -- Who answers it: applications.institution for a request, else the service's institution (VUF for formalization).
  institution text NOT NULL CHECK (institution ~ '^[A-Z]{2,20}$'),
  issue_id integer NOT NULL REFERENCES claim_issues (id),
  description text NOT NULL CHECK (length(description) BETWEEN 10 AND 2000),
  -- The file the citizen sent with the claim, stored among their documents.
  document_id integer REFERENCES documents (id) ON DELETE SET NULL,
  status text NOT NULL DEFAULT 'abierto' CHECK (status IN ('abierto', 'en_proceso', 'respondido', 'cerrado')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((application_id IS NULL) <> (service_slug IS NULL))
);
CREATE INDEX claims_citizen_idx ON claims (citizen_id, id);
-- The institution's list: by status, oldest first.
CREATE INDEX claims_institution_idx ON claims (institution, status, created_at);

CREATE FUNCTION claims_check_transition() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status IS DISTINCT FROM OLD.status AND (OLD.status, NEW.status) NOT IN (
    ('abierto', 'en_proceso'),
    ('abierto', 'respondido'), ('en_proceso', 'respondido'),
    ('respondido', 'en_proceso'),
    ('abierto', 'cerrado'), ('en_proceso', 'cerrado'), ('respondido', 'cerrado')
  ) THEN
    RAISE EXCEPTION 'cambio de estado de reclamo no permitido: % -> %', OLD.status, NEW.status USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER claims_transition BEFORE UPDATE OF status ON claims
  FOR EACH ROW EXECUTE FUNCTION claims_check_transition();

-- 3. The thread between the citizen and the institution. read_at: when the OTHER side read it
-- (the citizen for an institution's comment, the institution for the citizen's).
CREATE TABLE claim_comments (
  id serial PRIMARY KEY,
  claim_id integer NOT NULL REFERENCES claims (id) ON DELETE CASCADE,
  author text NOT NULL CHECK (author IN ('ciudadano', 'institucion')),
  -- Kept for the back office and the audit; never shown to the citizen.
  staff_id integer REFERENCES staff (id),
  content text NOT NULL CHECK (length(content) BETWEEN 1 AND 2000),
  created_at timestamptz NOT NULL DEFAULT now(),
  read_at timestamptz,
  CHECK ((author = 'institucion') = (staff_id IS NOT NULL))
);
CREATE INDEX claim_comments_claim_idx ON claim_comments (claim_id, id);
