import type { FastifyInstance } from 'fastify';
import type { SchemaTypeProvider } from '../../http/schemaTypeProvider';
import { requireCitizen } from '../../plugins/app/registerAuth';
import { paymentView } from '../../services/payments/paymentView';
import { paymentViewRouteSchema } from './paymentSchemas';

/** GET /v1/portals/requests/{id}/payment: the request's payment view (its owner only; the citizen context adds app.authenticate). */
export async function paymentViewRoutes(app: FastifyInstance): Promise<void> {
  const typed = app.withTypeProvider<SchemaTypeProvider>();
  typed.get('/portals/requests/:id/payment', { schema: paymentViewRouteSchema }, async (request) => {
    const citizen = requireCitizen(request);
    return { data: await paymentView(app.db, citizen.id, request.params.id) };
  });
}
