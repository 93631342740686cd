-- The reset mail also carries a link (issue 25 §1, finding 5: the owner always keeps a way in that an
-- attacker's anonymous requests cannot spend). The six-digit code dies after five wrong guesses from
-- browsers that are not trusted, and the new codes of an hour are bounded, so anonymous guesses could keep
-- an owner without a trusted browser out for the hour. The link's token is 32 random bytes (it cannot be
-- guessed, so it has no attempt counter); only its SHA-256 is stored. Every mail of a reset (the first and
-- each resend of the same code) carries a link of its own, tied to the reset row: it lives as long as the
-- row (30 minutes, until it is used or replaced), and using the code or any link marks the row used,
-- which ends them all. Wrong code guesses never touch it. Deleted with the row (pruneExpired.ts).
CREATE TABLE password_reset_links (
  id serial PRIMARY KEY,
  reset_id integer NOT NULL REFERENCES password_resets (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX password_reset_links_reset_idx ON password_reset_links (reset_id);
