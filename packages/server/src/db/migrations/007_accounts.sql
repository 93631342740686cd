-- Accounts hardening (docs/architecture.md, "Cuentas"):
-- registration waits for an e-mail confirmation, login limits are atomic counters,
-- trusted devices keep their owner in while an account is under attack.

-- The JCE registry's date of birth: registration asks for it (the public cédula lookup never returns it).
ALTER TABLE jce_citizens ADD COLUMN fecha_nacimiento date;

-- A registration waiting for its e-mail code. Several may wait for one cédula (each confirmed only
-- with its own random registration token and code), so an unconfirmed registration never blocks the
-- owner's; they expire, and none is created for a cédula that has an account.
CREATE TABLE pending_registrations (
  -- SHA-256 (hex) of the registration token handed to the browser that registered.
  token_hash text PRIMARY KEY,
  cedula text NOT NULL,
  email text NOT NULL,
  password_hash text NOT NULL,
  nombres text NOT NULL,
  apellidos text NOT NULL,
  -- HMAC-SHA256 of the code with the server's secret key (hex); the code itself is only mailed.
  code_hmac text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  sent_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX pending_registrations_cedula_idx ON pending_registrations (cedula);
CREATE INDEX pending_registrations_expiry_idx ON pending_registrations (expires_at);

-- Fixed-window attempt counters (login, reset, registration, lookups): incremented with one
-- INSERT ... ON CONFLICT DO UPDATE ... RETURNING before any password is checked, so limits
-- hold under any concurrency.
CREATE TABLE attempt_counters (
  key text NOT NULL,
  window_start timestamptz NOT NULL,
  count integer NOT NULL,
  PRIMARY KEY (key, window_start)
);
CREATE INDEX attempt_counters_window_idx ON attempt_counters (window_start);
DROP TABLE login_attempts;

-- Browsers where a citizen has logged in: their attempts are counted apart, so guesses
-- from elsewhere cannot lock the owner out. Only the SHA-256 of the cookie value is stored.
CREATE TABLE trusted_devices (
  token_hash text PRIMARY KEY,
  citizen_id integer NOT NULL REFERENCES citizens (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX trusted_devices_citizen_idx ON trusted_devices (citizen_id);
CREATE INDEX trusted_devices_expiry_idx ON trusted_devices (expires_at);

-- Reset codes were SHA-256 of 6 digits (reversible by trying a million values): now keyed HMACs.
-- Codes issued before this migration cannot be checked any more; they were short-lived anyway.
DELETE FROM password_resets;
ALTER TABLE password_resets RENAME COLUMN code_hash TO code_hmac;
CREATE INDEX password_resets_expiry_idx ON password_resets (expires_at);
CREATE INDEX sessions_expiry_idx ON sessions (expires_at);

-- The HMAC key when neither SECRET_KEY nor an embedded data folder provides one (services/secretKey.ts).
CREATE TABLE server_secrets (
  name text PRIMARY KEY,
  value text NOT NULL
);
