/**
 * The Cámara de Comercio's card payment page (spec §2 screen 3):
 * POST /v1/institution-camara/hash/{code} signs the form the browser posts to
 * the page (session required), POST /v1/institution-camara/return settles the
 * page's signed return (no session: the hash authenticates it).
 */
import type { FastifyInstance } from 'fastify';
import type { SchemaTypeProvider } from '../../http/schemaTypeProvider';
import { requireCitizen } from '../../plugins/app/registerAuth';
import { openCardPageOrder, settleCardPageReturn } from '../../services/payments/cardPageOrders';
import { camaraHashRouteSchema, camaraReturnRouteSchema } from './camaraPaymentSchemas';
import { paymentRateLimit } from './paymentSchemas';

/** The hash: registered in the citizen context (registerRoutes.ts, through paymentRoutes), which adds app.authenticate. */
export async function camaraPaymentRoutes(app: FastifyInstance): Promise<void> {
  const typed = app.withTypeProvider<SchemaTypeProvider>();

  typed.post('/institution-camara/hash/:code', { config: paymentRateLimit, schema: camaraHashRouteSchema }, async (request, reply) => {
    const citizen = requireCitizen(request);
    // The portal's own origin (trust-proxy aware): the page sends the browser back here.
    const origin = `${request.protocol}://${request.host}`;
    const settings = app.payments.cardPage;
    const opened = await app.db.transaction((tx) => openCardPageOrder(tx, citizen.id, request.params.code, request.body, settings, origin));
    return reply.code(201).send({ data: opened.hash, fields: opened.fields, url: settings.url });
  });
}

/**
 * The return: public, outside the citizen context. The browser comes back from
 * the payment page with a cross-site POST, which carries no session cookie
 * (SameSite=Strict): the page's AuthHash over the answer authenticates it.
 */
export async function camaraReturnRoutes(app: FastifyInstance): Promise<void> {
  const typed = app.withTypeProvider<SchemaTypeProvider>();

  typed.post('/institution-camara/return', { config: paymentRateLimit, schema: camaraReturnRouteSchema }, async (request) => {
    const { outcome, notified } = await settleCardPageReturn(app.db, app.payments.cardPage, request.body);
    if (notified) app.kickMail();
    return { data: outcome };
  });
}
