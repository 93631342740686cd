/**
 * Institution staff (migration 019): officers of one institution and
 * administrators. Their accounts and sessions are apart from citizens': a
 * staff token never opens a citizen route and a citizen token never opens a
 * staff route, because each is looked up in its own table.
 */
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/Db';
import { hashToken } from '../sessionStore';

/** The roles (the contract's STAFF_ROLES): analysts publish forms and nothing else (issue 26). */
export type StaffRole = 'oficial' | 'administrador' | 'analista';

/** What the back office knows of the signed-in staff member. */
export interface StaffView {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  /** The institution's acronym for an officer (applications.institution); null for an administrator (every institution). */
  institution: string | null;
}

export interface StaffRow extends StaffView {
  password_hash: string;
  active: boolean;
}

const VIEW = 'id, email, name, role, institution';

export async function findStaffByEmail(db: Queryable, email: string): Promise<StaffRow | null> {
  const { rows } = await db.query<StaffRow>(`SELECT ${VIEW}, password_hash, active FROM staff WHERE email = $1`, [email.trim().toLowerCase()]);
  return rows[0] ?? null;
}

export function toStaffView(row: StaffView): StaffView {
  return { id: row.id, email: row.email, name: row.name, role: row.role, institution: row.institution };
}

export interface NewStaff {
  email: string;
  name: string;
  role: StaffRole;
  institution: string | null;
  passwordHash: string;
}

/** Creates a staff account; null when the e-mail already has one. */
export async function createStaff(db: Queryable, staff: NewStaff): Promise<StaffView | null> {
  const { rows } = await db.query<StaffView>(
    `INSERT INTO staff (email, name, role, institution, password_hash) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (email) DO NOTHING RETURNING ${VIEW}`,
    [staff.email.trim().toLowerCase(), staff.name, staff.role, staff.role === 'administrador' ? null : staff.institution, staff.passwordHash],
  );
  return rows[0] ?? null;
}

/** Opens a staff session: 32 random bytes handed to the browser, only their SHA-256 stored. */
export async function createStaffSession(db: Queryable, staffId: number, ttlHours: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.query(
    'INSERT INTO staff_sessions (token_hash, staff_id, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3::double precision))',
    [hashToken(token), staffId, ttlHours * 3600],
  );
  return token;
}

/** The active staff member owning a live staff session, or null. */
export async function findSessionStaff(db: Queryable, tokenHash: string): Promise<StaffView | null> {
  const { rows } = await db.query<StaffView>(
    `SELECT s.id, s.email, s.name, s.role, s.institution FROM staff_sessions t JOIN staff s ON s.id = t.staff_id
      WHERE t.token_hash = $1 AND t.revoked_at IS NULL AND t.expires_at > now() AND s.active`,
    [tokenHash],
  );
  return rows[0] ?? null;
}

export async function revokeStaffSession(db: Queryable, tokenHash: string): Promise<void> {
  await db.query('UPDATE staff_sessions SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL', [tokenHash]);
}

/** A staff member as the administrator's «Personal» page lists them. */
export interface StaffMemberRow extends StaffView {
  active: boolean;
  /** Whether a second factor is enrolled, a passkey or an authenticator app (false: they enrol at the next sign-in). */
  second_factor: boolean;
  factors: Array<'llave_de_acceso' | 'aplicacion'>;
  recovery_codes_left: number;
}

/** Every staff member, administrators first, then by institution and name. */
export async function listStaffMembers(db: Queryable): Promise<StaffMemberRow[]> {
  const { rows } = await db.query<StaffMemberRow>(
    `WITH members AS (
       SELECT s.*, EXISTS (SELECT 1 FROM staff_passkeys p WHERE p.staff_id = s.id) AS has_passkey FROM staff s
     )
     SELECT s.id, s.email, s.name, s.role, s.institution, s.active, (s.totp_secret IS NOT NULL OR s.has_passkey) AS second_factor,
            array_remove(ARRAY[CASE WHEN s.has_passkey THEN 'llave_de_acceso' END, CASE WHEN s.totp_secret IS NOT NULL THEN 'aplicacion' END], NULL) AS factors,
            (SELECT count(*)::int FROM staff_recovery_codes r WHERE r.staff_id = s.id AND r.used_at IS NULL) AS recovery_codes_left
       FROM members s ORDER BY s.role = 'oficial', s.institution NULLS FIRST, s.name, s.id`,
  );
  return rows;
}

/** One staff member's view by id, or null. */
export async function findStaffById(db: Queryable, id: number): Promise<StaffView | null> {
  const { rows } = await db.query<StaffView>(`SELECT ${VIEW} FROM staff WHERE id = $1`, [id]);
  return rows[0] ?? null;
}
