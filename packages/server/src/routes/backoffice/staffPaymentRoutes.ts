/**
 * Proofs of payment in the back office (/v1/backoffice/payments, issue 13):
 * the proofs waiting for verification, each proof's file, accepting it (the
 * charge is paid: paymentLedger.confirmCharge) or not (back to pending with the
 * reason for the citizen). An officer reaches the charges their institution
 * collects or that are on requests it attends; an administrator every one;
 * anything else is a 404 and nothing changes. Only the collecting institution
 * (or an administrator) accepts or refuses (paymentProofs.verifiesProof): the
 * attending one gets a 403 and nothing changes. Registered inside
 * backofficeRoutes' staff-only context.
 */
import type { FastifyInstance } from 'fastify';
import { errorSchema, paymentRefusalBodySchema, paymentResultSchema, paymentReviewListSchema, REFUSAL_REASON_MAX, REFUSAL_REASON_MIN } from '@portal/api-contract';
import { authErrors, staffSecurity } from '../../http/commonSchemas';
import { HttpError } from '../../http/HttpError';
import type { SchemaTypeProvider } from '../../http/schemaTypeProvider';
import { sendStoredDocument } from '../../http/sendStoredDocument';
import { requireStaff } from '../../plugins/app/registerStaffAuth';
import { recordAudit } from '../../services/audit/auditLog';
import type { StaffView } from '../../services/staff/staffStore';
import { chargeOut, confirmCharge, lockCharge, reloadCharge, type ChargeViewer } from '../../services/payments/paymentLedger';
import { PROOF_DOCUMENT_MISSING, proofDocument, refuseProof, requireProofVerifier, requireUnderReview, reviewQueue } from '../../services/payments/paymentProofs';
import { scopeOf } from './staffRequestRoutes';

const tags = ['Oficina de la institución'];
const security = staffSecurity;
const ID = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const idParams = { type: 'object', properties: { id: ID }, required: ['id'] } as const;
const resultSchema = { type: 'object', properties: { message: { type: 'string' }, data: paymentResultSchema }, required: ['message', 'data'] } as const;
export const REASON_NEEDED = `Indique el motivo (al menos ${REFUSAL_REASON_MIN} caracteres)`;

const listSchema = {
  tags, security, operationId: 'listPaymentProofsToVerify', summary: 'Comprobantes de pago por verificar: los de los cargos de la institución del oficial o de sus solicitudes (todos para un administrador), el más antiguo primero',
  response: { ...authErrors, 200: paymentReviewListSchema },
} as const;

const documentSchema = {
  tags, security, operationId: 'downloadPaymentProof', summary: 'Descarga el comprobante de pago de un cargo (queda en la auditoría)',
  params: idParams,
  response: { ...authErrors, 200: { description: 'El archivo, como adjunto', type: 'string', format: 'binary' }, 404: errorSchema },
} as const;

const acceptSchema = {
  tags, security, operationId: 'acceptPaymentProof', summary: 'Acepta el comprobante: el cargo queda pagado (se avisa al ciudadano; con el último cargo pagado la solicitud pasa a revisión)',
  description: '403 si el oficial ve el cargo pero no lo cobra su institución (la VUF ve el comprobante de la DGII, solo la DGII lo verifica); 409 si el cargo no tiene un comprobante en verificación.',
  params: idParams,
  response: { ...authErrors, 200: resultSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema },
} as const;

const refuseSchema = {
  tags, security, operationId: 'refusePaymentProof', summary: 'No acepta el comprobante: el cargo vuelve a pendiente con el motivo (se avisa al ciudadano, que puede enviar otro)',
  description: `reason: de ${REFUSAL_REASON_MIN} a ${REFUSAL_REASON_MAX} caracteres. 403 si el oficial ve el cargo pero no lo cobra su institución; 409 si el cargo no tiene un comprobante en verificación.`,
  params: idParams,
  body: paymentRefusalBodySchema,
  response: { ...authErrors, 200: resultSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema },
} as const;

const viewerOf = (staff: StaffView): ChargeViewer => ({ kind: 'institucion', staffId: staff.id, institution: scopeOf(staff) });
const actorOf = (staff: StaffView) => ({ kind: 'institucion' as const, staffId: staff.id, institution: scopeOf(staff) });

export async function staffPaymentRoutes(app: FastifyInstance): Promise<void> {
  const typed = app.withTypeProvider<SchemaTypeProvider>();

  typed.get('/backoffice/payments', { schema: listSchema }, async (request) => {
    const staff = requireStaff(request);
    return { data: await reviewQueue(app.db, scopeOf(staff)) };
  });

  // Default type provider here: the 200 answer is a file stream, not a JSON document.
  app.get<{ Params: { id: number } }>('/backoffice/payments/:id/document', { schema: documentSchema }, async (request, reply) => {
    const staff = requireStaff(request);
    const document = await app.db.transaction(async (tx) => {
      const charge = await lockCharge(tx, request.params.id, viewerOf(staff));
      const found = await proofDocument(tx, charge);
      await recordAudit(tx, { staffId: staff.id, action: 'descargar_comprobante', applicationId: charge.application_id, detail: { item: charge.id, documentId: charge.proof_document_id } });
      return found;
    });
    return sendStoredDocument(reply, app.storage, document, PROOF_DOCUMENT_MISSING);
  });

  typed.post('/backoffice/payments/:id/accept', { schema: acceptSchema }, async (request) => {
    const staff = requireStaff(request);
    const charge = await app.db.transaction(async (tx) => {
      const locked = await lockCharge(tx, request.params.id, viewerOf(staff));
      // Seeing a proof is not verifying it: only the charging institution (or an administrator) does.
      requireProofVerifier(scopeOf(staff), locked);
      requireUnderReview(locked);
      await confirmCharge(tx, locked, {
        method: 'comprobante', reference: locked.approval_number ?? `COMPROBANTE-${locked.id}`, approvalNumber: locked.approval_number, actor: actorOf(staff),
      });
      return reloadCharge(tx, locked.id);
    });
    app.kickMail();
    return { message: 'Pago aceptado', data: { message: 'Pago aceptado', item: chargeOut(charge), request_status: charge.request_status } };
  });

  typed.post('/backoffice/payments/:id/refuse', { schema: refuseSchema }, async (request) => {
    const staff = requireStaff(request);
    const reason = request.body.reason.trim();
    const charge = await app.db.transaction(async (tx) => {
      // Visibility first: another institution's charge is a 404 whatever the body says.
      const locked = await lockCharge(tx, request.params.id, viewerOf(staff));
      requireProofVerifier(scopeOf(staff), locked);
      if (reason.length < REFUSAL_REASON_MIN) throw new HttpError(400, REASON_NEEDED, [{ path: 'reason', message: REASON_NEEDED }]);
      return refuseProof(tx, locked, reason, actorOf(staff));
    });
    app.kickMail();
    return { message: 'Comprobante no aceptado', data: { message: 'Comprobante no aceptado', item: chargeOut(charge), request_status: charge.request_status } };
  });
}
