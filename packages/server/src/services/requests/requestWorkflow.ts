/**
 * Moves a request from one status to another by an event of the one
 * definition (packages/api-contract/src/requestStatus.ts): checks who may
 * cause it and from which status (409 with a Spanish message otherwise),
 * changes the status, writes the timeline's entry, and for an institution's
 * event writes the audit row and tells the citizen (notification and e-mail),
 * all in the caller's transaction.
 */
import { FORMALIZATION_FORM } from '@portal/api-contract';
import {
  illegalEventMessage,
  nextStatus,
  REQUEST_EVENTS,
  REQUEST_STATUS_LABELS,
  type RequestEvent,
  type RequestEventRule,
  type RequestStatus,
} from '@portal/api-contract';
import type { Queryable } from '../../db/Db';
import { HttpError } from '../../http/HttpError';
import { recordAudit } from '../audit/auditLog';
import { notifyCitizen } from '../notifications/notifyCitizen';

/** Who causes the event: the citizen (their own requests only) or a staff member (an officer: their institution's requests only; an administrator: any). */
export type WorkflowActor =
  | { kind: 'ciudadano'; citizenId: number }
  | { kind: 'institucion'; staffId: number; institution: string | null }
  /** The portal itself, after a fact its caller has already checked (the last charge paid). */
  | { kind: 'sistema' };

export interface WorkflowInput {
  applicationId: number;
  event: RequestEvent;
  actor: WorkflowActor;
  /** The reason (aprobar, rechazar) or what is asked (solicitar_accion). */
  message?: string | null;
  /** solicitar_accion: the answer must bring a document. */
  requiresDocument?: boolean;
}

export interface WorkflowResult {
  applicationId: number;
  citizenId: number;
  requestCode: string;
  status: RequestStatus;
  actionId: number;
}

export const REQUEST_NOT_FOUND = 'Solicitud no encontrada';
export const NOT_ALLOWED = 'No tiene permiso para realizar esta acción';

/** The citizen's page of a request (the app's address), where notifications lead. */
export function requestPageLink(applicationId: number): string {
  return `/mis-solicitudes/${applicationId}`;
}

interface LockedRequest {
  id: number;
  citizen_id: number;
  status: RequestStatus;
  request_code: string;
  institution: string | null;
}

/**
 * The submitted request `applicationId` as `actor` may see it, locked for the
 * rest of the transaction; 404 when it does not exist, is a draft, or belongs
 * to another citizen or another institution (nobody learns that it exists).
 */
export async function lockRequestFor(tx: Queryable, applicationId: number, actor: WorkflowActor): Promise<LockedRequest> {
  const { rows } = await tx.query<LockedRequest>(
    'SELECT id, citizen_id, status, request_code, institution FROM applications WHERE id = $1 AND request_code IS NOT NULL FOR UPDATE',
    [applicationId],
  );
  const row = rows[0];
  const visible =
    row !== undefined &&
    (actor.kind === 'sistema' ||
      (actor.kind === 'ciudadano' ? row.citizen_id === actor.citizenId : actor.institution === null || actor.institution === row.institution));
  if (!visible) throw new HttpError(404, REQUEST_NOT_FOUND);
  return row;
}

function notificationText(event: RequestEvent, code: string, institution: string | null, message: string | null): { kind: 'cambio_estado' | 'accion_requerida'; title: string; text: string } {
  const who = institution && institution !== 'PORTAL' ? institution : 'La institución';
  const reason = message ? ` ${message}` : '';
  switch (event) {
    case 'solicitar_accion':
      return { kind: 'accion_requerida', title: `Solicitud ${code}: acción requerida`, text: `${who} solicita una acción sobre su solicitud ${code}:${reason} Respóndala desde «Mis solicitudes».` };
    case 'aprobar':
      return { kind: 'cambio_estado', title: `Solicitud ${code} aprobada`, text: `${who} aprobó su solicitud ${code}.${reason}` };
    case 'rechazar':
      return { kind: 'cambio_estado', title: `Solicitud ${code} rechazada`, text: `${who} rechazó su solicitud ${code}. Motivo:${reason}` };
    default:
      return { kind: 'cambio_estado', title: `Solicitud ${code}: ${REQUEST_STATUS_LABELS[REQUEST_EVENTS[event].to].toLowerCase()}`, text: `Su solicitud ${code} está ahora «${REQUEST_STATUS_LABELS[REQUEST_EVENTS[event].to]}».` };
  }
}

/** Applies one event (see the file's comment). The caller runs app.kickMail() after the commit. */
export async function applyRequestEvent(tx: Queryable, input: WorkflowInput): Promise<WorkflowResult> {
  const { applicationId, event, actor } = input;
  const rule: RequestEventRule = REQUEST_EVENTS[event];
  const request = await lockRequestFor(tx, applicationId, actor);
  if (rule.by !== actor.kind) throw new HttpError(403, NOT_ALLOWED);
  const to = nextStatus(request.status, event);
  if (to === null) throw new HttpError(409, illegalEventMessage(request.status, event));
  const message = input.message?.trim() || null;
  await tx.query('UPDATE applications SET status = $2, updated_at = now() WHERE id = $1', [applicationId, to]);
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO request_actions (application_id, event, from_status, to_status, actor, institution, staff_id, message, requires_document)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [applicationId, event, request.status, to, actor.kind, request.institution, actor.kind === 'institucion' ? actor.staffId : null, message, input.requiresDocument === true],
  );
  const actionId = rows[0].id;
  if (event === 'responder_accion') {
    await tx.query("UPDATE request_actions SET answered_at = now() WHERE application_id = $1 AND event = 'solicitar_accion' AND answered_at IS NULL", [applicationId]);
  }
  if (actor.kind === 'sistema') {
    const label = REQUEST_STATUS_LABELS[to];
    await notifyCitizen(tx, { citizenId: request.citizen_id, kind: 'cambio_estado', title: `Solicitud ${request.request_code}: ${label.toLowerCase()}`, text: `${rule.label}. Su solicitud ${request.request_code} está ahora «${label}».`, link: requestPageLink(applicationId) });
  }
  if (actor.kind === 'institucion') {
    await recordAudit(tx, { staffId: actor.staffId, action: event, applicationId, detail: { from: request.status, to, message, requiresDocument: input.requiresDocument === true } });
    const note = notificationText(event, request.request_code, request.institution, message);
    await notifyCitizen(tx, { citizenId: request.citizen_id, ...note, link: requestPageLink(applicationId) });
  }
  return { applicationId, citizenId: request.citizen_id, requestCode: request.request_code, status: to, actionId };
}

/** The institution that acts on a form's requests: the single window (VUF) for the formalization, else the service's. */
export function actingInstitution(form: string, serviceInstitution: string): string {
  return form === FORMALIZATION_FORM ? 'VUF' : serviceInstitution;
}
