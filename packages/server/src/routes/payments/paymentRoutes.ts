/**
 * The citizen's payment routes (issue 13), under /v1 in the citizen context
 * (registerRoutes.ts adds app.authenticate to each): the payment view, the ONAPI
 * card payment, the Cámara de Comercio's card payment page (its hash), the
 * DGII proof and the deposit receipt, the authorization number of a transfer
 * or deposit, the price variations. Public, registered by registerRoutes:
 * the card payment page's return (camaraReturnRoutes, authenticated by its
 * hash) and, outside /v1, the sandbox card payment page.
 */
import type { FastifyInstance } from 'fastify';
import { camaraPaymentRoutes } from './camaraPaymentRoutes';
import { onapiPaymentRoutes } from './onapiPaymentRoutes';
import { paymentViewRoutes } from './paymentViewRoutes';
import { proofPaymentRoutes } from './proofPaymentRoutes';
import { transferPaymentRoutes } from './transferPaymentRoutes';
import { variationRoutes } from './variationRoutes';

export async function paymentRoutes(app: FastifyInstance): Promise<void> {
  await app.register(paymentViewRoutes);
  await app.register(onapiPaymentRoutes);
  await app.register(camaraPaymentRoutes);
  await app.register(proofPaymentRoutes);
  await app.register(transferPaymentRoutes);
  await app.register(variationRoutes);
}
