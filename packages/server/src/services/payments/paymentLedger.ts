/**
 * The one place where a request's charge changes (issue 13): every payment
 * route finds the charge as its owner (or the charging institution's officer)
 * may see it, locked, and confirms it, puts it under review or sends it back
 * here, in the caller's transaction. A confirmation writes the timeline's
 * entry, tells the citizen (notification and e-mail), writes the audit row
 * when staff confirmed it, and when no charge is left pending moves a received
 * request into review (event completar_pagos of requestStatus.ts).
 */
import {
  chargeBreakdown,
  FINISHED_STATUSES,
  formatPesos,
  nextPaymentStatus,
  nextStatus,
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUS,
  type PaymentItem,
  type PaymentMethod,
  type PaymentStatus,
  type RequestNote,
  type RequestStatus,
} from '@portal/api-contract';
import type { Queryable } from '../../db/Db';
import { HttpError } from '../../http/HttpError';
import { iso } from '../applications/applicationStore';
import { recordAudit } from '../audit/auditLog';
import { notifyCitizen } from '../notifications/notifyCitizen';
import { applyRequestEvent, requestPageLink, type WorkflowActor } from '../requests/requestWorkflow';
import { EXTRAS_COLUMN, extrasOut, type ExtrasColumn } from './chargeExtras';

export const CHARGE_NOT_FOUND = 'Pago no encontrado';
export const ALREADY_PAID = 'Este cargo ya está pagado';
export const UNDER_REVIEW = 'Este cargo tiene un comprobante en verificación';
export const REQUEST_CLOSED = 'Esta solicitud ya no admite pagos';

/** A charge with what its routes need of its request. */
export interface ChargeRow {
  id: number;
  application_id: number;
  agency: string;
  concept: string;
  base_amount: string | number;
  amount: string | number;
  currency: string;
  status: PaymentStatus;
  method: PaymentMethod | null;
  paid_at: Date | string | null;
  reference: string | null;
  card_brand: string | null;
  card_last4: string | null;
  no_autorizacion: string | null;
  approval_number: string | null;
  proof_document_id: number | null;
  proof_name: string | null;
  review_note: string | null;
  quantity: number;
  /** The chosen variations (EXTRAS_COLUMN); see extrasOut. */
  extras: ExtrasColumn;
  estimated_date: string | null;
  citizen_id: number;
  request_code: string;
  request_status: RequestStatus;
  form: string;
  institution: string | null;
}

const CHARGE_COLUMNS = `ri.id, ri.application_id, ri.agency, ri.concept, ri.base_amount, ri.amount, ri.currency, ri.status, ri.method, ri.paid_at,
  ri.reference, ri.card_brand, ri.card_last4, ri.no_autorizacion, ri.approval_number, ri.proof_document_id,
  (SELECT d.name || '.' || d.extension FROM documents d WHERE d.id = ri.proof_document_id) AS proof_name,
  ri.review_note, ri.quantity, ri.estimated_date, ${EXTRAS_COLUMN},
  a.citizen_id, a.request_code, a.status AS request_status, a.form, a.institution`;

/** Who looks for a charge: its citizen, an officer (the charging institution's charges only), an administrator (institution null). */
export type ChargeViewer = { kind: 'ciudadano'; citizenId: number } | { kind: 'institucion'; staffId: number; institution: string | null };

function visibleTo(row: ChargeRow, viewer: ChargeViewer): boolean {
  if (viewer.kind === 'ciudadano') return row.citizen_id === viewer.citizenId;
  return viewer.institution === null || viewer.institution === row.agency || viewer.institution === row.institution;
}

/**
 * The charge `itemId` locked for the rest of the transaction (with its request,
 * locked first so that two payments of one request queue up); 404 when it does
 * not exist or `viewer` may not see it.
 */
