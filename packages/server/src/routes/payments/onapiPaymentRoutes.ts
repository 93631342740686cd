import type { FastifyInstance } from 'fastify';
import { HttpError, type FieldError } from '../../http/HttpError';
import type { SchemaTypeProvider } from '../../http/schemaTypeProvider';
import { requireCitizen } from '../../plugins/app/registerAuth';
import { payChargeWithCard } from '../../services/payments/cardPayment';
import { onapiPaymentRouteSchema } from './onapiPaymentSchemas';
import { paymentRateLimit } from './paymentSchemas';

const FIELDS = new Set(Object.keys(onapiPaymentRouteSchema.body.properties));

/**
 * The body's shape before the schema runs, which would silently drop an
 * unknown field (an `amount` from the browser must be refused, not ignored)
 * and turn a number into text. Never echoes a value.
 */
function shapeErrors(body: unknown): FieldError[] {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return [{ path: 'body', message: 'Tipo de dato inválido' }];
  const errors: FieldError[] = [];
  for (const [key, value] of Object.entries(body)) {
    if (!FIELDS.has(key)) errors.push({ path: key.slice(0, 100), message: 'Campo no permitido' });
    else if (typeof value !== 'string') errors.push({ path: key, message: 'Tipo de dato inválido' });
  }
  return errors;
}

/** POST /v1/institution-onapi/payment: the citizen pays their request's ONAPI charge with a card (services/payments/cardPayment.ts); the citizen context adds app.authenticate. */
export async function onapiPaymentRoutes(app: FastifyInstance): Promise<void> {
  const typed = app.withTypeProvider<SchemaTypeProvider>();
  typed.post('/institution-onapi/payment', {
    schema: onapiPaymentRouteSchema, config: paymentRateLimit,
    preValidation: async (request) => {
      const errors = shapeErrors(request.body);
      if (errors.length > 0) throw new HttpError(400, 'Datos inválidos', errors);
    },
  }, async (request) => {
    const citizen = requireCitizen(request);
    const { codigoSolicitud, cardNumber, expDate, cvv } = request.body;
    try {
      return { data: await payChargeWithCard(app.db, app.payments.card, citizen.id, codigoSolicitud, 'ONAPI', { cardNumber, expDate, cvv }) };
    } finally {
      app.kickMail();
    }
  });
}
