/**
 * Every payment route (issue 13), under /v1: the payment view, the ONAPI card
 * payment, the Cámara de Comercio's card payment page (hash and return), the
 * DGII proof and the deposit receipt, the authorization number of a transfer
 * or deposit, the price variations. The sandbox card payment page is outside
 * /v1 (registered by registerRoutes).
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
