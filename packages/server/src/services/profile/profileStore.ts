/** The citizen's contact and address (migration 013, citizen_profiles) with their identity (citizens). */
import type { Queryable } from '../../db/Db';

/** The editable part of a profile (contact and address, the e-mail aside). */
export interface ContactAddress {
  telefono: string | null;
  celular: string | null;
  provincia: number | null;
  municipio: number | null;
  sector: number | null;
  calle: string | null;
  numero_de_casa_o_apartamento: string | null;
}

/** What the profile page shows and the form edits: the identity, the e-mail and the contact and address. */
export interface Profile extends ContactAddress {
  id: number;
  cedula: string;
  nombres: string;
  apellidos: string;
  correo_electronico: string;
  /** Names of the chosen places, for reading (null when none is chosen). */
  provincia_nombre: string | null;
  municipio_nombre: string | null;
  sector_nombre: string | null;
  /** A new e-mail waiting for its code, or null. */
  correo_pendiente: string | null;
}

/** The profile of a citizen, or null when there is no such citizen. */
export async function readProfile(db: Queryable, citizenId: number): Promise<Profile | null> {
  const { rows } = await db.query<Profile>(
    `SELECT c.id, c.cedula, c.nombres, c.apellidos, c.email AS correo_electronico,
            p.telefono, p.celular, p.provincia, p.municipio, p.sector, p.calle, p.numero_de_casa_o_apartamento,
            pr.nombre_provincia AS provincia_nombre, m.nombre AS municipio_nombre, s.nombre_sector AS sector_nombre,
            e.new_email AS correo_pendiente
       FROM citizens c
       LEFT JOIN citizen_profiles p ON p.citizen_id = c.id
       LEFT JOIN provincias pr ON pr.id = p.provincia
       LEFT JOIN municipios m ON m.id = p.municipio
       LEFT JOIN sectores s ON s.id = p.sector
       LEFT JOIN email_changes e ON e.citizen_id = c.id AND e.expires_at > now()
      WHERE c.id = $1`,
    [citizenId],
  );
  return rows[0] ?? null;
}

/** Replaces the citizen's contact and address. */
export async function saveContactAddress(db: Queryable, citizenId: number, p: ContactAddress): Promise<void> {
  await db.query(
    `INSERT INTO citizen_profiles (citizen_id, telefono, celular, provincia, municipio, sector, calle, numero_de_casa_o_apartamento)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (citizen_id) DO UPDATE SET telefono = $2, celular = $3, provincia = $4, municipio = $5, sector = $6,
       calle = $7, numero_de_casa_o_apartamento = $8, updated_at = now()`,
    [citizenId, p.telefono, p.celular, p.provincia, p.municipio, p.sector, p.calle, p.numero_de_casa_o_apartamento],
  );
  await db.query('UPDATE citizens SET updated_at = now() WHERE id = $1', [citizenId]);
}
