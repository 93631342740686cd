import type { FastifyInstance } from 'fastify';
import { variationSelectAnswerSchema, variationSelectBodySchema } from '@portal/api-contract';
import type { SchemaTypeProvider } from '../../http/schemaTypeProvider';
import { requireCitizen } from '../../plugins/app/registerAuth';
import { selectVariations } from '../../services/payments/priceVariations';
import { paymentErrors, paymentRateLimit, paymentSecurity, paymentTags } from './paymentSchemas';

/** The body and the answer are the API contract's: the app types what it sends and reads from the same schemas. */
export const variationSelectSchema = {
  tags: paymentTags,
  security: paymentSecurity,
  operationId: 'selectPriceVariations',
  summary: 'Elige las variaciones de precio de un cargo de una solicitud propia',
  description:
    'Payload del spec (§3): quantity, payment_amount, request_id (lista de una solicitud propia), variation_id (lista, de un mismo precio del formulario de la solicitud), ' +
    'estimated_date (texto del navegador, ignorado: se guarda el tiempo estimado calculado por el servidor). item_id: el cargo, obligatorio solo si variation_id está vacío (vuelve al monto base). ' +
    'El servidor recalcula el monto (base + cantidad × variaciones) y responde 422 si payment_amount no coincide al centavo. quantity > 1 en un precio que no admite cantidad: 400. ' +
    'Cargo pagado, en verificación o con un pago con tarjeta en curso: 409. Solicitud o cargo de otro ciudadano: 404.',
  body: variationSelectBodySchema,
  response: { ...paymentErrors, 200: variationSelectAnswerSchema },
} as const;

/** POST /v1/portals/request-variation-select: the citizen's choice of a price's variations and quantity for one charge; the citizen context adds app.authenticate. */
export async function variationRoutes(app: FastifyInstance): Promise<void> {
  const typed = app.withTypeProvider<SchemaTypeProvider>();
  typed.post('/portals/request-variation-select', { schema: variationSelectSchema, config: paymentRateLimit }, async (request) => {
    const citizen = requireCitizen(request);
    const body = request.body;
    const data = await app.db.transaction((tx) =>
      selectVariations(tx, {
        citizenId: citizen.id,
        requestId: body.request_id[0],
        itemId: body.item_id,
        variationIds: body.variation_id,
        quantity: body.quantity,
        paymentAmount: body.payment_amount,
      }),
    );
    return { data };
  });
}
