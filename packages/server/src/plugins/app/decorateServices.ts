import type { FastifyInstance } from 'fastify';
import type { Agencies } from '../../agencies/types';
import type { Config } from '../../config';
import type { Db } from '../../db/Db';
import type { PaymentProviders } from '../../payments/types';
import type { PasswordHasher } from '../../services/passwordHasher';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    agencies: Agencies;
    /** Card processor, card payment page and bank (payments/). */
    payments: PaymentProviders;
    passwords: PasswordHasher;
    /** Key of the one-time code HMACs (services/secretKey.ts). */
    secretKey: Buffer;
  }
}

export interface AppServices {
  config: Config;
  db: Db;
  agencies: Agencies;
  payments: PaymentProviders;
  passwords: PasswordHasher;
  secretKey: Buffer;
}

/** Puts the shared services on the root instance; with closeDb, the database closes with the app. */
export function decorateServices(app: FastifyInstance, services: AppServices, { closeDb }: { closeDb: boolean }): void {
  app.decorate('config', services.config);
  app.decorate('db', services.db);
  app.decorate('agencies', services.agencies);
  app.decorate('payments', services.payments);
  app.decorate('passwords', services.passwords);
  app.decorate('secretKey', services.secretKey);
  if (closeDb) {
    app.addHook('onClose', async () => {
      await services.db.close();
    });
  }
}
