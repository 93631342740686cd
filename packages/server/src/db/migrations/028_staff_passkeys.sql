-- Staff may enrol a passkey (WebAuthn) as their second factor instead of, or besides, the
-- authenticator app (issue 25 §2). The ceremonies and the challenges are the citizens'
-- (services/passkeys/webauthn.ts, webauthn_challenges); the credentials are kept apart, in a table
-- of their own, so a staff sign-in only ever looks among staff credentials and a citizen sign-in
-- only among citizens' (no owner-kind column a query could forget to filter).

-- The WebAuthn user handle of a staff member: 32 random bytes (never the e-mail), kept across a
-- reset, so enrolling again on the same authenticator replaces the old credential there.
ALTER TABLE staff ADD COLUMN webauthn_user_handle bytea UNIQUE;

CREATE TABLE staff_passkeys (
  id serial PRIMARY KEY,
  staff_id integer NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  -- The credential id (base64url) as the authenticator gave it.
  credential_id text NOT NULL UNIQUE,
  -- COSE public key.
  public_key bytea NOT NULL,
  -- The signature counter last seen (a lower or equal one later: a cloned authenticator; refused).
  counter bigint NOT NULL DEFAULT 0,
  transports text[] NOT NULL DEFAULT '{}',
  backed_up boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz
);
CREATE INDEX staff_passkeys_staff_idx ON staff_passkeys (staff_id);
