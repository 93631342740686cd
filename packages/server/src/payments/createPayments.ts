import { createHmac } from 'node:crypto';
import type { PaymentConfig } from '../config';
import { createHttpBank, createHttpCardProcessor } from './httpPayments';
import { createSandboxBank, createSandboxCardProcessor } from './sandboxPayments';
import type { PaymentProviders } from './types';

/** Where the sandbox card payment page is served (routes/payments/sandboxCardPageRoutes.ts). */
export const SANDBOX_CARD_PAGE_PATH = '/sandbox/pagina-de-pago';

/** The configured payment providers (docs/payments.md). The sandbox page's key is derived from the server's secret key. */
export function createPayments(config: PaymentConfig, secretKey: Buffer): PaymentProviders {
  if (config.mode === 'http') {
    const settings = { gatewayUrl: config.gatewayUrl, apiKey: config.apiKey, timeoutMs: config.timeoutMs };
    return {
      card: createHttpCardProcessor(settings),
      bank: createHttpBank(settings),
      cardPage: { ...config.cardPage, currencyCode: '$', sandbox: false },
    };
  }
  return {
    card: createSandboxCardProcessor(),
    bank: createSandboxBank(),
    cardPage: {
      url: SANDBOX_CARD_PAGE_PATH,
      merchantId: '39038540035',
      merchantName: 'Cámara de Comercio y Producción de Santo Domingo',
      merchantType: 'Registro mercantil',
      currencyCode: '$',
      authKey: createHmac('sha256', secretKey).update('sandbox-card-page').digest('hex'),
      sandbox: true,
    },
  };
}
