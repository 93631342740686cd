CREATE TABLE citizens (
  id serial PRIMARY KEY,
  cedula text NOT NULL UNIQUE,
  email text NOT NULL,
  password_hash text NOT NULL,
  nombres text NOT NULL,
  apellidos text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Only the SHA-256 of a session token is stored (hex).
CREATE TABLE sessions (
  token_hash text PRIMARY KEY,
  citizen_id integer NOT NULL REFERENCES citizens (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX sessions_citizen_idx ON sessions (citizen_id);

-- Failed logins, counted per cédula and per client address over a time window.
CREATE TABLE login_attempts (
  id serial PRIMARY KEY,
  cedula text NOT NULL,
  ip text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_attempts_cedula_idx ON login_attempts (cedula, created_at);
CREATE INDEX login_attempts_ip_idx ON login_attempts (ip, created_at);

CREATE TABLE password_resets (
  id serial PRIMARY KEY,
  citizen_id integer NOT NULL REFERENCES citizens (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX password_resets_citizen_idx ON password_resets (citizen_id);

-- Outgoing e-mail; in sandbox mode readable at /v1/sandbox/outbox, delivered by SMTP when SMTP_URL is set (006).
CREATE TABLE outbox (
  id serial PRIMARY KEY,
  to_address text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX outbox_to_idx ON outbox (to_address);
