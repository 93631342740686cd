/**
 * Proofs of payment (issue 13): the citizen's proof of payment to the DGII
 * (screen 2) and a bank deposit's receipt (PAY_WITH_CHECK) put a charge under
 * review (PAYMENT_EVENTS.enviar_comprobante); an officer of the charging
 * institution (or of the request's) accepts it through
 * paymentLedger.confirmCharge or refuses it, which sends the charge back to
 * pending with the reason for the citizen (PAYMENT_EVENTS.rechazar_comprobante).
 * Every change runs on a charge locked by paymentLedger.lockCharge.
 */
import { APPROVAL_NUMBER_INVALID, APPROVAL_NUMBER_PATTERN, PAYMENT_EVENTS, PAYMENT_STATUS, type PaymentReviewRow } from '@portal/api-contract';
import type { Queryable } from '../../db/Db';
import { HttpError } from '../../http/HttpError';
import type { StoredDocument } from '../../http/sendStoredDocument';
import { iso } from '../applications/applicationStore';
import { serviceNames } from '../applications/onlineForms';
import { recordAudit } from '../audit/auditLog';
import { notifyCitizen } from '../notifications/notifyCitizen';
import { requestPageLink, type WorkflowActor } from '../requests/requestWorkflow';
import { addTimelineNote, money, reloadCharge, requirePayable, type ChargeRow } from './paymentLedger';

/** The existing message for a document that is not one of the citizen's (remoteChecks.ts). */
export const DOCUMENT_NOT_OWN = 'Documento no encontrado entre sus documentos';
export const DOCUMENT_URL_INVALID = 'Indique un documento de sus documentos';
export const PROOF_NOT_UNDER_REVIEW = 'Este cargo no tiene un comprobante en verificación';
export const PROOF_DOCUMENT_MISSING = 'Comprobante no encontrado';
export const DEPOSIT_NOT_FOR_FORMALIZATION = 'Los cargos de la formalización se pagan desde su pantalla de pago, no con un comprobante de depósito';

/**
 * The document id of a stored document's route (`/v1/portals/documents/{id}/download`,
 * what documentRoute() gives the browser, with or without the portal's origin); null otherwise.
 */
