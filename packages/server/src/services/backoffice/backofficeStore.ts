/**
 * SQL of the institution back office: an officer's queue, one request with
 * its documents, timeline and thread as staff see them, institution comments,
 * and the lists of suggestions, error reports and the audit log. Every read of
 * a request is scoped by `institution` (an officer's acronym; null for an
 * administrator, who sees every institution's requests); which request an
 * officer reaches, and whether to act or only to read, is findVisibleRequest's.
 */
import { REQUEST_STATUSES, timelineLabel, type RequestEvent, type RequestNote, type RequestStatus } from '@portal/api-contract';
import type { Queryable } from '../../db/Db';
import { iso, requestItems } from '../applications/applicationStore';
import { fileFields, formOfRow, serviceNames } from '../applications/onlineForms';
import { documentRefs } from '../applications/remoteChecks';

/** Paging of the back office's lists. */
export interface Paging {
  page: number;
  perPage: number;
}

const offset = (p: Paging) => (p.page - 1) * p.perPage;

export interface QueueFilter {
  /** The officer's institution, or null (administrator: all). */
  institution: string | null;
  status: RequestStatus | null;
  form: string | null;
  /** Part of a request code (letters, digits and hyphens only: the route's schema). */
  code: string | null;
}

interface QueueRow {
  id: number;
  code: string;
  form: string;
  institution: string | null;
  citizen_name: string;
  status: RequestStatus;
  submitted_at: Date | string;
  updated_at: Date | string;
  unread_comments: number;
  total: number;
}

