/** What the payment routes share: tags, security, the answer wrapper, the errors, the per-address limit. */
import { paymentViewSchema } from '@portal/api-contract';
import { authErrors, citizenSecurity, errorSchema } from '../../http/commonSchemas';

export const paymentTags = ['Pagos'];
/** A citizen's payment route needs a session (bearer token or the token cookie). */
export const paymentSecurity = citizenSecurity;
export const positiveId = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
export const okData = <T>(data: T) => ({ type: 'object', properties: { data }, required: ['data'] }) as const;
/** The errors of a payment call: another citizen's request or charge is a 404; a charge already paid a 409; a refused payment a 422. */
export const paymentErrors = { ...authErrors, 403: errorSchema, 404: errorSchema, 409: errorSchema, 422: errorSchema, 503: errorSchema } as const;
/** Every payment call is limited per address (GUIDE §7): enough for a citizen paying three agencies with retries, far too few for card testing. */
export const paymentRateLimit = { rateLimit: { max: 30, timeWindow: '10 minutes' } } as const;

export const paymentViewRouteSchema = {
  tags: paymentTags,
  security: paymentSecurity,
  operationId: 'getOwnRequestPayments',
  summary: 'Pagos de una solicitud propia',
  description:
    'La vista de pago de la solicitud (spec §3): código, cotización de la Cámara de Comercio (totalCobrar), número de autorización de la DGII, monto de ONAPI, precios con sus variaciones, y cada cargo con su estado. Solo marca y últimos cuatro dígitos de una tarjeta, nunca más.',
  params: { type: 'object', properties: { id: positiveId }, required: ['id'] },
  response: { ...authErrors, 200: okData(paymentViewSchema), 404: errorSchema },
} as const;
