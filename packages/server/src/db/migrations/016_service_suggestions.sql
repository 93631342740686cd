-- Services citizens and anonymous visitors suggest (SERVICE_RECOMENDED modal, POST /v2/service-suggested),
-- validated by schemas/sugerencia-servicio. citizen_id is set only when a live session came with the
-- suggestion. The sender's address is not stored (the rate limit keeps it in memory only).
CREATE TABLE service_suggestions (
  id bigserial PRIMARY KEY,
  service_title text NOT NULL,
  institution_name text NOT NULL,
  person_name text NOT NULL,
  person_last_name text NOT NULL,
  person_email text NOT NULL,
  person_phone text NOT NULL,
  citizen_id integer REFERENCES citizens (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX service_suggestions_created_idx ON service_suggestions (created_at DESC, id DESC);
