/**
 * Paying by bank transfer or deposit with the portal's authorization number
 * (issue 13, GENERATE_CODE_MODAL; docs/payments.md):
 * - GET /v1/portals/requests/{id}/payment-code?item_id=N: the charge's current number (created if none);
 * - POST /v1/portals/requests/{id}/payment-code { item_id }: a new number, the previous one stops working;
 * - GET /v1/portals/requests/{id}/payment-code/pdf?item_id=N: its payment slip (PDF);
 * - POST /v1/portals/sirite/response?code=… { approval_number }: SIRITE confirms a transfer or deposit made with it;
 * - POST /v1/portals/payment/updatepaycardnet { code, approval_number }: CardNet confirms it was paid with a card at a terminal.
 * All for the request's owner only; someone else's request, charge or number is a 404.
 */
import { paymentCodeRenewalBodySchema, paymentCodeSchema, paymentResultSchema, siritePaymentBodySchema } from '@portal/api-contract';
import type { FastifyInstance } from 'fastify';
import { contentDisposition } from '../../http/sendStoredDocument';
import type { SchemaTypeProvider } from '../../http/schemaTypeProvider';
import { requireCitizen } from '../../plugins/app/registerAuth';
import { currentPaymentCode, payWithCode, replacePaymentCode } from '../../services/payments/paymentCodes';
import { paymentSlipFileName, paymentSlipPdf } from '../../services/payments/paymentSlipPdf';
import { okData, paymentErrors, paymentRateLimit, paymentSecurity, paymentTags, positiveId } from './paymentSchemas';

const params = { type: 'object', properties: { id: positiveId }, required: ['id'] } as const;
const itemQuery = { type: 'object', additionalProperties: false, properties: { item_id: positiveId }, required: ['item_id'] } as const;
/** Free text up to a bound: the handler says what is wrong with it ('Código inválido', 'Requerido'); the approval number's is the contract's (siritePaymentBodySchema). */
const codeText = { type: 'string', maxLength: 64 } as const;
const approvalText = siritePaymentBodySchema.properties.approval_number;

const getCodeSchema = {
  tags: paymentTags,
  security: paymentSecurity,
  operationId: 'getPaymentCode',
  summary: 'Número de autorización de un cargo, para pagar por transferencia o depósito',
  description:
    'El número de autorización vigente (11 dígitos, aleatorio y único) del cargo `item_id` de la solicitud propia; se crea si no tiene. Con él se paga en el banco. Incluye monto, concepto, institución y las instrucciones del banco. El cargo debe estar pendiente y la solicitud abierta (409).',
  params,
  querystring: itemQuery,
  response: { ...paymentErrors, 200: okData(paymentCodeSchema) },
} as const;

export const newCodeSchema = {
  tags: paymentTags,
  security: paymentSecurity,
  operationId: 'replacePaymentCode',
  summary: 'Generar un nuevo número de autorización',
  description: 'Reemplaza el número de autorización vigente del cargo por uno nuevo; el anterior deja de confirmar pagos.',
  params,
  body: paymentCodeRenewalBodySchema,
  response: { ...paymentErrors, 201: okData(paymentCodeSchema) },
} as const;

const pdfSchema = {
  tags: paymentTags,
  security: paymentSecurity,
  operationId: 'downloadPaymentSlip',
  summary: 'Volante de pago (PDF) del número de autorización',
  description: 'El volante de pago del número de autorización vigente del cargo (se crea si no tiene): portal, número, monto, concepto, institución, solicitud, fecha e instrucciones del banco. Se descarga como adjunto.',
  params,
  querystring: itemQuery,
  produces: ['application/pdf'],
  response: { ...paymentErrors, 200: { description: 'El PDF del volante', type: 'string', format: 'binary' } },
} as const;

const paidResponse = { ...paymentErrors, 200: okData(paymentResultSchema) } as const;

export const siriteSchema = {
  tags: paymentTags,
  security: paymentSecurity,
  operationId: 'confirmSiritePayment',
  summary: 'Confirmar un pago por transferencia o depósito (SIRITE)',
  description:
    'SIRITE, el sistema de recaudación del Estado, confirma con el banco que el cargo del número de autorización `code` (11 dígitos, uno vigente de un cargo propio) se pagó por transferencia o depósito con el número de aprobación del banco. Confirmado: el cargo queda pagado (forma de pago `transferencia`). No confirmado: 422 con el mensaje del banco y nada cambia. Un número ajeno, reemplazado o desconocido: 404.',
  querystring: { type: 'object', additionalProperties: false, properties: { code: codeText }, required: ['code'] },
  body: siritePaymentBodySchema,
  response: paidResponse,
} as const;

const cardnetSchema = {
  tags: paymentTags,
  security: paymentSecurity,
  operationId: 'confirmCardnetPayment',
  summary: 'Confirmar un pago con tarjeta en un terminal CardNet',
  description:
    'El mismo número de autorización pagado con tarjeta en un terminal CardNet (por ejemplo en un Punto GOB): CardNet confirma el pago con su número de aprobación y el cargo queda pagado (forma de pago `cardnet`). Mismas reglas que la confirmación por SIRITE.',
  body: { type: 'object', additionalProperties: false, properties: { code: codeText, approval_number: approvalText }, required: ['code', 'approval_number'] },
  response: paidResponse,
} as const;

/** The routes of the authorization number (see the file's comment); the citizen context adds app.authenticate. */
export async function transferPaymentRoutes(app: FastifyInstance): Promise<void> {
  const typed = app.withTypeProvider<SchemaTypeProvider>();
  const sandbox = () => app.payments.cardPage.sandbox;
  const route = { config: paymentRateLimit };

  typed.get('/portals/requests/:id/payment-code', { ...route, schema: getCodeSchema }, async (request) => {
    const citizen = requireCitizen(request);
    return { data: await currentPaymentCode(app.db, citizen.id, request.params.id, request.query.item_id, sandbox()) };
  });

  typed.post('/portals/requests/:id/payment-code', { ...route, schema: newCodeSchema }, async (request, reply) => {
    const citizen = requireCitizen(request);
    const data = await replacePaymentCode(app.db, citizen.id, request.params.id, request.body.item_id, sandbox());
    return reply.code(201).send({ data });
  });

  // Default type provider here: the 200 answer is a PDF, not a JSON document.
  app.get<{ Params: { id: number }; Querystring: { item_id: number } }>('/portals/requests/:id/payment-code/pdf', { ...route, schema: pdfSchema }, async (request, reply) => {
    const citizen = requireCitizen(request);
    const slip = await currentPaymentCode(app.db, citizen.id, request.params.id, request.query.item_id, sandbox());
    const pdf = await paymentSlipPdf(slip);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', contentDisposition(paymentSlipFileName(slip.code)))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(pdf));
  });

  typed.post('/portals/sirite/response', { ...route, schema: siriteSchema }, async (request) => {
    const citizen = requireCitizen(request);
    const data = await payWithCode(app.db, app.payments, citizen.id, { code: request.query.code, approval: request.body.approval_number, channel: 'transferencia' });
    app.kickMail();
    return { data };
  });

  typed.post('/portals/payment/updatepaycardnet', { ...route, schema: cardnetSchema }, async (request) => {
    const citizen = requireCitizen(request);
    const data = await payWithCode(app.db, app.payments, citizen.id, { code: request.body.code, approval: request.body.approval_number, channel: 'cardnet' });
    app.kickMail();
    return { data };
  });
}
