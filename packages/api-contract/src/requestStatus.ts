/**
 * The one definition of a request's statuses and of the events that move it
 * from one to another (issue 12 §5). Everything else is derived from here:
 * the database (the server writes these into request_statuses and
 * request_transitions at start, and a trigger refuses any other change of
 * status), the server's workflow (services/requests/requestWorkflow.ts, which
 * answers 409 to an illegal event), the route schemas, the app's badges and
 * actions, and the table of docs/operations.md.
 */
import { nextStatusIn, type StatusEventRule } from './statusMachine';

/** In the order a request goes through them. */
export const REQUEST_STATUSES = ['borrador', 'enviada', 'en_revision', 'accion_requerida', 'aprobada', 'rechazada', 'desistida'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/** What the citizen and the staff read for each status. */
export const REQUEST_STATUS_LABELS: Record<RequestStatus, string> = {
  borrador: 'Borrador',
  enviada: 'Recibida',
  en_revision: 'En revisión',
  accion_requerida: 'Acción requerida',
  aprobada: 'Aprobada',
  rechazada: 'Rechazada',
  desistida: 'Desistida',
};

/** A request that has come to an end: nothing moves it any more (it may be rated). */
export const FINISHED_STATUSES: readonly RequestStatus[] = ['aprobada', 'rechazada', 'desistida'];

/**
 * Who may cause an event: the citizen who owns the request, an officer of the
 * institution it belongs to, or the portal itself (what follows from another
 * fact, like the last charge paid; never offered as an action to anyone).
 */
export type RequestActor = 'ciudadano' | 'institucion' | 'sistema';

export interface RequestEventRule extends StatusEventRule<RequestStatus> {
  readonly by: RequestActor;
  /** The timeline's entry, in Spanish. */
  readonly label: string;
}

/** Every event of a request. A comment or an attached document is not an event: the status stays. */
export const REQUEST_EVENTS = {
  /** The citizen submits the draft (POST …/{id}/submit). */
  enviar: { from: ['borrador'], to: 'enviada', by: 'ciudadano', label: 'Solicitud recibida' },
  /** An officer takes the request into review. */
  tomar: { from: ['enviada'], to: 'en_revision', by: 'institucion', label: 'En revisión por la institución' },
  /** An officer asks the citizen for an action (an answer, a document). */
  solicitar_accion: { from: ['en_revision'], to: 'accion_requerida', by: 'institucion', label: 'La institución solicita una acción' },
  /** The citizen answers the action (POST /portals/request-dynamic-confirmation). */
  responder_accion: { from: ['accion_requerida'], to: 'en_revision', by: 'ciudadano', label: 'Acción respondida por el ciudadano' },
  aprobar: { from: ['en_revision'], to: 'aprobada', by: 'institucion', label: 'Solicitud aprobada' },
  rechazar: { from: ['en_revision', 'accion_requerida'], to: 'rechazada', by: 'institucion', label: 'Solicitud rechazada' },
  /** The citizen withdraws the request (POST /portals/requests/{id}/disable). */
  desistir: { from: ['enviada', 'en_revision', 'accion_requerida'], to: 'desistida', by: 'ciudadano', label: 'Solicitud desistida por el ciudadano' },
  /** The last pending charge was paid (issue 13): a received request goes into the institution's review. */
  completar_pagos: { from: ['enviada'], to: 'en_revision', by: 'sistema', label: 'Pagos completados: la solicitud pasa a revisión' },
} as const satisfies Record<string, RequestEventRule>;

export type RequestEvent = keyof typeof REQUEST_EVENTS;
export const REQUEST_EVENT_NAMES = Object.keys(REQUEST_EVENTS) as RequestEvent[];

/**
 * Entries of a request's timeline that do not change its status (issue 13):
 * a charge paid, a proof of payment received or not accepted. Written by
 * services/payments/paymentLedger.ts with the status the request had.
 */
export const REQUEST_NOTES = {
  pago_confirmado: { label: 'Pago confirmado' },
  comprobante_recibido: { label: 'Comprobante de pago recibido' },
  comprobante_rechazado: { label: 'Comprobante de pago no aceptado' },
} as const satisfies Record<string, { label: string }>;
export type RequestNote = keyof typeof REQUEST_NOTES;
export const REQUEST_NOTE_NAMES = Object.keys(REQUEST_NOTES) as RequestNote[];

/** The timeline's label of an event or a note. */
export function timelineLabel(entry: RequestEvent | RequestNote): string {
  return entry in REQUEST_NOTES ? REQUEST_NOTES[entry as RequestNote].label : REQUEST_EVENTS[entry as RequestEvent].label;
}

/** The status an event leads to from `status`, or null when the event is not allowed there. */
export function nextStatus(status: RequestStatus, event: RequestEvent): RequestStatus | null {
  return nextStatusIn<RequestStatus, RequestEvent>(REQUEST_EVENTS, status, event);
}

/** The events `actor` may cause on a request in `status` (what the pages offer). */
export function eventsFrom(status: RequestStatus, actor: RequestActor): RequestEvent[] {
  return REQUEST_EVENT_NAMES.filter((event) => {
    const rule: RequestEventRule = REQUEST_EVENTS[event];
    return rule.by === actor && rule.from.includes(status);
  });
}

/** Every (from, to) pair some event allows: what the database's trigger accepts. */
export function allowedTransitions(): Array<{ event: RequestEvent; from: RequestStatus; to: RequestStatus; by: RequestActor }> {
  return REQUEST_EVENT_NAMES.flatMap((event) => {
    const rule: RequestEventRule = REQUEST_EVENTS[event];
    return rule.from.map((from) => ({ event, from, to: rule.to, by: rule.by }));
  });
}

/** The Spanish message of a 409 when an event is not allowed in the request's status. */
export function illegalEventMessage(status: RequestStatus, event: RequestEvent): string {
  const rule: RequestEventRule = REQUEST_EVENTS[event];
  return `No se puede realizar esta acción: la solicitud está «${REQUEST_STATUS_LABELS[status]}» y solo se permite cuando está ${rule.from.map((s) => `«${REQUEST_STATUS_LABELS[s]}»`).join(' o ')}.`;
}
