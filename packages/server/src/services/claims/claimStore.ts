/**
 * Claims (migration 020): the SQL of the citizen's and the back office's
 * claim routes. A claim is about one of the citizen's submitted requests or
 * a catalogue service; its institution answers it in a thread.
 */
import { CLAIM_STATUS, CLAIM_STATUSES, directClaimStatuses, type ClaimActor, type ClaimStatus } from '@portal/api-contract';
import type { Queryable } from '../../db/Db';
import { HttpError } from '../../http/HttpError';
import { iso } from '../applications/applicationStore';
import { institutionAcronym } from '../applications/onlineForms';
import { actingInstitution } from '../requests/requestWorkflow';
import { institutionNames } from '../requests/requestStore';

export const CLAIM_NOT_FOUND = 'Reclamo no encontrado';
export const REQUEST_NOT_FOUND = 'Solicitud no encontrada';
export const SERVICE_NOT_FOUND = 'Servicio no encontrado';
/** The download address of a citizen's stored document (routes/documents). */
const documentRoute = (id: number) => `/v1/portals/documents/${id}/download`;

export interface ClaimIssueRow {
  id: number;
  name: string;
  description: string;
}

/** The claim types, in their order. */
export async function claimIssues(db: Queryable): Promise<ClaimIssueRow[]> {
  return (await db.query<ClaimIssueRow>('SELECT id, name, description FROM claim_issues ORDER BY id')).rows;
}

export async function issueExists(db: Queryable, id: number): Promise<boolean> {
  return (await db.query('SELECT 1 FROM claim_issues WHERE id = $1', [id])).rows.length > 0;
}

/** What a new claim is about, with the institution that answers it. */
export interface ClaimSubject {
  applicationId: number | null;
  serviceSlug: string | null;
  institution: string;
}

/**
 * The subject of a new claim: the citizen's own submitted request (404
 * 'Solicitud no encontrada' otherwise, drafts included) or a catalogue
 * service by slug (404 'Servicio no encontrado').
 */
export async function resolveSubject(db: Queryable, citizenId: number, about: { requestId: number } | { serviceSlug: string }): Promise<ClaimSubject> {
  if ('requestId' in about) {
    const { rows } = await db.query<{ id: number; institution: string | null }>(
      'SELECT id, institution FROM applications WHERE id = $1 AND citizen_id = $2 AND request_code IS NOT NULL',
      [about.requestId, citizenId],
    );
    if (!rows[0]) throw new HttpError(404, REQUEST_NOT_FOUND);
    return { applicationId: rows[0].id, serviceSlug: null, institution: rows[0].institution ?? 'PORTAL' };
  }
  const { rows } = await db.query<{ slug: string; formulario: string | null; sigla: string | null }>(
    `SELECT s.slug, s.formulario, i.sigla FROM catalogo_servicios s LEFT JOIN catalogo_instituciones i ON i.id = s.institucion_id WHERE s.slug = $1`,
    [about.serviceSlug],
  );
  if (!rows[0]) throw new HttpError(404, SERVICE_NOT_FOUND);
  // The institution that would act on a request for this service (the single window for the formalization).
  const institution = actingInstitution(rows[0].formulario ?? '', institutionAcronym(rows[0].sigla));
  return { applicationId: null, serviceSlug: rows[0].slug, institution };
}

export interface NewClaim extends ClaimSubject {
  citizenId: number;
  issueId: number;
  description: string;
  documentId: number | null;
}

export async function insertClaim(tx: Queryable, claim: NewClaim): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO claims (citizen_id, application_id, service_slug, institution, issue_id, description, document_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [claim.citizenId, claim.applicationId, claim.serviceSlug, claim.institution, claim.issueId, claim.description, claim.documentId],
  );
  return rows[0].id;
}

interface ClaimRow {
  id: number;
  citizen_id: number;
  application_id: number | null;
  request_code: string | null;
  service_slug: string | null;
  service_name: string | null;
  institution: string;
  issue_id: number;
  issue_name: string;
  description: string;
  document_id: number | null;
  document_name: string | null;
  document_extension: string | null;
  status: ClaimStatus;
  created_at: Date | string;
  updated_at: Date | string;
  citizen_name: string;
  unread_for_citizen: number;
  unread_for_staff: number;
}

