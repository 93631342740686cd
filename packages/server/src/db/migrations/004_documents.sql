CREATE TABLE documents (
  id serial PRIMARY KEY,
  citizen_id integer NOT NULL REFERENCES citizens (id) ON DELETE CASCADE,
  name text NOT NULL,
  extension text NOT NULL,
  -- Generated file name inside UPLOAD_DIR (crypto.randomUUID()); never the citizen's name.
  stored_name text NOT NULL UNIQUE,
  mime text NOT NULL,
  size bigint NOT NULL,
  description text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX documents_citizen_idx ON documents (citizen_id, id);
