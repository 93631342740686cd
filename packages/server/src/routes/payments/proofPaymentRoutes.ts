/**
 * Proofs of payment (issue 13): the proof of payment to the DGII of a
 * formalization (screen 2, POST /v1/institution-dgii/upload/document) and the
 * receipt of a bank deposit for another service's charge (PAY_WITH_CHECK,
 * POST /v1/portals/payment/deposit-receipt). Both put the charge under review
 * ('en_verificacion') until an officer accepts or refuses it in the back
 * office (routes/backoffice/staffPaymentRoutes.ts).
 */
import type { FastifyInstance } from 'fastify';
import { depositReceiptBodySchema, dgiiProofBodySchema, FORMALIZATION_FORM, paymentResultSchema } from '@portal/api-contract';
import { HttpError } from '../../http/HttpError';
import type { SchemaTypeProvider } from '../../http/schemaTypeProvider';
import { requireCitizen } from '../../plugins/app/registerAuth';
import { CHARGE_NOT_FOUND, chargeOut, lockAgencyCharge, lockCharge } from '../../services/payments/paymentLedger';
import { approvalNumberOf, DEPOSIT_NOT_FOR_FORMALIZATION, ownDocument, submitProof } from '../../services/payments/paymentProofs';
import { paymentErrors, paymentRateLimit, paymentSecurity, paymentTags } from './paymentSchemas';

const dgiiSchema = {
  tags: paymentTags,
  security: paymentSecurity,
  operationId: 'submitDgiiPaymentProof',
  summary: 'Envía el comprobante de pago a la DGII de una formalización propia',
  description:
    'Segundo cliente. requestId y requestCode deben nombrar la misma solicitud del ciudadano (si no, 404 «Pago no encontrado»); el documento debe ser ' +
    'suyo (404). authorizationNumber es el número de aprobación que el banco dio al ciudadano: de 1 a 30 letras, dígitos o guiones. ' +
    'El cargo de la DGII queda «En verificación» hasta que un oficial de la DGII lo acepte o no; el documento se añade a los de la solicitud. ' +
    '409 si el cargo ya está pagado, ya tiene un comprobante en verificación o la solicitud ya no admite pagos.',
  body: dgiiProofBodySchema,
  response: { ...paymentErrors, 200: { type: 'object', properties: { data: paymentResultSchema }, required: ['data'] } },
} as const;

const depositSchema = {
  tags: paymentTags,
  security: paymentSecurity,
  operationId: 'submitDepositReceipt',
  summary: 'Envía el comprobante de un depósito bancario por un cargo de una solicitud propia (PAY_WITH_CHECK)',
  description:
    'Para los cargos de los servicios que no son la formalización (esos se pagan desde su pantalla de pago: 409). itemId debe ser un cargo de la ' +
    'solicitud requestId del ciudadano (si no, 404 «Pago no encontrado»); el documento debe ser suyo (404). approvalNumber: número de aprobación o ' +
    'de referencia del depósito, de 1 a 30 letras, dígitos o guiones. El cargo queda «En verificación» hasta que un oficial de la institución que ' +
    'lo cobra lo acepte o no. 409 si ya está pagado, ya tiene un comprobante en verificación o la solicitud ya no admite pagos.',
  body: depositReceiptBodySchema,
  response: { ...paymentErrors, 200: { type: 'object', properties: { data: paymentResultSchema }, required: ['data'] } },
} as const;

/** The DGII proof and the deposit receipt; the citizen context adds app.authenticate. */
export async function proofPaymentRoutes(app: FastifyInstance): Promise<void> {
  const typed = app.withTypeProvider<SchemaTypeProvider>();

  typed.post('/institution-dgii/upload/document', { schema: dgiiSchema, config: paymentRateLimit }, async (request) => {
    const citizen = requireCitizen(request);
    const { requestId, requestCode } = request.body;
    const approvalNumber = approvalNumberOf(request.body.authorizationNumber, 'authorizationNumber');
    const charge = await app.db.transaction(async (tx) => {
      const locked = await lockAgencyCharge(tx, citizen.id, { id: requestId, code: requestCode }, 'DGII');
      const document = await ownDocument(tx, citizen.id, request.body.documentUrl);
      return submitProof(tx, locked, {
        documentId: document.id,
        approvalNumber,
        citizenId: citizen.id,
        message: `Comprobante de pago enviado a la DGII (aprobación ${approvalNumber}).`,
      });
    });
    return { data: { message: 'Comprobante enviado. La DGII lo verificará.', item: chargeOut(charge), request_status: charge.request_status } };
  });

  typed.post('/portals/payment/deposit-receipt', { schema: depositSchema, config: paymentRateLimit }, async (request) => {
    const citizen = requireCitizen(request);
    const { requestId, itemId } = request.body;
    const approvalNumber = approvalNumberOf(request.body.approvalNumber, 'approvalNumber');
    const charge = await app.db.transaction(async (tx) => {
      const locked = await lockCharge(tx, itemId, { kind: 'ciudadano', citizenId: citizen.id });
      if (locked.application_id !== requestId) throw new HttpError(404, CHARGE_NOT_FOUND);
      const document = await ownDocument(tx, citizen.id, request.body.documentUrl);
      if (locked.form === FORMALIZATION_FORM) throw new HttpError(409, DEPOSIT_NOT_FOR_FORMALIZATION);
      return submitProof(tx, locked, {
        documentId: document.id,
        approvalNumber,
        citizenId: citizen.id,
        message: `Comprobante de depósito enviado a ${locked.agency} (referencia ${approvalNumber}).`,
      });
    });
    return { data: { message: `Comprobante enviado. ${charge.agency} lo verificará.`, item: chargeOut(charge), request_status: charge.request_status } };
  });
}
