import type { Queryable } from '../db/Db';
import type { CitizenView } from './sessionStore';

export interface CitizenRecord extends CitizenView {
  passwordHash: string;
}

const COLUMNS = 'id, cedula, nombres, apellidos, email, password_hash AS "passwordHash"';

export async function findCitizenByCedula(db: Queryable, cedula: string): Promise<CitizenRecord | null> {
  const { rows } = await db.query<CitizenRecord>(`SELECT ${COLUMNS} FROM citizens WHERE cedula = $1`, [cedula]);
  return rows[0] ?? null;
}

export async function findCitizenById(db: Queryable, id: number): Promise<CitizenRecord | null> {
  const { rows } = await db.query<CitizenRecord>(`SELECT ${COLUMNS} FROM citizens WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

/** Inserts a citizen; null when the cédula already has an account. */
export async function insertCitizen(
  db: Queryable,
  citizen: Omit<CitizenRecord, 'id'>,
): Promise<CitizenView | null> {
  const { rows } = await db.query<CitizenView>(
    `INSERT INTO citizens (cedula, email, password_hash, nombres, apellidos)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (cedula) DO NOTHING
     RETURNING id, cedula, nombres, apellidos, email`,
    [citizen.cedula, citizen.email, citizen.passwordHash, citizen.nombres, citizen.apellidos],
  );
  return rows[0] ?? null;
}

export async function updatePasswordHash(db: Queryable, citizenId: number, passwordHash: string): Promise<void> {
  await db.query('UPDATE citizens SET password_hash = $2, updated_at = now() WHERE id = $1', [citizenId, passwordHash]);
}

/** Its first login will answer first_login: true (the browser's welcome, FIRST_LOGIN). */
export async function markFirstLoginPending(db: Queryable, citizenId: number): Promise<void> {
  await db.query('UPDATE citizens SET first_login_pending = true WHERE id = $1', [citizenId]);
}

/** Clears the first-login mark atomically: true for the one login that cleared it, so two parallel logins welcome once. */
export async function takeFirstLogin(db: Queryable, citizenId: number): Promise<boolean> {
  const { rows } = await db.query('UPDATE citizens SET first_login_pending = false WHERE id = $1 AND first_login_pending RETURNING id', [citizenId]);
  return rows.length > 0;
}

/** The account's new e-mail (after its code was confirmed: services/profile/emailChange.ts). */
export async function updateCitizenEmail(db: Queryable, citizenId: number, email: string): Promise<void> {
  await db.query('UPDATE citizens SET email = $2, updated_at = now() WHERE id = $1', [citizenId, email]);
}

/** Strips the mask characters a cédula may be typed with (402-2918364-1). */
export function cleanCedula(value: string): string {
  return value.replace(/[-\s]/g, '');
}

/** Only the public fields of a citizen record. */
export function toCitizenView({ id, cedula, nombres, apellidos, email }: CitizenView): CitizenView {
  return { id, cedula, nombres, apellidos, email };
}
