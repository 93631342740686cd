/**
 * SQL of reading a submitted request's timeline, comment thread and attached
 * documents (migration 019). These readers do not check who asks: the caller
 * has already found the request visible to its actor (lockRequestFor or an
 * owner-scoped query). Rows carry staff_id for the back office; citizen
 * routes must leave it out of their answers.
 */
import type { Queryable } from '../../db/Db';
import type { RequestActor, RequestEvent, RequestNote, RequestStatus } from '@portal/api-contract';

/** One entry of a request's timeline (request_actions). */
export interface RequestActionRow {
  id: number;
  event: RequestEvent | RequestNote;
  from_status: RequestStatus;
  to_status: RequestStatus;
  actor: RequestActor;
  institution: string | null;
  staff_id: number | null;
  message: string | null;
  requires_document: boolean;
  answered_at: Date | string | null;
  created_at: Date | string;
}

/** One comment of a request's thread (request_comments). */
export interface RequestCommentRow {
  id: number;
  request_action_id: number | null;
  author: 'ciudadano' | 'institucion';
  staff_id: number | null;
  content: string;
  created_at: Date | string;
  read_at: Date | string | null;
}

/** One document attached to a request, with the stored document's name (request_attachments + documents). */
export interface RequestAttachmentRow {
  id: number;
  document_id: number;
  name: string;
  extension: string;
  size: number;
  request_action_id: number | null;
  created_at: Date | string;
}

/** The request's timeline, oldest first (id order). */
export async function requestTimeline(db: Queryable, applicationId: number): Promise<RequestActionRow[]> {
  const { rows } = await db.query<RequestActionRow>(
    `SELECT id, event, from_status, to_status, actor, institution, staff_id, message, requires_document, answered_at, created_at
       FROM request_actions WHERE application_id = $1 ORDER BY id`,
    [applicationId],
  );
  return rows;
}

/** The request's comment thread, oldest first. */
export async function requestComments(db: Queryable, applicationId: number): Promise<RequestCommentRow[]> {
  const { rows } = await db.query<RequestCommentRow>(
    `SELECT id, request_action_id, author, staff_id, content, created_at, read_at
       FROM request_comments WHERE application_id = $1 ORDER BY id`,
    [applicationId],
  );
  return rows;
}

/** The documents attached to the request, oldest first. */
export async function requestAttachments(db: Queryable, applicationId: number): Promise<RequestAttachmentRow[]> {
  const { rows } = await db.query<RequestAttachmentRow>(
    `SELECT ra.id, ra.document_id, d.name, d.extension, d.size::int AS size, ra.request_action_id, ra.created_at
       FROM request_attachments ra JOIN documents d ON d.id = ra.document_id
      WHERE ra.application_id = $1 ORDER BY ra.id`,
    [applicationId],
  );
  return rows;
}

/** The name citizens read for the single window (formalization requests). */
export const VUF_NAME = 'Ventanilla Única de Formalización';
/** The name citizens read when no institution of the catalogue acts on a request (applications.institution 'PORTAL' or none). */
export const PORTAL_NAME = 'Portal Ciudadano';

/** The names to show for institutions' acronyms (applications.institution): the catalogue's, VUF's own; an unknown one stays its acronym. */
export async function institutionNames(db: Queryable, acronyms: Array<string | null>): Promise<Map<string, string>> {
  const wanted = [...new Set(acronyms.filter((a): a is string => a !== null))];
  const names = new Map<string, string>(wanted.map((a) => [a, a]));
  if (names.has('VUF')) names.set('VUF', VUF_NAME);
  if (names.has('PORTAL')) names.set('PORTAL', PORTAL_NAME);
  const others = wanted.filter((a) => a !== 'VUF' && a !== 'PORTAL');
  if (others.length === 0) return names;
  const { rows } = await db.query<{ sigla: string; nombre: string }>(
    'SELECT DISTINCT ON (upper(sigla)) upper(sigla) AS sigla, nombre FROM catalogo_instituciones WHERE upper(sigla) = ANY($1::text[]) ORDER BY upper(sigla), id',
    [others],
  );
  for (const row of rows) names.set(row.sigla, row.nombre);
  return names;
}

