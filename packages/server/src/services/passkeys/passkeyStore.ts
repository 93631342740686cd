/**
 * The SQL of passkeys: the citizens' credentials (public key, counter, device name) and the
 * WebAuthn challenges of every ceremony (citizens' and, later, staff's), stored server-side,
 * used once and short-lived. The ceremonies themselves are in ./webauthn.ts.
 */
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/Db';

/** A challenge as it was issued: its ceremony, who asked (null: anyone) and from which session. */
export interface IssuedChallenge {
  purpose: string;
  challenge: string;
  subject: string | null;
  sessionHash: string | null;
}

/** Stores a challenge for `ttlSeconds`; returns its id (what the browser sends back with the answer). */
export async function saveChallenge(db: Queryable, issued: IssuedChallenge, ttlSeconds: number): Promise<string> {
  const id = randomBytes(24).toString('base64url');
  await db.query(
    `INSERT INTO webauthn_challenges (id, purpose, challenge, subject, session_hash, expires_at)
     VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6::double precision))`,
    [id, issued.purpose, issued.challenge, issued.subject, issued.sessionHash, ttlSeconds],
  );
  return id;
}

/**
 * Takes a challenge: deleted in the same statement that reads it, so two answers racing with one
 * challenge get it once. Null when unknown, already taken or expired.
 */
export async function takeChallenge(db: Queryable, id: string): Promise<IssuedChallenge | null> {
  const { rows } = await db.query<IssuedChallenge & { live: boolean }>(
    `DELETE FROM webauthn_challenges WHERE id = $1
     RETURNING purpose, challenge, subject, session_hash AS "sessionHash", expires_at > now() AS live`,
    [id],
  );
  const row = rows[0];
  if (row === undefined || !row.live) return null;
  return { purpose: row.purpose, challenge: row.challenge, subject: row.subject, sessionHash: row.sessionHash };
}

/** Removes challenges that expired (pruning); returns how many. */
export async function pruneChallenges(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'WITH gone AS (DELETE FROM webauthn_challenges WHERE expires_at < now() RETURNING 1) SELECT count(*)::int AS n FROM gone',
  );
  return rows[0].n;
}

/** A citizen's passkey as stored. */
export interface CitizenPasskey {
  id: number;
  citizenId: number;
  credentialId: string;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
  deviceName: string;
  backedUp: boolean;
  createdAt: Date;
  lastUsedAt: Date | null;
  /** The owner's WebAuthn user handle. */
  userHandle: Uint8Array | null;
}

const PASSKEY_COLUMNS = `p.id, p.citizen_id AS "citizenId", p.credential_id AS "credentialId", p.public_key AS "publicKey",
  p.counter::float8 AS counter, p.transports, p.device_name AS "deviceName", p.backed_up AS "backedUp",
  p.created_at AS "createdAt", p.last_used_at AS "lastUsedAt", c.webauthn_user_handle AS "userHandle"`;

/** The citizen's WebAuthn user handle, created (32 random bytes) on first use. */
export async function citizenUserHandle(db: Queryable, citizenId: number): Promise<Uint8Array> {
  const { rows } = await db.query<{ handle: Uint8Array }>(
    `UPDATE citizens SET webauthn_user_handle = COALESCE(webauthn_user_handle, $2) WHERE id = $1 RETURNING webauthn_user_handle AS handle`,
    [citizenId, randomBytes(32)],
  );
  if (rows[0] === undefined) throw new Error(`no existe el ciudadano ${citizenId}`);
  return new Uint8Array(rows[0].handle);
}

export async function listCitizenPasskeys(db: Queryable, citizenId: number): Promise<CitizenPasskey[]> {
  const { rows } = await db.query<CitizenPasskey>(
    `SELECT ${PASSKEY_COLUMNS} FROM citizen_passkeys p JOIN citizens c ON c.id = p.citizen_id WHERE p.citizen_id = $1 ORDER BY p.created_at, p.id`,
    [citizenId],
  );
  return rows;
}

/** The passkey with that credential id, whoever owns it. */
export async function findPasskeyByCredentialId(db: Queryable, credentialId: string): Promise<CitizenPasskey | null> {
  const { rows } = await db.query<CitizenPasskey>(
    `SELECT ${PASSKEY_COLUMNS} FROM citizen_passkeys p JOIN citizens c ON c.id = p.citizen_id WHERE p.credential_id = $1`,
    [credentialId],
  );
  return rows[0] ?? null;
}

export interface NewPasskey {
  credentialId: string;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
  deviceName: string;
  backedUp: boolean;
}

/** Stores a new passkey of the citizen; null when that credential is already registered (to anyone). */
export async function insertCitizenPasskey(db: Queryable, citizenId: number, passkey: NewPasskey): Promise<{ id: number; createdAt: Date } | null> {
  const { rows } = await db.query<{ id: number; createdAt: Date }>(
    `INSERT INTO citizen_passkeys (citizen_id, credential_id, public_key, counter, transports, device_name, backed_up)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (credential_id) DO NOTHING
     RETURNING id, created_at AS "createdAt"`,
    [citizenId, passkey.credentialId, Buffer.from(passkey.publicKey), passkey.counter, passkey.transports, passkey.deviceName, passkey.backedUp],
  );
  return rows[0] ?? null;
}

/**
 * Records a sign-in with the passkey: the new counter and the time. The update only happens when
 * the counter is still the one that was checked, so two answers racing with the same counter
 * count once (false for the loser).
 */
export async function recordPasskeyUse(db: Queryable, id: number, checkedCounter: number, newCounter: number, backedUp: boolean): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE citizen_passkeys SET counter = $3, backed_up = $4, last_used_at = now()
      WHERE id = $1 AND counter = $2 RETURNING id`,
    [id, checkedCounter, newCounter, backedUp],
  );
  return rows.length > 0;
}

/** Deletes one of the citizen's passkeys; false when it is not theirs (or gone). */
export async function deleteCitizenPasskey(db: Queryable, citizenId: number, id: number): Promise<boolean> {
  const { rows } = await db.query('DELETE FROM citizen_passkeys WHERE id = $1 AND citizen_id = $2 RETURNING id', [id, citizenId]);
  return rows.length > 0;
}
