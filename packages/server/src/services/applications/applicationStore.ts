/**
 * SQL of online-service applications (one `form` per online service) and their
 * request items. Every query is scoped to the owner and, where it names one, to the form.
 */
import type { Db, Queryable } from '../../db/Db';
import type { ChargeExtra, RequestStatus } from '@portal/api-contract';
import type { FeeItem } from './feeSchedule';
import { unusedAuthorizationNumber } from '../payments/authorizationNumber';
import { EXTRAS_COLUMN, extrasOut, type ExtrasColumn } from '../payments/chargeExtras';

export type ApplicationStatus = RequestStatus;

export interface ApplicationRow {
  id: number;
  citizen_id: number;
  /** The online service's form (schemas/<form>). */
  form: string;
  data: Record<string, unknown>;
  status: ApplicationStatus;
  version: number;
  request_code: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  submitted_at: Date | string | null;
  /** The form version the draft is on, or the request was submitted under (null: written before versions, none published yet). */
  form_version: number | null;
  /** The version a draft was moved from when it was last opened, until its next save (the citizen's notice). */
  moved_from_version: number | null;
}

/** A charge of a request as the request's answers give it (RequestItem of the contract): amounts in numbers, with its extras. */
export interface RequestItemRow {
  id: number;
  agency: string;
  concept: string;
  base_amount: number;
  amount: number;
  extras: ChargeExtra[];
  currency: string;
  status: string;
}

const COLUMNS = 'id, citizen_id, form, data, status, version, request_code, created_at, updated_at, submitted_at, form_version, moved_from_version';

/**
 * Creates a draft, or answers null when the citizen already has `maxOpen`
 * drafts. The citizen's row is locked for the count and the insert, so
 * parallel creates are counted one after the other and never pass the cap.
 */
export async function createDraft(
  db: Db, citizenId: number, form: string, formVersion: number, data: Record<string, unknown>, maxOpen: number,
): Promise<ApplicationRow | null> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT id FROM citizens WHERE id = $1 FOR UPDATE', [citizenId]);
    const { rows: counted } = await tx.query<{ open: number }>(
      "SELECT count(*)::int AS open FROM applications WHERE citizen_id = $1 AND status = 'borrador'",
      [citizenId],
    );
    if (counted[0].open >= maxOpen) return null;
    const { rows } = await tx.query<ApplicationRow>(`INSERT INTO applications (citizen_id, form, data, form_version) VALUES ($1, $2, $3::jsonb, $4) RETURNING ${COLUMNS}`,
      [citizenId, form, JSON.stringify(data), formVersion],
    );
    return rows[0];
  });
}

/** Deletes the citizen's own draft: 'deleted', 'missing' (none, or someone else's) or 'submitted' (kept). */
export async function deleteDraft(db: Db, citizenId: number, form: string, id: number): Promise<'deleted' | 'missing' | 'submitted'> {
  const { rows } = await db.query<{ id: number }>("DELETE FROM applications WHERE id = $1 AND citizen_id = $2 AND form = $3 AND status = 'borrador' RETURNING id", [id, citizenId, form]);
  if (rows.length > 0) return 'deleted';
  return (await findApplication(db, citizenId, form, id)) ? 'submitted' : 'missing';
}

/** The citizen's application of that form, or null (also when it belongs to someone else or to another form). */
export async function findApplication(db: Queryable, citizenId: number, form: string, id: number): Promise<ApplicationRow | null> {
  const { rows } = await db.query<ApplicationRow>(`SELECT ${COLUMNS} FROM applications WHERE id = $1 AND citizen_id = $2 AND form = $3`, [id, citizenId, form]);
  return rows[0] ?? null;
}

/** The citizen's applications of one form, or of every form when `form` is null; newest first. */
export async function listApplications(db: Db, citizenId: number, form: string | null): Promise<ApplicationRow[]> {
  const { rows } = await db.query<ApplicationRow>(`SELECT ${COLUMNS} FROM applications WHERE citizen_id = $1 AND ($2::text IS NULL OR form = $2::text) ORDER BY id DESC`, [citizenId, form]);
  return rows;
}

/**
 * Saves a draft. With `expectedVersion`, refuses (null) when another device saved in between.
 * Only drafts change: a submitted application answers null too; the caller tells which.
 */
export async function saveDraft(db: Db, citizenId: number, form: string, id: number, data: Record<string, unknown>, expectedVersion?: number): Promise<ApplicationRow | null> {
  const { rows } = await db.query<ApplicationRow>(
    `UPDATE applications SET data = $3::jsonb, version = version + 1, updated_at = now(), moved_from_version = NULL
     WHERE id = $1 AND citizen_id = $2 AND form = $5 AND status = 'borrador' AND ($4::int IS NULL OR version = $4::int)
     RETURNING ${COLUMNS}`,
    [id, citizenId, JSON.stringify(data), expectedVersion ?? null, form],
  );
  return rows[0] ?? null;
}

/**
 * Moves the citizen's draft from version `from` of its form to `to` (the current one), keeping every
 * answer (one the new version no longer asks is kept in the record, and pruned only at submit) and
 * remembering `from` until the next save; null when it is no longer a draft on `from`.
 */
