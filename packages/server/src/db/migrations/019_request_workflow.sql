-- Requests followed to the end (issue 12): statuses and their transitions, the timeline of
-- a request's actions, its comment thread, its attached documents, its rating; the
-- institution staff who act on requests, their sessions, and the append-only audit log.

-- 1. Statuses and transitions. Their one definition is packages/api-contract/src/requestStatus.ts:
-- the server writes it into these two tables at start (db/syncRequestWorkflow.ts), the
-- applications' status references the first, and a trigger refuses any change of status that
-- no event of the second allows, whoever writes it.
CREATE TABLE request_statuses (
  code text PRIMARY KEY,
  label text NOT NULL
);
INSERT INTO request_statuses (code, label) SELECT DISTINCT status, status FROM applications;
INSERT INTO request_statuses (code, label) VALUES ('borrador', 'Borrador') ON CONFLICT (code) DO NOTHING;

CREATE TABLE request_transitions (
  event text NOT NULL,
  from_status text NOT NULL REFERENCES request_statuses (code),
  to_status text NOT NULL REFERENCES request_statuses (code),
  actor text NOT NULL CHECK (actor IN ('ciudadano', 'institucion')),
  PRIMARY KEY (event, from_status)
);

ALTER TABLE applications DROP CONSTRAINT IF EXISTS applications_status_check;
ALTER TABLE applications ADD CONSTRAINT applications_status_fkey FOREIGN KEY (status) REFERENCES request_statuses (code);

CREATE FUNCTION applications_check_transition() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status IS DISTINCT FROM OLD.status
     AND NOT EXISTS (SELECT 1 FROM request_transitions WHERE from_status = OLD.status AND to_status = NEW.status) THEN
    RAISE EXCEPTION 'transición de estado no permitida: % -> %', OLD.status, NEW.status USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER applications_transition BEFORE UPDATE OF status ON applications
  FOR EACH ROW EXECUTE FUNCTION applications_check_transition();

-- Who acts on a submitted request: the acronym of its service's institution, or VUF (the single
-- window for formalization, with its agencies ONAPI, DGII and CCPSD). Written at submit.
ALTER TABLE applications ADD COLUMN institution text CHECK (institution ~ '^[A-Z]{2,20}$');
UPDATE applications SET institution = 'VUF' WHERE request_code IS NOT NULL AND form = 'formalizacion';
UPDATE applications a SET institution = coalesce(
    (SELECT upper(i.sigla) FROM catalogo_servicios s JOIN catalogo_instituciones i ON i.id = s.institucion_id
      WHERE s.formulario = a.form AND upper(i.sigla) ~ '^[A-Z]{2,20}$' ORDER BY s.id LIMIT 1), 'PORTAL')
  WHERE request_code IS NOT NULL AND institution IS NULL;
-- An officer's queue: their institution's requests by status, oldest first.
CREATE INDEX applications_institution_idx ON applications (institution, status, submitted_at) WHERE request_code IS NOT NULL;

-- 2. Institution staff: an officer of one institution, or an administrator (every institution).
-- Created by `npm run staff:create` (production) or seeded in the sandbox (README).
CREATE TABLE staff (
  id serial PRIMARY KEY,
  email text NOT NULL UNIQUE CHECK (email = lower(email)),
  name text NOT NULL,
  role text NOT NULL CHECK (role IN ('oficial', 'administrador')),
  -- The institution's acronym (applications.institution) for an officer; NULL for an administrator.
  institution text CHECK (institution ~ '^[A-Z]{2,20}$'),
  password_hash text NOT NULL,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((role = 'oficial') = (institution IS NOT NULL))
);

-- Only the SHA-256 of a staff session token is stored; staff sessions never open citizen routes.
CREATE TABLE staff_sessions (
  token_hash text PRIMARY KEY,
  staff_id integer NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX staff_sessions_staff_idx ON staff_sessions (staff_id);

-- 3. The timeline: one row per event of requestStatus.ts that happened to a request. `institution`
-- is who acted as the citizen sees it (never an officer's personal data); `staff_id` is kept for
-- the back office and the audit only.
CREATE TABLE request_actions (
  id serial PRIMARY KEY,
  application_id integer NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  event text NOT NULL,
  from_status text NOT NULL REFERENCES request_statuses (code),
  to_status text NOT NULL REFERENCES request_statuses (code),
  actor text NOT NULL CHECK (actor IN ('ciudadano', 'institucion')),
  institution text,
  staff_id integer REFERENCES staff (id),
  -- The reason of an approval or rejection, or what the institution asks for.
  message text CHECK (length(message) <= 2000),
  -- solicitar_accion: the citizen's answer must bring a document.
  requires_document boolean NOT NULL DEFAULT false,
  -- solicitar_accion: when the citizen answered it (responder_accion).
  answered_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX request_actions_application_idx ON request_actions (application_id, id);
-- Requests submitted before this migration get their first entry.
INSERT INTO request_actions (application_id, event, from_status, to_status, actor, institution, created_at)
  SELECT id, 'enviar', 'borrador', 'enviada', 'ciudadano', institution, submitted_at FROM applications WHERE request_code IS NOT NULL ORDER BY id;

-- 4. The comment thread of a request, between the citizen and the institution.
CREATE TABLE request_comments (
  id serial PRIMARY KEY,
  application_id integer NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  request_action_id integer REFERENCES request_actions (id) ON DELETE SET NULL,
  author text NOT NULL CHECK (author IN ('ciudadano', 'institucion')),
  staff_id integer REFERENCES staff (id),
  content text NOT NULL CHECK (length(content) BETWEEN 1 AND 2000),
  created_at timestamptz NOT NULL DEFAULT now(),
  -- When the other side read it: the citizen for an institution's comment, the institution for the citizen's.
  read_at timestamptz
);
CREATE INDEX request_comments_application_idx ON request_comments (application_id, id);

-- 5. Documents the citizen attached to a submitted request (from their stored documents).
CREATE TABLE request_attachments (
  id serial PRIMARY KEY,
  application_id integer NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  document_id integer NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
  request_action_id integer REFERENCES request_actions (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (application_id, document_id)
);

-- 6. One rating per finished request.
CREATE TABLE request_ratings (
  application_id integer PRIMARY KEY REFERENCES applications (id) ON DELETE CASCADE,
  score integer NOT NULL CHECK (score BETWEEN 1 AND 5),
  comment text NOT NULL DEFAULT '' CHECK (length(comment) <= 1000),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- 7. Every staff action, append-only: rows are never updated or deleted (the trigger refuses both).
CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  staff_id integer NOT NULL REFERENCES staff (id),
  action text NOT NULL,
  application_id integer,
  claim_id integer,
  detail jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_application_idx ON audit_log (application_id, id);
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'el registro de auditoría no se modifica ni se borra' USING ERRCODE = 'insufficient_privilege';
END $$;
CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
