/** The citizen's requests (submitted applications): the list with what waits for them, and one request with everything its page shows. */
import type { FastifyInstance } from 'fastify';
import { eventsFrom, FINISHED_STATUSES, PAYMENT_STATUS, timelineLabel, type CitizenRequest, type CitizenRequestDetail, type RequestStatus } from '@portal/api-contract';
import { requestLabel } from '@portal/form-engine';
import type { Queryable } from '../../db/Db';
import { HttpError } from '../../http/HttpError';
import type { SchemaTypeProvider } from '../../http/schemaTypeProvider';
import { requireCitizen } from '../../plugins/app/registerAuth';
import { formOfRow, serviceNames, type RowForm } from '../../services/applications/onlineForms';
import {
  findSubmittedRequest, iso, listSubmittedRequests, requestItems, type RequestItemRow, type SubmittedRequestRow,
} from '../../services/applications/applicationStore';
import {
  institutionNames,
  PORTAL_NAME,
  pendingAction,
  requestAttachments,
  requestComments,
  requestRating,
  requestTimeline,
  unreadInstitutionComments,
  type RequestCommentRow,
} from '../../services/requests/requestStore';
import { REQUEST_NOT_FOUND } from '../../services/requests/requestWorkflow';
import { listSchema, oneSchema } from './requestSchemas';

/** What a list row needs besides the application: its payments, names and counts. */
interface Extras {
  items: RequestItemRow[];
  service: string;
  institution: string;
  unread: number;
  /** The form version it was submitted under (the label is read through it). */
  form: RowForm;
}

function view(row: SubmittedRequestRow, extras: Extras): CitizenRequest {
  const { schema, version } = extras.form;
  const solicitud = (row.data.datos_solicitud ?? {}) as Record<string, unknown>;
  const items = extras.items.map((i) => ({ ...i, amount: Number(i.amount) }));
  const pending = items.filter((i) => i.status === PAYMENT_STATUS.pendiente);
  return {
    id: row.id, code: row.request_code as string, form: row.form, form_version: version, service: extras.service, status: row.status,
    tipo_societario: typeof solicitud.tipo_societario === 'string' ? solicitud.tipo_societario : null,
    company_name: schema ? requestLabel(schema, row.data) : null,
    submitted_at: iso(row.submitted_at) as string,
    updated_at: iso(row.updated_at) as string,
    institution: extras.institution,
    items,
    total_pending: pending.reduce((s, i) => s + i.amount, 0),
    pending_payments: pending.length,
    unread_comments: extras.unread,
    action_required: row.status === 'accion_requerida',
  };
}

/** The list rows of `rows` (one query per kind of extra, not per request). */
async function views(db: Queryable, rows: SubmittedRequestRow[]): Promise<CitizenRequest[]> {
  const ids = rows.map((r) => r.id);
  const [items, names, institutions, unread, forms] = await Promise.all([
    requestItems(db, ids),
    serviceNames(db, rows.map((r) => r.form)),
    institutionNames(db, rows.map((r) => r.institution)),
    unreadInstitutionComments(db, ids),
    Promise.all(rows.map((r) => formOfRow(db, r))),
  ]);
  return rows.map((r, i) => view(r, {
    form: forms[i],
    items: items.get(r.id) ?? [],
    service: names.get(r.form) ?? r.form,
    institution: r.institution ? (institutions.get(r.institution) ?? r.institution) : PORTAL_NAME,
    unread: unread.get(r.id) ?? 0,
  }));
}

/** A comment as the citizen sees it: never the officer who wrote it. */
export function commentView(c: RequestCommentRow) {
  return { id: c.id, author: c.author, content: c.content, created_at: iso(c.created_at) as string, request_action_id: c.request_action_id, read: c.read_at !== null };
}

/** What the citizen may do on a request in `status` now (the page's buttons; the routes check again). */
export function citizenActions(status: RequestStatus, rated: boolean): CitizenRequestDetail['allowed'] {
  const allowed: CitizenRequestDetail['allowed'] = eventsFrom(status, 'ciudadano').filter((e): e is 'desistir' | 'responder_accion' => e === 'desistir' || e === 'responder_accion');
  const finished = FINISHED_STATUSES.includes(status);
  if (status !== 'desistida') allowed.push('comentar');
  if (!finished) allowed.push('adjuntar');
  if (finished && !rated) allowed.push('calificar');
  return allowed;
}

/** The citizen's submitted request `id` with everything its page shows; 404 when it is not theirs. */
export async function requestDetail(db: Queryable, citizenId: number, id: number): Promise<CitizenRequestDetail> {
  const row = await findSubmittedRequest(db, citizenId, id);
  if (!row) throw new HttpError(404, REQUEST_NOT_FOUND);
  const [[base], timeline, documents, comments, rating, action] = await Promise.all([
    views(db, [row]), requestTimeline(db, id), requestAttachments(db, id), requestComments(db, id), requestRating(db, id), pendingAction(db, id),
  ]);
  const names = await institutionNames(db, timeline.map((a) => a.institution));
  return {
    ...base,
    timeline: timeline.map((a) => ({
      id: a.id, event: a.event, label: timelineLabel(a.event), to_status: a.to_status, actor: a.actor,
      institution: a.actor === 'institucion' && a.institution ? (names.get(a.institution) ?? a.institution) : null,
      message: a.message, requires_document: a.requires_document, answered_at: iso(a.answered_at), created_at: iso(a.created_at) as string,
    })),
    data: row.data,
    documents: documents.map((d) => ({ ...d, size: Number(d.size), created_at: iso(d.created_at) as string })),
    comments: comments.map(commentView),
    rating: rating ? { score: rating.score, comment: rating.comment, created_at: iso(rating.created_at) as string } : null,
    pending_action: action ? { id: action.id, message: action.message, requires_document: action.requires_document } : null,
    allowed: citizenActions(row.status, rating !== null),
  };
}

/** Registered in the citizen context (registerRoutes.ts), which adds app.authenticate to each route. */
export async function requestRoutes(app: FastifyInstance): Promise<void> {
  const typed = app.withTypeProvider<SchemaTypeProvider>();
  typed.get('/portals/requests/citizen-profile/getRequestsByCitizenProfile', { schema: listSchema }, async (request) => {
    const citizen = requireCitizen(request);
    const status = request.query.status ?? null;
    return { data: await views(app.db, await listSubmittedRequests(app.db, citizen.id, status)) };
  });
  typed.get('/portals/requests/:id', { schema: oneSchema }, async (request) => {
    const citizen = requireCitizen(request);
    return { data: await requestDetail(app.db, citizen.id, request.params.id) };
  });
}