const CLAIM_SELECT = `
  SELECT c.id, c.citizen_id, c.application_id, a.request_code, c.service_slug, s.nombre AS service_name,
         c.institution,
         c.issue_id, ci.name AS issue_name, c.description,
         c.document_id, d.name AS document_name, d.extension AS document_extension,
         c.status, c.created_at, c.updated_at,
         trim(coalesce(z.nombres, '') || ' ' || coalesce(z.apellidos, '')) AS citizen_name,
         (SELECT count(*)::int FROM claim_comments m WHERE m.claim_id = c.id AND m.author = 'institucion' AND m.read_at IS NULL) AS unread_for_citizen,
         (SELECT count(*)::int FROM claim_comments m WHERE m.claim_id = c.id AND m.author = 'ciudadano' AND m.read_at IS NULL) AS unread_for_staff
  FROM claims c
  JOIN claim_issues ci ON ci.id = c.issue_id
  JOIN citizens z ON z.id = c.citizen_id
  LEFT JOIN applications a ON a.id = c.application_id
  LEFT JOIN catalogo_servicios s ON s.slug = c.service_slug
  LEFT JOIN documents d ON d.id = c.document_id`;

/** A claim as the citizen reads it; `names`: the institutions' names (requestStore.institutionNames, as requests show them). */
function citizenView(row: ClaimRow, names: Map<string, string>) {
  const isRequest = row.application_id !== null;
  return {
    id: row.id,
    issue: { id: row.issue_id, name: row.issue_name },
    subject: {
      kind: isRequest ? ('solicitud' as const) : ('servicio' as const),
      request_id: row.application_id,
      request_code: row.request_code,
      service_slug: row.service_slug,
      label: isRequest ? (row.request_code ?? `Solicitud ${row.application_id}`) : (row.service_name ?? row.service_slug ?? ''),
    },
    institution: row.institution,
    institution_name: names.get(row.institution) ?? row.institution,
    description: row.description,
    document:
      row.document_id !== null
        ? { id: row.document_id, name: row.document_name ?? '', extension: row.document_extension ?? '', route: documentRoute(row.document_id) }
        : null,
    status: row.status,
    created_at: iso(row.created_at) as string,
    updated_at: iso(row.updated_at) as string,
    unread_comments: row.unread_for_citizen,
  };
}
export type CitizenClaimView = ReturnType<typeof citizenView>;

/** A claim as the back office reads it: the citizen's name, never their cédula. */
function staffView(row: ClaimRow, names: Map<string, string>) {
  return {
    ...citizenView(row, names),
    citizen_name: row.citizen_name,
    unread_comments: row.unread_for_staff,
    allowed_statuses: directClaimStatuses(row.status),
  };
}
export type StaffClaimView = ReturnType<typeof staffView>;

/** The citizen's claims, newest first. */
export async function citizenClaims(db: Queryable, citizenId: number): Promise<CitizenClaimView[]> {
  const { rows } = await db.query<ClaimRow>(`${CLAIM_SELECT} WHERE c.citizen_id = $1 ORDER BY c.created_at DESC, c.id DESC`, [citizenId]);
  const names = await institutionNames(db, rows.map((r) => r.institution));
  return rows.map((row) => citizenView(row, names));
}

/** One of the citizen's claims, or 404 (another citizen's included: nobody learns it exists). */
export async function citizenClaim(db: Queryable, citizenId: number, claimId: number): Promise<CitizenClaimView> {
  const { rows } = await db.query<ClaimRow>(`${CLAIM_SELECT} WHERE c.id = $1 AND c.citizen_id = $2`, [claimId, citizenId]);
  if (!rows[0]) throw new HttpError(404, CLAIM_NOT_FOUND);
  return citizenView(rows[0], await institutionNames(db, [rows[0].institution]));
}

/** Who of the staff looks: an officer sees their institution's claims; an administrator (institution null) all. */
export interface StaffScope {
  institution: string | null;
}

/** The back office's list: open ones first, each group oldest first; optionally one status. */
export async function staffClaims(db: Queryable, scope: StaffScope, status: ClaimStatus | null): Promise<{ data: StaffClaimView[]; counts: Record<ClaimStatus, number> }> {
  const { rows } = await db.query<ClaimRow>(
    `${CLAIM_SELECT}
     WHERE ($1::text IS NULL OR c.institution = $1) AND ($2::text IS NULL OR c.status = $2)
     ORDER BY (c.status = $3), c.created_at, c.id
     LIMIT 500`,
    [scope.institution, status, CLAIM_STATUS.cerrado],
  );
  const { rows: countRows } = await db.query<{ status: ClaimStatus; n: number }>(
    'SELECT status, count(*)::int AS n FROM claims WHERE ($1::text IS NULL OR institution = $1) GROUP BY status',
    [scope.institution],
  );
  const counts = Object.fromEntries(CLAIM_STATUSES.map((s) => [s, 0])) as Record<ClaimStatus, number>;
  for (const row of countRows) counts[row.status] = row.n;
  const names = await institutionNames(db, rows.map((r) => r.institution));
  return { data: rows.map((row) => staffView(row, names)), counts };
}

