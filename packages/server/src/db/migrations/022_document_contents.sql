-- Documents' bytes in the database (DOCUMENT_STORAGE=postgres): several servers on one PostgreSQL
-- then serve every citizen's file with nothing else to run. One row per stored object, marked
-- `complete` only after its last chunk (no long transaction: a 50 MB file would hold up the
-- embedded database), so a reader sees an object whole or not at all; its bytes in chunks, so
-- neither writing nor serving holds the whole file in memory. An incomplete object (a server
-- died mid-write) has no documents row and goes with the orphan sweep. Unused (empty)
-- with the other backends. `stored_name` is the name documents.stored_name references.
CREATE TABLE IF NOT EXISTS document_objects (
  stored_name text PRIMARY KEY CHECK (length(stored_name) <= 64),
  size bigint NOT NULL CHECK (size >= 0),
  complete boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS document_contents (
  stored_name text NOT NULL REFERENCES document_objects (stored_name) ON DELETE CASCADE,
  seq integer NOT NULL CHECK (seq >= 0),
  bytes bytea NOT NULL,
  PRIMARY KEY (stored_name, seq)
);

CREATE INDEX IF NOT EXISTS document_objects_created_at ON document_objects (created_at);
