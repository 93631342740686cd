-- The citizen's profile (docs/architecture.md, "Perfil"): contact and address the citizen keeps
-- (schemas/perfil); identity stays the JCE's, in citizens. One row per citizen, created on first save.
CREATE TABLE citizen_profiles (
  citizen_id integer PRIMARY KEY REFERENCES citizens (id) ON DELETE CASCADE,
  telefono text,
  celular text,
  provincia integer,
  municipio integer,
  sector integer,
  calle text,
  numero_de_casa_o_apartamento text,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- A change of e-mail waiting for the code sent to the new address (one per citizen: a newer request
-- replaces it). The address in citizens changes only when the code is confirmed.
CREATE TABLE email_changes (
  citizen_id integer PRIMARY KEY REFERENCES citizens (id) ON DELETE CASCADE,
  new_email text NOT NULL,
  -- HMAC-SHA256 of the code with the server's secret key (hex); the code itself is only mailed.
  code_hmac text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX email_changes_expiry_idx ON email_changes (expires_at);