export async function lockCharge(tx: Queryable, itemId: number, viewer: ChargeViewer): Promise<ChargeRow> {
  const owner = await tx.query<{ application_id: number }>('SELECT application_id FROM request_items WHERE id = $1', [itemId]);
  if (!owner.rows[0]) throw new HttpError(404, CHARGE_NOT_FOUND);
  await tx.query('SELECT id FROM applications WHERE id = $1 FOR UPDATE', [owner.rows[0].application_id]);
  const { rows } = await tx.query<ChargeRow>(
    `SELECT ${CHARGE_COLUMNS} FROM request_items ri JOIN applications a ON a.id = ri.application_id
     WHERE ri.id = $1 AND a.request_code IS NOT NULL FOR UPDATE OF ri`,
    [itemId],
  );
  const row = rows[0];
  if (!row || !visibleTo(row, viewer)) throw new HttpError(404, CHARGE_NOT_FOUND);
  return row;
}

/**
 * The charge of `agency` on the citizen's request, found by the request's id
 * or code (the spec's payment calls send one or the other), locked; 404 when
 * the request is not the citizen's or has no such charge.
 */
export async function lockAgencyCharge(tx: Queryable, citizenId: number, request: { id?: number; code?: string }, agency: string): Promise<ChargeRow> {
  const { rows } = await tx.query<{ id: number }>(
    `SELECT ri.id FROM request_items ri JOIN applications a ON a.id = ri.application_id
     WHERE a.citizen_id = $1 AND a.request_code IS NOT NULL AND ri.agency = $2
       AND ($3::int IS NULL OR a.id = $3) AND ($4::text IS NULL OR a.request_code = $4)
     ORDER BY ri.id LIMIT 1`,
    [citizenId, agency, request.id ?? null, request.code ?? null],
  );
  if (!rows[0] || (request.id === undefined && request.code === undefined)) throw new HttpError(404, CHARGE_NOT_FOUND);
  return lockCharge(tx, rows[0].id, { kind: 'ciudadano', citizenId });
}

/** 409 unless the charge may be paid now: pending, on a request still open. */
export function requirePayable(charge: ChargeRow): void {
  if (FINISHED_STATUSES.includes(charge.request_status)) throw new HttpError(409, REQUEST_CLOSED);
  if (charge.status === PAYMENT_STATUS.pagado) throw new HttpError(409, ALREADY_PAID);
  if (charge.status === PAYMENT_STATUS.en_verificacion) throw new HttpError(409, UNDER_REVIEW);
}

/** RD$ es-DO, as the app shows money (every charge is in pesos). */
export function money(amount: number | string): string {
  return formatPesos(Number(amount));
}

/** A charge as the API answers it (never more card data than brand and last four). */
export function chargeOut(row: ChargeRow): PaymentItem {
  return {
    id: row.id,
    agency: row.agency,
    concept: row.concept,
    base_amount: Number(row.base_amount),
    amount: Number(row.amount),
    extras: extrasOut(row.extras, row.quantity),
    currency: row.currency,
    status: row.status,
    method: row.method,
    paid_at: iso(row.paid_at),
    reference: row.reference,
    card_brand: row.card_brand,
    card_last4: row.card_last4,
    approval_number: row.approval_number,
    proof_name: row.proof_name,
    review_note: row.review_note,
    estimated_date: row.estimated_date,
  };
}

/** A timeline entry that does not change the request's status (REQUEST_NOTES). */
export async function addTimelineNote(tx: Queryable, charge: ChargeRow, note: RequestNote, actor: WorkflowActor, message: string): Promise<void> {
  await tx.query(
    `INSERT INTO request_actions (application_id, event, from_status, to_status, actor, institution, staff_id, message)
     VALUES ($1, $2, $3, $3, $4, $5, $6, $7)`,
    [charge.application_id, note, charge.request_status, actor.kind, actor.kind === 'institucion' ? (actor.institution ?? charge.agency) : charge.institution, actor.kind === 'institucion' ? actor.staffId : null, message.slice(0, 2000)],
  );
}

export interface Confirmation {
  method: PaymentMethod;
  /** The processor's reference, the card page's authorization code or the bank's confirmation. */
  reference: string;
  cardBrand?: string | null;
  cardLast4?: string | null;
  approvalNumber?: string | null;
  /** Who confirmed it: the citizen's own payment, or an officer accepting a proof. */
  actor: WorkflowActor;
}

