-- Staff sign in with a second factor (issue 25 §2, ASVS level 2 multi-factor): the password
-- alone opens no session. An authenticator app (TOTP, RFC 6238) is enrolled at the first sign-in;
-- ten one-time recovery codes stand in for it. An administrator's reset clears both (audited).

-- The TOTP secret (base32) of the staff member; NULL: not enrolled, the next sign-in enrols.
ALTER TABLE staff ADD COLUMN totp_secret text CHECK (totp_secret ~ '^[A-Z2-7]{16,128}$');
-- The last 30-second time step whose code was accepted: a code is used once (a later step only).
ALTER TABLE staff ADD COLUMN totp_last_step bigint;
ALTER TABLE staff ADD COLUMN totp_enrolled_at timestamptz;

-- Recovery codes: only their SHA-256 (they are random, 80 bits: no slow hash needed); each used once.
CREATE TABLE staff_recovery_codes (
  id serial PRIMARY KEY,
  staff_id integer NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz,
  UNIQUE (staff_id, code_hash)
);

-- Between the password and the second factor: a short-lived, single-purpose token (not a session;
-- it opens no route but the second step). `purpose` 'codigo': the member has a factor and types a
-- code; 'alta': the member enrols, with the secret offered (`totp_secret`) until confirmed.
CREATE TABLE staff_login_challenges (
  token_hash text PRIMARY KEY,
  staff_id integer NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('codigo', 'alta')),
  totp_secret text CHECK (totp_secret ~ '^[A-Z2-7]{16,128}$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  CHECK ((purpose = 'alta') = (totp_secret IS NOT NULL))
);
CREATE INDEX staff_login_challenges_staff_idx ON staff_login_challenges (staff_id);
