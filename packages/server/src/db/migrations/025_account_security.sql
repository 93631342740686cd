-- Account security (issue 25 §1, docs/operations.md «Cuentas: cambios que piden la contraseña y bloqueos»).

-- The undo link of an e-mail change, mailed to the OLD address when the change is applied. Only the
-- SHA-256 of its 32 random bytes is stored; single use, 7 days. Undoing one restores old_email and
-- voids the undo links of any later change (an attacker's second change cannot be undone back to
-- their address); the links of earlier changes stay valid.
CREATE TABLE email_change_undos (
  id serial PRIMARY KEY,
  citizen_id integer NOT NULL REFERENCES citizens (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  old_email text NOT NULL,
  new_email text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX email_change_undos_citizen_idx ON email_change_undos (citizen_id);
CREATE INDEX email_change_undos_expiry_idx ON email_change_undos (expires_at);

-- A reset code is sent again (the same one) while it lives, instead of a new one per request: anonymous
-- requests cannot use up the account's codes. The code is derived from this seed with the server's key
-- (services/oneTimeCode.ts), as recoverable as the HMAC of six digits already was. Codes issued before
-- this migration have none and are simply replaced by a new one.
ALTER TABLE password_resets ADD COLUMN code_seed text;
ALTER TABLE password_resets ADD COLUMN sent_at timestamptz NOT NULL DEFAULT now();
-- Guesses from a browser the citizen has signed in on (trusted_devices) count apart: anonymous wrong
-- guesses that spend the code's five attempts do not spend the owner's.
ALTER TABLE password_resets ADD COLUMN device_attempts integer NOT NULL DEFAULT 0;
