-- Passkeys (issue 25 §3): a citizen signs in with the face or fingerprint unlock of a device
-- (WebAuthn). Nothing biometric reaches the server: only the credential's public key.

-- The WebAuthn user handle of a citizen: random bytes (never the cédula), given to every passkey
-- of the account, so an authenticator keeps one passkey per account and a sign-in can be checked
-- against the owner of the credential it names.
ALTER TABLE citizens ADD COLUMN webauthn_user_handle bytea UNIQUE;

CREATE TABLE citizen_passkeys (
  id serial PRIMARY KEY,
  citizen_id integer NOT NULL REFERENCES citizens (id) ON DELETE CASCADE,
  -- The credential id (base64url) as the authenticator gave it.
  credential_id text NOT NULL UNIQUE,
  -- COSE public key.
  public_key bytea NOT NULL,
  -- The signature counter last seen (a lower or equal one later: a cloned authenticator; refused).
  counter bigint NOT NULL DEFAULT 0,
  transports text[] NOT NULL DEFAULT '{}',
  -- The device name the citizen chose («Teléfono de María»).
  device_name text NOT NULL,
  backed_up boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz
);
CREATE INDEX citizen_passkeys_citizen_idx ON citizen_passkeys (citizen_id);

-- WebAuthn challenges: stored server-side, used once (deleted when taken), short-lived, tied to
-- their ceremony (purpose) and, for the signed-in ones, to the subject and session that asked.
CREATE TABLE webauthn_challenges (
  -- Random id handed to the browser with the options (the challenge itself travels signed).
  id text PRIMARY KEY,
  purpose text NOT NULL,
  challenge text NOT NULL,
  -- 'citizen:<id>' / 'staff:<id>' for a signed-in ceremony; null for a sign-in (anyone).
  subject text,
  -- SHA-256 of the session token that asked (null for a sign-in).
  session_hash text,
  expires_at timestamptz NOT NULL
);
CREATE INDEX webauthn_challenges_expiry_idx ON webauthn_challenges (expires_at);
