/**
 * SQL of reading a submitted request's timeline, comment thread and attached
 * documents (migration 019). These readers do not check who asks: the caller
 * has already found the request visible to its actor (lockRequestFor or an
 * owner-scoped query). Rows carry staff_id for the back office; citizen
 * routes must leave it out of their answers.
 */
import type { Queryable } from '../../db/Db';
import type { RequestEvent, RequestStatus } from '@portal/api-contract';

/** One entry of a request's timeline (request_actions). */
export interface RequestActionRow {
  id: number;
  event: RequestEvent;
  from_status: RequestStatus;
  to_status: RequestStatus;
  actor: 'ciudadano' | 'institucion';
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