/** Per request: the institution's comments the citizen has not read. */
export async function unreadInstitutionComments(db: Queryable, applicationIds: number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  if (applicationIds.length === 0) return counts;
  const { rows } = await db.query<{ application_id: number; n: number }>(
    `SELECT application_id, count(*)::int AS n FROM request_comments
      WHERE application_id = ANY($1::int[]) AND author = 'institucion' AND read_at IS NULL GROUP BY application_id`,
    [applicationIds],
  );
  for (const row of rows) counts.set(row.application_id, row.n);
  return counts;
}

/** The institution's open request for an action (solicitar_accion not yet answered), or null. */
export async function pendingAction(db: Queryable, applicationId: number): Promise<RequestActionRow | null> {
  const timeline = await requestTimeline(db, applicationId);
  return timeline.filter((a) => a.event === 'solicitar_accion' && a.answered_at === null).at(-1) ?? null;
}

/** The request's rating, or null. */
export async function requestRating(db: Queryable, applicationId: number): Promise<{ score: number; comment: string; created_at: Date | string } | null> {
  const { rows } = await db.query<{ score: number; comment: string; created_at: Date | string }>(
    'SELECT score, comment, created_at FROM request_ratings WHERE application_id = $1',
    [applicationId],
  );
  return rows[0] ?? null;
}

/** Adds the citizen's comment to a request's thread (optionally about one of its actions). */
export async function insertCitizenComment(db: Queryable, applicationId: number, content: string, requestActionId: number | null): Promise<RequestCommentRow> {
  const { rows } = await db.query<RequestCommentRow>(
    `INSERT INTO request_comments (application_id, request_action_id, author, content) VALUES ($1, $2, 'ciudadano', $3)
     RETURNING id, request_action_id, author, staff_id, content, created_at, read_at`,
    [applicationId, requestActionId, content],
  );
  return rows[0];
}

/** Whether `actionId` is one of the request's timeline entries. */
export async function actionBelongs(db: Queryable, applicationId: number, actionId: number): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM request_actions WHERE id = $1 AND application_id = $2', [actionId, applicationId]);
  return rows.length > 0;
}

/**
 * Marks an institution's comment on one of the citizen's requests read (the
 * first read time stays). Null when there is no such comment for this citizen.
 */
export async function markInstitutionCommentRead(db: Queryable, citizenId: number, commentId: number): Promise<RequestCommentRow | null> {
  const { rows } = await db.query<RequestCommentRow>(
    `UPDATE request_comments c SET read_at = coalesce(c.read_at, now())
       FROM applications a
      WHERE c.id = $1 AND c.author = 'institucion' AND a.id = c.application_id AND a.citizen_id = $2
      RETURNING c.id, c.request_action_id, c.author, c.staff_id, c.content, c.created_at, c.read_at`,
    [commentId, citizenId],
  );
  return rows[0] ?? null;
}

/** Links one of the citizen's stored documents to a request (optionally to the action it answers). */
export async function linkAttachment(db: Queryable, applicationId: number, documentId: number, requestActionId: number | null): Promise<RequestAttachmentRow> {
  await db.query('INSERT INTO request_attachments (application_id, document_id, request_action_id) VALUES ($1, $2, $3)', [applicationId, documentId, requestActionId]);
  return (await requestAttachments(db, applicationId)).find((a) => a.document_id === documentId) as RequestAttachmentRow;
}

/** Whether the request has an attachment for the action `actionId`. */
export async function hasAttachmentFor(db: Queryable, applicationId: number, actionId: number): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM request_attachments WHERE application_id = $1 AND request_action_id = $2', [applicationId, actionId]);
  return rows.length > 0;
}

/** Stores the request's one rating; false when it was already rated. */
export async function insertRating(db: Queryable, applicationId: number, score: number, comment: string): Promise<boolean> {
  const { rows } = await db.query(
    'INSERT INTO request_ratings (application_id, score, comment) VALUES ($1, $2, $3) ON CONFLICT (application_id) DO NOTHING RETURNING application_id',
    [applicationId, score, comment],
  );
  return rows.length > 0;
}
