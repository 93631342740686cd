/** Stored service suggestions (POST /v2/service-suggested); operators read them from the database. */
import type { Queryable } from '../../db/Db';
import type { SuggestionValues } from './suggestionForm';

/** Stores one suggestion; `citizenId` only when a live session came with it. Resolves with the row's id. */
export async function insertSuggestion(db: Queryable, values: SuggestionValues, citizenId: number | null): Promise<number> {
  const { rows } = await db.query<{ id: string | number }>(
    `INSERT INTO service_suggestions (service_title, institution_name, person_name, person_last_name, person_email, person_phone, citizen_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [values.service_title, values.institution_name, values.person_name, values.person_last_name, values.person_email, values.person_phone, citizenId],
  );
  return Number(rows[0].id);
}