/** One claim as staff in `scope` may see it, or 404. */
export async function staffClaim(db: Queryable, scope: StaffScope, claimId: number): Promise<StaffClaimView> {
  const { rows } = await db.query<ClaimRow>(`${CLAIM_SELECT} WHERE c.id = $1 AND ($2::text IS NULL OR c.institution = $2)`, [claimId, scope.institution]);
  if (!rows[0]) throw new HttpError(404, CLAIM_NOT_FOUND);
  return staffView(rows[0], await institutionNames(db, [rows[0].institution]));
}

export interface LockedClaim {
  id: number;
  citizen_id: number;
  status: ClaimStatus;
  institution: string;
}

/**
 * The claim locked for the rest of the transaction, as `who` may see it: the
 * citizen who filed it, or staff of its institution (an administrator: any);
 * 404 otherwise.
 */
export async function lockClaim(tx: Queryable, claimId: number, who: { citizenId: number } | StaffScope): Promise<LockedClaim> {
  const { rows } = await tx.query<LockedClaim>('SELECT id, citizen_id, status, institution FROM claims WHERE id = $1 FOR UPDATE', [claimId]);
  const row = rows[0];
  const visible = row !== undefined && ('citizenId' in who ? row.citizen_id === who.citizenId : who.institution === null || who.institution === row.institution);
  if (!visible) throw new HttpError(404, CLAIM_NOT_FOUND);
  return row;
}

/** Sets the claim's status (the database's trigger refuses a change the definition does not allow). */
export async function setClaimStatus(tx: Queryable, claimId: number, status: ClaimStatus): Promise<void> {
  await tx.query('UPDATE claims SET status = $2, updated_at = now() WHERE id = $1', [claimId, status]);
}

interface CommentRow {
  id: number;
  author: ClaimActor;
  content: string;
  created_at: Date | string;
  read_at: Date | string | null;
  staff_name: string | null;
}

/** Adds a comment to the thread and touches the claim's updated_at. */
export async function addClaimComment(tx: Queryable, claimId: number, author: ClaimActor, staffId: number | null, content: string) {
  const { rows } = await tx.query<CommentRow>(
    `INSERT INTO claim_comments (claim_id, author, staff_id, content) VALUES ($1, $2, $3, $4)
     RETURNING id, author, content, created_at, read_at, NULL::text AS staff_name`,
    [claimId, author, staffId, content],
  );
  await tx.query('UPDATE claims SET updated_at = now() WHERE id = $1', [claimId]);
  return citizenComment(rows[0]);
}

function citizenComment(row: CommentRow) {
  return { id: row.id, author: row.author, content: row.content, created_at: iso(row.created_at) as string, read: row.read_at !== null };
}

async function commentRows(db: Queryable, claimId: number): Promise<CommentRow[]> {
  return (
    await db.query<CommentRow>(
      `SELECT m.id, m.author, m.content, m.created_at, m.read_at, st.name AS staff_name
       FROM claim_comments m LEFT JOIN staff st ON st.id = m.staff_id WHERE m.claim_id = $1 ORDER BY m.id`,
      [claimId],
    )
  ).rows;
}

/** The thread as the citizen reads it (never who of the staff wrote). */
export async function citizenThread(db: Queryable, claimId: number) {
  return (await commentRows(db, claimId)).map(citizenComment);
}

/** The thread as the back office reads it, with the staff member's name. */
export async function staffThread(db: Queryable, claimId: number) {
  return (await commentRows(db, claimId)).map((row) => ({ ...citizenComment(row), staff_name: row.staff_name }));
}

/** Marks read what the other side wrote: `reader` reads the comments of the other author. */
export async function markThreadRead(db: Queryable, claimId: number, reader: ClaimActor): Promise<void> {
  const other: ClaimActor = reader === 'ciudadano' ? 'institucion' : 'ciudadano';
  await db.query('UPDATE claim_comments SET read_at = now() WHERE claim_id = $1 AND author = $2 AND read_at IS NULL', [claimId, other]);
}

/** The stored file of a claim, for the back office's download. */
export interface ClaimDocument {
  name: string;
  extension: string;
  stored_name: string;
  mime: string;
  size: number;
}

/** The file sent with a claim staff in `scope` may see; 404 when the claim is not theirs or has no file. */
export async function claimDocument(db: Queryable, scope: StaffScope, claimId: number): Promise<ClaimDocument> {
  const { rows } = await db.query<ClaimDocument>(
    `SELECT d.name, d.extension, d.stored_name, d.mime, d.size::float8 AS size FROM claims c JOIN documents d ON d.id = c.document_id
     WHERE c.id = $1 AND ($2::text IS NULL OR c.institution = $2)`,
    [claimId, scope.institution],
  );
  if (!rows[0]) throw new HttpError(404, 'Documento no encontrado');
  return rows[0];
}