/** The queue: submitted requests of the scope, oldest first, with counts per status and the services present. */
export async function requestQueue(db: Queryable, filter: QueueFilter, paging: Paging) {
  const { rows } = await db.query<QueueRow>(
    `SELECT a.id, a.request_code AS code, a.form, a.institution, c.nombres || ' ' || c.apellidos AS citizen_name, a.status,
            a.submitted_at, a.updated_at,
            (SELECT count(*)::int FROM request_comments rc WHERE rc.application_id = a.id AND rc.author = 'ciudadano' AND rc.read_at IS NULL) AS unread_comments,
            count(*) OVER ()::int AS total
       FROM applications a JOIN citizens c ON c.id = a.citizen_id
      WHERE a.request_code IS NOT NULL AND ($1::text IS NULL OR a.institution = $1::text)
        AND ($2::text IS NULL OR a.status = $2::text) AND ($3::text IS NULL OR a.form = $3::text)
        AND ($4::text IS NULL OR a.request_code ILIKE '%' || $4::text || '%')
      ORDER BY a.submitted_at ASC, a.id ASC LIMIT $5 OFFSET $6`,
    [filter.institution, filter.status, filter.form, filter.code, paging.perPage, offset(paging)],
  );
  let total = rows[0]?.total;
  if (total === undefined) {
    // A page past the end still tells how many there are.
    const counted = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM applications a WHERE a.request_code IS NOT NULL AND ($1::text IS NULL OR a.institution = $1::text)
        AND ($2::text IS NULL OR a.status = $2::text) AND ($3::text IS NULL OR a.form = $3::text)
        AND ($4::text IS NULL OR a.request_code ILIKE '%' || $4::text || '%')`,
      [filter.institution, filter.status, filter.form, filter.code],
    );
    total = counted.rows[0].n;
  }
  const byStatus = await db.query<{ status: RequestStatus; n: number }>(
    `SELECT status, count(*)::int AS n FROM applications
      WHERE request_code IS NOT NULL AND ($1::text IS NULL OR institution = $1::text) AND ($2::text IS NULL OR form = $2::text) GROUP BY status`,
    [filter.institution, filter.form],
  );
  const counted = new Map(byStatus.rows.map((r) => [r.status, r.n]));
  const formsInScope = await db.query<{ form: string }>(
    'SELECT DISTINCT form FROM applications WHERE request_code IS NOT NULL AND ($1::text IS NULL OR institution = $1::text) ORDER BY form',
    [filter.institution],
  );
  const names = await serviceNames(db, [...rows.map((r) => r.form), ...formsInScope.rows.map((r) => r.form)]);
  return {
    data: rows.map((r) => ({
      id: r.id, code: r.code, form: r.form, service: names.get(r.form) ?? r.form, institution: r.institution, citizen_name: r.citizen_name,
      status: r.status, submitted_at: iso(r.submitted_at) as string, updated_at: iso(r.updated_at) as string,
      action_required: r.status === 'accion_requerida', unread_comments: r.unread_comments,
    })),
    meta: { page: paging.page, per_page: paging.perPage, total },
    counts: REQUEST_STATUSES.filter((s) => s !== 'borrador').map((status) => ({ status, count: counted.get(status) ?? 0 })),
    services: formsInScope.rows.map((r) => ({ form: r.form, name: names.get(r.form) ?? r.form })).sort((a, b) => a.name.localeCompare(b.name, 'es')),
  };
}

/**
 * How a staff member reaches a request. 'act': the institution that attends
 * it (applications.institution: VUF for a formalization) or an administrator,
 * on every route. 'read': reading only (the request, its documents), also
 * open to an institution that collects a charge on it (request_items.agency:
 * ONAPI, DGII or CCPSD on a formalization), whose officers verify its proofs.
 */
export type RequestAccess = 'act' | 'read';

export interface VisibleRequest {
  id: number;
  citizen_id: number;
  form: string;
  /** The form version it was submitted under: it is read through it, forever. */
  form_version: number | null;
  data: Record<string, unknown>;
  status: RequestStatus;
  request_code: string;
  institution: string | null;
  submitted_at: Date | string;
  updated_at: Date | string;
  citizen_name: string;
  cedula: string;
  email: string;
  /** What the caller may do with it: 'act' (attends it) or 'read' (only collects a charge on it). */
  access: RequestAccess;
}

/**
 * The submitted request `id` if `institution` (null: an administrator, every
 * one) reaches it in `mode` (see RequestAccess), else null: the one rule of
 * which staff see which request. `lock` takes it FOR UPDATE.
 */
export async function findVisibleRequest(db: Queryable, id: number, institution: string | null, mode: RequestAccess, lock = false): Promise<VisibleRequest | null> {
  const { rows } = await db.query<VisibleRequest>(
    `SELECT a.id, a.citizen_id, a.form, a.form_version, a.data, a.status, a.request_code, a.institution, a.submitted_at, a.updated_at,
            c.nombres || ' ' || c.apellidos AS citizen_name, c.cedula, c.email,
            CASE WHEN $2::text IS NULL OR a.institution = $2::text THEN 'act' ELSE 'read' END AS access
       FROM applications a JOIN citizens c ON c.id = a.citizen_id
      WHERE a.id = $1 AND a.request_code IS NOT NULL
        AND ($2::text IS NULL OR a.institution = $2::text
             OR ($3::text = 'read' AND EXISTS (SELECT 1 FROM request_items ri WHERE ri.application_id = a.id AND ri.agency = $2::text)))${lock ? ' FOR UPDATE OF a' : ''}`,
    [id, institution, mode],
  );
  return rows[0] ?? null;
}

export interface RequestDocument {
  id: number;
  name: string;
  extension: string;
  stored_name: string;
  mime: string;
  size: number;
  created_at: Date | string;
  source: 'formulario' | 'adjunto';
  field: string | null;
}

/** The documents of a request: those its file fields cite (the citizen's own) and those attached after submitting. */
export async function requestDocuments(db: Queryable, request: Pick<VisibleRequest, 'id' | 'citizen_id' | 'form' | 'form_version' | 'data'>): Promise<RequestDocument[]> {
  const { schema } = await formOfRow(db, request);
  const refs = schema ? documentRefs(request.data, fileFields(schema)).filter((r) => Number.isInteger(r.id) && r.id > 0 && r.id <= 2147483647) : [];
  type Row = Omit<RequestDocument, 'source' | 'field' | 'size'> & { size: string | number };
  const cited = refs.length === 0
    ? []
    : (await db.query<Row>(
      'SELECT id, name, extension, stored_name, mime, size, created_at FROM documents WHERE citizen_id = $1 AND id = ANY($2::int[])',
      [request.citizen_id, refs.map((r) => r.id)],
    )).rows;
  const byId = new Map(cited.map((d) => [d.id, d]));
  const documents: RequestDocument[] = [];
  const seen = new Set<number>();
  for (const ref of refs) {
    const d = byId.get(ref.id);
    if (!d || seen.has(d.id)) continue;
    seen.add(d.id);
    documents.push({ ...d, size: Number(d.size), source: 'formulario', field: ref.path });
  }
  const attached = await db.query<Row>(
    `SELECT d.id, d.name, d.extension, d.stored_name, d.mime, d.size, ra.created_at FROM request_attachments ra JOIN documents d ON d.id = ra.document_id
      WHERE ra.application_id = $1 ORDER BY ra.id`,
    [request.id],
  );
  for (const d of attached.rows) {
    if (seen.has(d.id)) continue;
    seen.add(d.id);
    documents.push({ ...d, size: Number(d.size), source: 'adjunto', field: null });
  }
  return documents;
}

/** The back office's download address of a request's document. */
export const staffDocumentRoute = (requestId: number, documentId: number) => `/v1/backoffice/requests/${requestId}/documents/${documentId}`;

/** Marks the citizen's comments on a request read by the institution. */
export async function markCitizenCommentsRead(db: Queryable, applicationId: number): Promise<void> {
  await db.query("UPDATE request_comments SET read_at = now() WHERE application_id = $1 AND author = 'ciudadano' AND read_at IS NULL", [applicationId]);
}

/** The timeline with the acting staff member's name (back office only). */
export async function staffTimeline(db: Queryable, applicationId: number) {
  const { rows } = await db.query<{
    id: number; event: string; from_status: RequestStatus; to_status: RequestStatus; actor: 'ciudadano' | 'institucion' | 'sistema'; institution: string | null;
    staff_name: string | null; message: string | null; requires_document: boolean; answered_at: Date | string | null; created_at: Date | string;
  }>(
    `SELECT ra.id, ra.event, ra.from_status, ra.to_status, ra.actor, ra.institution, s.name AS staff_name, ra.message, ra.requires_document, ra.answered_at, ra.created_at
       FROM request_actions ra LEFT JOIN staff s ON s.id = ra.staff_id WHERE ra.application_id = $1 ORDER BY ra.id`,
    [applicationId],
  );
  return rows.map((r) => ({
    ...r,
    label: timelineLabel(r.event as RequestEvent | RequestNote),
    answered_at: iso(r.answered_at), created_at: iso(r.created_at) as string,
  }));
}

type CommentRow = {
  id: number; author: 'ciudadano' | 'institucion'; staff_name: string | null; content: string; request_action_id: number | null;
  created_at: Date | string; read_at: Date | string | null;
};
const commentView = (r: CommentRow) => ({ ...r, created_at: iso(r.created_at) as string, read_at: iso(r.read_at) });

/** The comment thread, oldest first, with the staff member's name on the institution's comments. */
export async function staffComments(db: Queryable, applicationId: number) {
  const { rows } = await db.query<CommentRow>(
    `SELECT rc.id, rc.author, s.name AS staff_name, rc.content, rc.request_action_id, rc.created_at, rc.read_at
       FROM request_comments rc LEFT JOIN staff s ON s.id = rc.staff_id WHERE rc.application_id = $1 ORDER BY rc.id`,
    [applicationId],
  );
  return rows.map(commentView);
}

/** Adds an institution comment by `staffId`; returns it as the thread shows it. */
export async function addInstitutionComment(db: Queryable, applicationId: number, staffId: number, content: string) {
  const { rows } = await db.query<CommentRow>(
    `WITH added AS (
       INSERT INTO request_comments (application_id, author, staff_id, content) VALUES ($1, 'institucion', $2, $3)
       RETURNING id, author, staff_id, content, request_action_id, created_at, read_at
     )
     SELECT added.id, added.author, s.name AS staff_name, added.content, added.request_action_id, added.created_at, added.read_at
       FROM added LEFT JOIN staff s ON s.id = added.staff_id`,
    [applicationId, staffId, content],
  );
  return commentView(rows[0]);
}

/** The request's payments. */
export async function staffRequestItems(db: Queryable, applicationId: number) {
  const items = (await requestItems(db, [applicationId])).get(applicationId) ?? [];
  return items.map((i) => ({ ...i, amount: Number(i.amount) }));
}

/** Service suggestions, newest first. */
export async function suggestionPage(db: Queryable, paging: Paging) {
  const { rows } = await db.query<{
    id: string | number; service_title: string; institution_name: string; person_name: string; person_email: string; person_phone: string;
    created_at: Date | string; total: number;
  }>(
    `SELECT id, service_title, institution_name, person_name || ' ' || person_last_name AS person_name, person_email, person_phone, created_at,
            count(*) OVER ()::int AS total
       FROM service_suggestions ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2`,
    [paging.perPage, offset(paging)],
  );
  const total = rows[0]?.total ?? (await countOf(db, 'service_suggestions'));
  return {
    data: rows.map(({ total: _total, ...r }) => ({ ...r, id: Number(r.id), created_at: iso(r.created_at) as string })),
    meta: { page: paging.page, per_page: paging.perPage, total },
  };
}

/** Error reports, newest first. */
export async function errorReportPage(db: Queryable, paging: Paging) {
  const { rows } = await db.query<{
    id: string | number; reference: string; description: string; page_path: string | null; contact_email: string | null; created_at: Date | string; total: number;
  }>(
    `SELECT id, reference, description, page_path, contact_email, created_at, count(*) OVER ()::int AS total
       FROM error_reports ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2`,
    [paging.perPage, offset(paging)],
  );
  const total = rows[0]?.total ?? (await countOf(db, 'error_reports'));
  return {
    data: rows.map(({ total: _total, ...r }) => ({ ...r, id: Number(r.id), created_at: iso(r.created_at) as string })),
    meta: { page: paging.page, per_page: paging.perPage, total },
  };
}

/** The audit log's filters (each null: any). Dates are days of Santo Domingo, both included. */
export interface AuditFilter {
  applicationId: number | null;
  /** The staff member's institution (their acronym; administrators have none). */
  institution: string | null;
  staffId: number | null;
  action: string | null;
  /** YYYY-MM-DD. */
  from: string | null;
  /** YYYY-MM-DD. */
  to: string | null;
}

const AUDIT_WHERE = `($1::int IS NULL OR l.application_id = $1::int)
        AND ($2::text IS NULL OR s.institution = $2::text)
        AND ($3::int IS NULL OR l.staff_id = $3::int)
        AND ($4::text IS NULL OR l.action = $4::text)
        AND ($5::date IS NULL OR l.created_at >= ($5::date::timestamp AT TIME ZONE 'America/Santo_Domingo'))
        AND ($6::date IS NULL OR l.created_at < (($6::date + 1)::timestamp AT TIME ZONE 'America/Santo_Domingo'))`;

/** The audit log, newest first, filtered, with the institutions and staff members to filter by. */
export async function auditPage(db: Queryable, filter: AuditFilter, paging: Paging) {
  const params = [filter.applicationId, filter.institution, filter.staffId, filter.action, filter.from, filter.to];
  const { rows } = await db.query<{
    id: string | number; staff_id: number; staff_name: string; staff_institution: string | null; action: string; application_id: number | null;
    request_code: string | null; claim_id: number | null; detail: Record<string, unknown>; created_at: Date | string; total: number;
  }>(
    `SELECT l.id, l.staff_id, s.name AS staff_name, s.institution AS staff_institution, l.action, l.application_id, a.request_code, l.claim_id,
            l.detail, l.created_at, count(*) OVER ()::int AS total
       FROM audit_log l JOIN staff s ON s.id = l.staff_id LEFT JOIN applications a ON a.id = l.application_id
      WHERE ${AUDIT_WHERE}
      ORDER BY l.id DESC LIMIT $7 OFFSET $8`,
    [...params, paging.perPage, offset(paging)],
  );
  let total = rows[0]?.total;
  if (total === undefined) {
    // A page past the end still tells how many there are.
    total = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log l JOIN staff s ON s.id = l.staff_id WHERE ${AUDIT_WHERE}`, params)).rows[0].n;
  }
  const staff = await db.query<{ id: number; name: string; role: 'oficial' | 'administrador'; institution: string | null }>(
    'SELECT id, name, role, institution FROM staff ORDER BY name, id',
  );
  return {
    data: rows.map(({ total: _total, ...r }) => ({ ...r, id: Number(r.id), created_at: iso(r.created_at) as string })),
    meta: { page: paging.page, per_page: paging.perPage, total },
    institutions: [...new Set(staff.rows.flatMap((s) => (s.institution === null ? [] : [s.institution])))].sort(),
    staff: staff.rows,
  };
}

async function countOf(db: Queryable, table: 'service_suggestions' | 'error_reports'): Promise<number> {
  return (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n;
}
