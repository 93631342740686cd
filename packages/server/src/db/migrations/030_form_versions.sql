-- Versioned forms (issue 26 §1): publishing a form creates an immutable version, a sequence number per
-- form with the SHA-256 of its schema, kept with what the browser needs to run it without a rebuild (the
-- schema, its precompiled standalone validators as an ES module) and its Spanish rule table. schemas/
-- stays the authoring format; this table holds what is published. A version is never updated or
-- deleted: a rollback publishes the older file again, as the next number. The server publishes the files
-- it ships at start when their hash was never published for that form (services/forms/formVersions.ts).
CREATE TABLE form_versions (
  form text NOT NULL,
  version integer NOT NULL CHECK (version >= 1),
  hash text NOT NULL CHECK (hash ~ '^[0-9a-f]{64}$'),
  -- Text, not jsonb: the order of a schema's properties is the order of its sections and fields.
  schema text NOT NULL,
  -- Generated from the schema (a pure function of it) the first time a server is asked for them, then
  -- kept: a start-up publication stays cheap (every test database publishes the shipped files).
  validators text,
  rules text,
  note text NOT NULL CHECK (length(note) BETWEEN 1 AND 500),
  -- The staff member who published it; null for the files the server shipped with.
  published_by integer REFERENCES staff (id),
  published_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (form, version)
);
CREATE INDEX form_versions_hash_idx ON form_versions (form, hash);

-- The version each draft is on and each request was submitted under (kept forever). Null only for rows
-- written before versions existed: the start-up publication sets them to version 1 of their form.
ALTER TABLE applications ADD COLUMN form_version integer;
-- A draft moved to a newer version when it was opened keeps the version it came from until its next save,
-- so the page can tell the citizen what changed for them (the notice survives a reload until they act).
ALTER TABLE applications ADD COLUMN moved_from_version integer;