/**
 * What the charge reads like once paid, in the timeline, the notification and
 * the e-mail, with its extras when it has some: «Registro mercantil (CCPSD):
 * RD$ 5,900.00 (Registro mercantil RD$ 5,000.00 · 2 × Copia certificada del
 * registro mercantil RD$ 900.00) · Transferencia o depósito bancario.»
 */
function paidText(charge: ChargeRow, c: Confirmation): string {
  const card = c.cardBrand && c.cardLast4 ? ` (${c.cardBrand} terminada en ${c.cardLast4})` : '';
  const breakdown = chargeBreakdown({ concept: charge.concept, base_amount: Number(charge.base_amount), extras: extrasOut(charge.extras, charge.quantity) });
  return `${charge.concept} (${charge.agency}): ${money(charge.amount)}${breakdown ? ` (${breakdown})` : ''} · ${PAYMENT_METHOD_LABELS[c.method]}${card}.`;
}

/**
 * Marks the locked charge paid (see the file's comment). 409 when it is
 * already paid (a replay, a second tab): the caller's transaction rolls back
 * and nothing changes. Returns the request's status afterwards. The caller
 * runs app.kickMail() after the commit.
 */
export async function confirmCharge(tx: Queryable, charge: ChargeRow, c: Confirmation): Promise<RequestStatus> {
  // Only a paid charge may not be confirmed (PAYMENT_EVENTS.confirmar).
  const paid = nextPaymentStatus(charge.status, 'confirmar');
  if (paid === null) throw new HttpError(409, ALREADY_PAID);
  await tx.query(
    `UPDATE request_items SET status = $7, method = $2, paid_at = now(), reference = $3, card_brand = $4, card_last4 = $5,
       approval_number = coalesce($6, approval_number), review_note = NULL, updated_at = now()
     WHERE id = $1`,
    [charge.id, c.method, c.reference.slice(0, 64), c.cardBrand ?? null, c.cardLast4 ?? null, c.approvalNumber ?? null, paid],
  );
  const text = paidText(charge, c);
  await addTimelineNote(tx, charge, 'pago_confirmado', c.actor, text);
  await notifyCitizen(tx, {
    citizenId: charge.citizen_id,
    kind: 'pago_confirmado',
    title: `Solicitud ${charge.request_code}: pago confirmado`,
    text: `Confirmamos su pago de ${text}`,
    link: requestPageLink(charge.application_id),
  });
  if (c.actor.kind === 'institucion') {
    await recordAudit(tx, { staffId: c.actor.staffId, action: 'aceptar_comprobante', applicationId: charge.application_id, detail: { item: charge.id, agency: charge.agency, method: c.method } });
  }
  const left = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM request_items WHERE application_id = $1 AND status <> $2', [charge.application_id, PAYMENT_STATUS.pagado]);
  if (left.rows[0].n === 0 && nextStatus(charge.request_status, 'completar_pagos') !== null) {
    return (await applyRequestEvent(tx, { applicationId: charge.application_id, event: 'completar_pagos', actor: { kind: 'sistema' } })).status;
  }
  return charge.request_status;
}

/** The charge again, as it stands now (after a change in this transaction). */
export async function reloadCharge(tx: Queryable, itemId: number): Promise<ChargeRow> {
  const { rows } = await tx.query<ChargeRow>(`SELECT ${CHARGE_COLUMNS} FROM request_items ri JOIN applications a ON a.id = ri.application_id WHERE ri.id = $1`, [itemId]);
  return rows[0];
}

/** Every charge of a request, oldest first (the request's visibility is the caller's check). */
export async function chargesOf(db: Queryable, applicationId: number): Promise<ChargeRow[]> {
  const { rows } = await db.query<ChargeRow>(
    `SELECT ${CHARGE_COLUMNS} FROM request_items ri JOIN applications a ON a.id = ri.application_id WHERE ri.application_id = $1 ORDER BY ri.id`,
    [applicationId],
  );
  return rows;
}