export function documentIdFromUrl(url: string): number | null {
  const match = /^(?:https?:\/\/[^/?#\s]+)?\/v1\/portals\/documents\/([0-9]{1,10})\/download$/.exec(url.trim());
  if (!match) return null;
  const id = Number(match[1]);
  return id >= 1 && id <= 2147483647 ? id : null;
}

/** The approval number trimmed; 400 (Spanish, on `field`) when it is not 1–30 letters, digits or dashes. */
export function approvalNumberOf(value: string, field: string): string {
  const trimmed = value.trim();
  if (!new RegExp(APPROVAL_NUMBER_PATTERN).test(trimmed)) throw new HttpError(400, APPROVAL_NUMBER_INVALID, [{ path: field, message: APPROVAL_NUMBER_INVALID }]);
  return trimmed;
}

/** The citizen's own document named by `documentUrl`; 400 when it names no stored document, 404 when it is not theirs. */
export async function ownDocument(db: Queryable, citizenId: number, documentUrl: string): Promise<{ id: number; name: string }> {
  const id = documentIdFromUrl(documentUrl);
  if (id === null) throw new HttpError(400, DOCUMENT_URL_INVALID, [{ path: 'documentUrl', message: DOCUMENT_URL_INVALID }]);
  const { rows } = await db.query<{ id: number; name: string }>("SELECT id, name || '.' || extension AS name FROM documents WHERE id = $1 AND citizen_id = $2", [id, citizenId]);
  if (!rows[0]) throw new HttpError(404, DOCUMENT_NOT_OWN);
  return rows[0];
}

export interface ProofSent {
  documentId: number;
  approvalNumber: string;
  /** The timeline's words for it (names the approval number). */
  message: string;
  citizenId: number;
}

/**
 * Puts the locked, payable charge under review with its proof, links the
 * document to the request's documents (so the officer and the citizen see it
 * there) and writes the timeline's 'comprobante_recibido'. 409 when the charge
 * is paid, already under review or its request closed.
 */
export async function submitProof(tx: Queryable, charge: ChargeRow, proof: ProofSent): Promise<ChargeRow> {
  requirePayable(charge);
  await tx.query(
    `UPDATE request_items SET status = $4, proof_document_id = $2, approval_number = $3, review_note = NULL, updated_at = now()
     WHERE id = $1`,
    [charge.id, proof.documentId, proof.approvalNumber, PAYMENT_EVENTS.enviar_comprobante.to],
  );
  await tx.query(
    'INSERT INTO request_attachments (application_id, document_id) VALUES ($1, $2) ON CONFLICT (application_id, document_id) DO NOTHING',
    [charge.application_id, proof.documentId],
  );
  await addTimelineNote(tx, charge, 'comprobante_recibido', { kind: 'ciudadano', citizenId: proof.citizenId }, proof.message);
  return reloadCharge(tx, charge.id);
}

/**
 * Who accepts or refuses a proof of payment (issue 25 §1 finding 7), decided
 * here once: the officer of the institution that collects the charge (the
 * DGII its own proofs) or an administrator (`institution` null). The officer
 * of the institution that attends the request (the VUF on a formalization)
 * sees the proof, its file and the request, but does not verify it. The
 * routes (403), the back office's list (`can_verify`) and the request page
 * (`verifiable_items`) all ask this function.
 */
export function verifiesProof(institution: string | null, charge: { agency: string }): boolean {
  return institution === null || institution === charge.agency;
}

/** The 403 of an officer who sees a proof but does not verify it. */
export const proofNotYours = (agency: string) => `Solo la institución que cobra este cargo (${agency}) puede aceptar o no aceptar su comprobante`;

/** 403 (Spanish) unless `institution` verifies the charge's proof (verifiesProof). */
export function requireProofVerifier(institution: string | null, charge: ChargeRow): void {
  if (!verifiesProof(institution, charge)) throw new HttpError(403, proofNotYours(charge.agency));
}

/** 409 unless the locked charge has a proof waiting for verification. */
export function requireUnderReview(charge: ChargeRow): void {
  if (charge.status !== PAYMENT_STATUS.en_verificacion) throw new HttpError(409, PROOF_NOT_UNDER_REVIEW);
}

/**
 * An officer does not accept the proof of the locked charge (under review):
 * back to pending with the reason, timeline 'comprobante_rechazado', the
 * citizen told (notification 'pago_rechazado' and e-mail), audit row
 * 'rechazar_comprobante'. The caller runs app.kickMail() after the commit.
 */
export async function refuseProof(tx: Queryable, charge: ChargeRow, reason: string, actor: Extract<WorkflowActor, { kind: 'institucion' }>): Promise<ChargeRow> {
  requireUnderReview(charge);
  await tx.query('UPDATE request_items SET status = $3, review_note = $2, updated_at = now() WHERE id = $1', [charge.id, reason, PAYMENT_EVENTS.rechazar_comprobante.to]);
  const what = `${charge.concept} (${charge.agency}, ${money(charge.amount)})`;
  await addTimelineNote(tx, charge, 'comprobante_rechazado', actor, `Comprobante de pago de ${what} no aceptado: ${reason}`);
  await notifyCitizen(tx, {
    citizenId: charge.citizen_id,
    kind: 'pago_rechazado',
    title: `Solicitud ${charge.request_code}: comprobante de pago no aceptado`,
    text: `${charge.agency} no aceptó el comprobante de pago de ${what}. Motivo: ${reason} Envíe un nuevo comprobante desde «Mis solicitudes».`,
    link: requestPageLink(charge.application_id),
  });
  await recordAudit(tx, { staffId: actor.staffId, action: 'rechazar_comprobante', applicationId: charge.application_id, detail: { item: charge.id, agency: charge.agency } });
  return reloadCharge(tx, charge.id);
}

/** The back office's download address of a charge's proof. */
export const proofDocumentRoute = (itemId: number) => `/v1/backoffice/payments/${itemId}/document`;

/**
 * The proofs waiting for verification that `institution` sees: charges it
 * collects or on requests it attends; every one for an administrator (null).
 * `can_verify` says which it accepts or refuses (verifiesProof). Oldest first.
 */
export async function reviewQueue(db: Queryable, institution: string | null): Promise<PaymentReviewRow[]> {
  const { rows } = await db.query<{
    id: number; request_id: number; request_code: string; form: string; citizen_name: string; agency: string; concept: string;
    amount: string | number; approval_number: string | null; no_autorizacion: string | null; proof_name: string | null;
    proof_document_id: number | null; updated_at: Date | string;
  }>(
    `SELECT ri.id, a.id AS request_id, a.request_code, a.form, c.nombres || ' ' || c.apellidos AS citizen_name, ri.agency, ri.concept, ri.amount,
            ri.approval_number, ri.no_autorizacion, d.name || '.' || d.extension AS proof_name, ri.proof_document_id, ri.updated_at
       FROM request_items ri
       JOIN applications a ON a.id = ri.application_id
       JOIN citizens c ON c.id = a.citizen_id
       LEFT JOIN documents d ON d.id = ri.proof_document_id
      WHERE ri.status = $2 AND a.request_code IS NOT NULL
        AND ($1::text IS NULL OR ri.agency = $1 OR a.institution = $1)
      ORDER BY ri.updated_at, ri.id`,
    [institution, PAYMENT_STATUS.en_verificacion],
  );
  const names = await serviceNames(db, rows.map((r) => r.form));
  return rows.map((r) => ({
    id: r.id,
    request_id: r.request_id,
    request_code: r.request_code,
    service: names.get(r.form) ?? r.form,
    citizen_name: r.citizen_name,
    agency: r.agency,
    concept: r.concept,
    amount: Number(r.amount),
    approval_number: r.approval_number,
    no_autorizacion: r.no_autorizacion,
    proof_name: r.proof_name,
    kind: r.agency === 'DGII' ? 'dgii' : 'deposito',
    can_verify: verifiesProof(institution, r),
    sent_at: iso(r.updated_at) as string,
    document: r.proof_document_id === null ? null : proofDocumentRoute(r.id),
  }));
}

/** The stored file of the locked charge's proof; 404 when it has none (or it was deleted). */
export async function proofDocument(db: Queryable, charge: ChargeRow): Promise<StoredDocument> {
  if (charge.proof_document_id === null) throw new HttpError(404, PROOF_DOCUMENT_MISSING);
  const { rows } = await db.query<StoredDocument>('SELECT stored_name, mime, size, name, extension FROM documents WHERE id = $1', [charge.proof_document_id]);
  if (!rows[0]) throw new HttpError(404, PROOF_DOCUMENT_MISSING);
  return rows[0];
}