export async function moveDraftToVersion(db: Queryable, citizenId: number, id: number, from: number | null, to: number): Promise<ApplicationRow | null> {
  const { rows } = await db.query<ApplicationRow>(
    `UPDATE applications SET form_version = $4, moved_from_version = coalesce(moved_from_version, $3), version = version + 1
     WHERE id = $1 AND citizen_id = $2 AND status = 'borrador' AND form_version IS NOT DISTINCT FROM $3::int RETURNING ${COLUMNS}`,
    [id, citizenId, from, to],
  );
  return rows[0] ?? null;
}

/**
 * Marks a draft submitted with its code, the institution that will act on it
 * and its items, and writes the timeline's first entry (event `enviar` of
 * requestStatus.ts), atomically; null when it is no longer a draft.
 */
export async function markSubmitted(
  tx: Queryable, citizenId: number, id: number, data: Record<string, unknown>, code: string, items: FeeItem[], institution: string,
): Promise<ApplicationRow | null> {
  const { rows } = await tx.query<ApplicationRow>(
    `UPDATE applications SET data = $3::jsonb, status = 'enviada', request_code = $4, institution = $5, submitted_at = now(), updated_at = now(), version = version + 1
     WHERE id = $1 AND citizen_id = $2 AND status = 'borrador' RETURNING ${COLUMNS}`,
    [id, citizenId, JSON.stringify(data), code, institution],
  );
  if (!rows[0]) return null;
  await tx.query(
    "INSERT INTO request_actions (application_id, event, from_status, to_status, actor, institution) VALUES ($1, 'enviar', 'borrador', 'enviada', 'ciudadano', $2)",
    [id, institution],
  );
  for (const item of items) {
    // The DGII gives its charge a payment authorization number (request_dgii.no_autorizacion); the sandbox's is random.
    const authorization = item.agency === 'DGII' ? await unusedAuthorizationNumber(tx) : null;
    await tx.query('INSERT INTO request_items (application_id, agency, concept, amount, base_amount, no_autorizacion) VALUES ($1, $2, $3, $4, $4, $5)', [
      id,
      item.agency,
      item.concept,
      item.amount,
      authorization,
    ]);
  }
  return rows[0];
}

/** A submitted application (a request) with the institution that acts on it. */
export type SubmittedRequestRow = ApplicationRow & { institution: string | null };

const REQUEST_COLUMNS = 'id, citizen_id, form, data, status, version, request_code, institution, created_at, updated_at, submitted_at, form_version, moved_from_version';

/** The citizen's submitted request `id`, or null (also when it is someone else's or still a draft). */
export async function findSubmittedRequest(db: Queryable, citizenId: number, id: number): Promise<SubmittedRequestRow | null> {
  const { rows } = await db.query<SubmittedRequestRow>(`SELECT ${REQUEST_COLUMNS} FROM applications WHERE id = $1 AND citizen_id = $2 AND request_code IS NOT NULL`, [id, citizenId]);
  return rows[0] ?? null;
}

/** The citizen's submitted requests, of one status or of every one (null); newest submission first. */
export async function listSubmittedRequests(db: Queryable, citizenId: number, status: string | null): Promise<SubmittedRequestRow[]> {
  const { rows } = await db.query<SubmittedRequestRow>(
    `SELECT ${REQUEST_COLUMNS} FROM applications WHERE citizen_id = $1 AND request_code IS NOT NULL AND ($2::text IS NULL OR status = $2) ORDER BY submitted_at DESC, id DESC`,
    [citizenId, status],
  );
  return rows;
}

/** The form and answers of every application the citizen has sent (drafts left out), in no particular order. */
export async function sentApplicationAnswers(db: Queryable, citizenId: number): Promise<Array<{ form: string; form_version: number | null; data: Record<string, unknown> }>> {
  const { rows } = await db.query<{ form: string; form_version: number | null; data: Record<string, unknown> }>(
    `SELECT form, form_version, data FROM applications WHERE citizen_id = $1 AND status <> 'borrador'`,
    [citizenId],
  );
  return rows;
}

/** The charges of each request, oldest first, with their extras (the citizen's and the officer's request views). */
export async function requestItems(db: Queryable, applicationIds: number[]): Promise<Map<number, RequestItemRow[]>> {
  const map = new Map<number, RequestItemRow[]>();
  if (applicationIds.length === 0) return map;
  const { rows } = await db.query<{
    id: number; application_id: number; agency: string; concept: string; base_amount: string | number; amount: string | number;
    currency: string; status: string; quantity: number; extras: ExtrasColumn;
  }>(
    `SELECT ri.id, ri.application_id, ri.agency, ri.concept, ri.base_amount, ri.amount, ri.currency, ri.status, ri.quantity, ${EXTRAS_COLUMN}
     FROM request_items ri WHERE ri.application_id = ANY($1::int[]) ORDER BY ri.id`,
    [applicationIds],
  );
  for (const row of rows) {
    const list = map.get(row.application_id) ?? [];
    list.push({
      id: row.id, agency: row.agency, concept: row.concept, base_amount: Number(row.base_amount), amount: Number(row.amount),
      extras: extrasOut(row.extras, row.quantity), currency: row.currency, status: row.status,
    });
    map.set(row.application_id, list);
  }
  return map;
}

export const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());
