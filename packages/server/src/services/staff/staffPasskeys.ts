/**
 * Passkeys as the staff's second factor (migration 028, issue 25 §2): the staff's side of the
 * WebAuthn ceremonies of ../passkeys/webauthn.ts (the same module as the citizens', never a copy).
 * Their credentials are in `staff_passkeys`, apart from `citizen_passkeys`: the finder here only
 * looks among one staff member's credentials, so a citizen's passkey never completes a staff
 * sign-in (nor a staff passkey a citizen's: citizenCredentialFinder only reads citizen_passkeys).
 *
 * The ceremonies happen between the password and the session: their owner is the staff member
 * (`staff:<id>`) and their "session" is the pending sign-in (the SHA-256 of its token), so a
 * challenge only serves the sign-in that asked for it, once.
 */
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/Db';
import type { CeremonyOwner, KnownCredential } from '../passkeys/webauthn';
import { hashToken } from '../sessionStore';

/** The staff's ceremonies (the `purpose` a challenge is tied to), distinct from every citizen purpose. */
export const STAFF_PURPOSES = {
  /** Enrolling a passkey as the second factor (first sign-in, or after a reset). */
  enrol: 'personal:alta',
  /** The second step of a sign-in with a passkey. */
  signIn: 'personal:ingreso',
} as const;

/** The owner of a staff ceremony: the member, in the pending sign-in of `pendingToken`. */
export function staffCeremonyOwner(staffId: number, pendingToken: string): CeremonyOwner {
  return { subject: `staff:${staffId}`, sessionHash: hashToken(pendingToken) };
}

/** A staff member's passkey as stored. */
export interface StaffPasskey extends KnownCredential {
  id: number;
  staffId: number;
  backedUp: boolean;
}

const COLUMNS = `p.id, p.staff_id AS "staffId", p.credential_id AS "credentialId", p.public_key AS "publicKey",
  p.counter::float8 AS counter, p.transports, p.backed_up AS "backedUp", s.webauthn_user_handle AS "userHandle"`;

/** The member's WebAuthn user handle, created (32 random bytes) on first use. */
export async function staffUserHandle(db: Queryable, staffId: number): Promise<Uint8Array> {
  const { rows } = await db.query<{ handle: Uint8Array }>(
    'UPDATE staff SET webauthn_user_handle = COALESCE(webauthn_user_handle, $2) WHERE id = $1 RETURNING webauthn_user_handle AS handle',
    [staffId, randomBytes(32)],
  );
  if (rows[0] === undefined) throw new Error(`no existe el miembro del personal ${staffId}`);
  return new Uint8Array(rows[0].handle);
}

/** The member's passkeys. */
export async function listStaffPasskeys(db: Queryable, staffId: number): Promise<StaffPasskey[]> {
  const { rows } = await db.query<StaffPasskey>(
    `SELECT ${COLUMNS} FROM staff_passkeys p JOIN staff s ON s.id = p.staff_id WHERE p.staff_id = $1 ORDER BY p.created_at, p.id`,
    [staffId],
  );
  return rows;
}

/** A finder of credentials for the ceremonies: only `staffId`'s staff passkeys (anything else is unknown). */
export function staffCredentialFinder(db: Queryable, staffId: number) {
  return async (credentialId: string): Promise<StaffPasskey | null> => {
    const { rows } = await db.query<StaffPasskey>(
      `SELECT ${COLUMNS} FROM staff_passkeys p JOIN staff s ON s.id = p.staff_id WHERE p.credential_id = $1 AND p.staff_id = $2`,
      [credentialId, staffId],
    );
    return rows[0] ?? null;
  };
}

export interface NewStaffPasskey {
  credentialId: string;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
  backedUp: boolean;
}

/** Stores a passkey of the member; false when that credential is already registered. */
export async function insertStaffPasskey(db: Queryable, staffId: number, passkey: NewStaffPasskey): Promise<boolean> {
  const { rows } = await db.query(
    `INSERT INTO staff_passkeys (staff_id, credential_id, public_key, counter, transports, backed_up)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (credential_id) DO NOTHING RETURNING id`,
    [staffId, passkey.credentialId, Buffer.from(passkey.publicKey), passkey.counter, passkey.transports, passkey.backedUp],
  );
  return rows.length === 1;
}

/**
 * Records a sign-in with the passkey: the new counter and the time, only when the counter is
 * still the one checked (of two answers racing with one counter, one counts; false for the other).
 */
export async function recordStaffPasskeyUse(db: Queryable, id: number, checkedCounter: number, newCounter: number, backedUp: boolean): Promise<boolean> {
  const { rows } = await db.query(
    'UPDATE staff_passkeys SET counter = $3, backed_up = $4, last_used_at = now() WHERE id = $1 AND counter = $2 RETURNING id',
    [id, checkedCounter, newCounter, backedUp],
  );
  return rows.length === 1;
}
