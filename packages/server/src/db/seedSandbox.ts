import {
  DEMO_CITIZEN,
  SANDBOX_DGII_TAXPAYERS,
  SANDBOX_INAPA_CONTRACTS,
  SANDBOX_JCE_CITIZENS,
  SANDBOX_ONAPI_CERTIFICATES,
  SANDBOX_ONAPI_NAMES,
  SANDBOX_STAFF,
} from '../agencies/sandbox/sandboxData';
import type { PasswordHasher } from '../services/passwordHasher';
import { normalizeText } from '../text/normalizeText';
import type { Db, Queryable } from './Db';
import { SANDBOX_STAFF_TOTP_SECRET } from '@portal/api-contract';
import { presetSecondFactor } from '../services/staff/staffSecondFactor';
import { createStaff } from '../services/staff/staffStore';

async function isEmpty(tx: Queryable, table: string): Promise<boolean> {
  const { rows } = await tx.query(`SELECT 1 FROM ${table} LIMIT 1`);
  return rows.length === 0;
}

/**
 * The sandbox's back-office accounts (SANDBOX_STAFF), each created once, with the documented
 * authenticator key (SANDBOX_STAFF_TOTP_SECRET) whenever they have none, so README's accounts stay
 * usable. One an administrator resets enrols at its next sign-in like any account; a start gives
 * the documented key back to one that has not enrolled again.
 */
async function seedStaff(db: Db, hasher: PasswordHasher): Promise<void> {
  const { rows } = await db.query<{ email: string }>('SELECT email FROM staff WHERE email = ANY($1::text[])', [SANDBOX_STAFF.map((s) => s.email)]);
  const present = new Set(rows.map((r) => r.email));
  for (const s of SANDBOX_STAFF) {
    if (present.has(s.email)) continue;
    await createStaff(db, { email: s.email, name: s.name, role: s.role, institution: s.institution, passwordHash: await hasher.hash(s.password) });
  }
  const { rows: accounts } = await db.query<{ id: number }>('SELECT id FROM staff WHERE email = ANY($1::text[])', [SANDBOX_STAFF.map((s) => s.email)]);
  for (const { id } of accounts) await presetSecondFactor(db, id, SANDBOX_STAFF_TOTP_SECRET);
}

/**
 * Fills the sandbox registries (each only when empty) and creates the demo
 * citizen if it does not exist yet. Only called in sandbox mode.
 */
export async function seedSandbox(db: Db, hasher: PasswordHasher): Promise<void> {
  await db.transaction(async (tx) => {
    if (await isEmpty(tx, 'jce_citizens')) {
      for (const p of SANDBOX_JCE_CITIZENS) {
        await tx.query('INSERT INTO jce_citizens (cedula, nombres, apellidos, fecha_nacimiento) VALUES ($1, $2, $3, $4::date)', [
          p.cedula, p.nombres, p.apellidos, p.fechaNacimiento,
        ]);
      }
    }
    // Registries seeded before dates of birth existed (migration 007) get them now.
    for (const p of SANDBOX_JCE_CITIZENS) {
      await tx.query('UPDATE jce_citizens SET fecha_nacimiento = $2::date WHERE cedula = $1 AND fecha_nacimiento IS NULL', [p.cedula, p.fechaNacimiento]);
    }
    if (await isEmpty(tx, 'onapi_certificates')) {
      for (const c of SANDBOX_ONAPI_CERTIFICATES) {
        await tx.query('INSERT INTO onapi_certificates (numero, vencimiento, titular) VALUES ($1, $2::date, $3)', [c.numero, c.vencimiento, c.titular]);
      }
    }
    if (await isEmpty(tx, 'onapi_names')) {
      for (const nombre of SANDBOX_ONAPI_NAMES) {
        await tx.query('INSERT INTO onapi_names (nombre, nombre_normalizado) VALUES ($1, $2)', [nombre, normalizeText(nombre)]);
      }
    }
    if (await isEmpty(tx, 'dgii_taxpayers')) {
      for (const t of SANDBOX_DGII_TAXPAYERS) {
        await tx.query('INSERT INTO dgii_taxpayers (rnc, razon_social) VALUES ($1, $2)', [t.rnc, t.razonSocial]);
      }
    }
    if (await isEmpty(tx, 'inapa_contracts')) {
      for (const contrato of SANDBOX_INAPA_CONTRACTS) {
        await tx.query('INSERT INTO inapa_contracts (contrato) VALUES ($1)', [contrato]);
      }
    }
  });

  await seedStaff(db, hasher);
  const { rows } = await db.query('SELECT 1 FROM citizens WHERE cedula = $1', [DEMO_CITIZEN.cedula]);
  if (rows.length > 0) return;
  const person = SANDBOX_JCE_CITIZENS.find((p) => p.cedula === DEMO_CITIZEN.cedula);
  if (!person) return;
  const passwordHash = await hasher.hash(DEMO_CITIZEN.password);
  await db.query(
    `INSERT INTO citizens (cedula, email, password_hash, nombres, apellidos)
     VALUES ($1, $2, $3, $4, $5) ON CONFLICT (cedula) DO NOTHING`,
    [person.cedula, DEMO_CITIZEN.email, passwordHash, person.nombres, person.apellidos],
  );
}
