import type { FastifyInstance } from 'fastify';
import { forgetOnlineServices } from '../../services/applications/onlineForms';
import { forgetCurrentVersions } from '../../services/forms/formVersions';
import {
  CATALOGUE_TABLES,
  createReferenceChanges,
  FORM_VERSIONS_TABLE,
  listenForReferenceChanges,
  type ReferenceChanges,
  type ReferenceListener,
} from '../../services/referenceNotifications';

declare module 'fastify' {
  interface FastifyInstance {
    /** The in-memory copies of reference data subscribe here to be forgotten when an import changes their tables. */
    referenceChanges: ReferenceChanges;
    /** The connection listening for imports on PostgreSQL, from when the server is ready (null on PGlite). */
    referenceListener: ReferenceListener | null;
  }
}

/**
 * Registers the reference caches' registry and, on PostgreSQL (DATABASE_URL),
 * listens for imports from any server or the import command
 * (services/referenceNotifications.ts), and for sessions other servers ended
 * (services/sessionCache.ts). Register after registerAuth, before the routes.
 */
export function registerReferenceNotifications(app: FastifyInstance): void {
  const changes = createReferenceChanges();
  app.decorate('referenceChanges', changes);
  // The online services by form are kept per database outside any route.
  changes.subscribe(CATALOGUE_TABLES, () => forgetOnlineServices(app.db));
  // A form published through another server (issue 26): its new version is served here at once.
  changes.subscribe([FORM_VERSIONS_TABLE], () => forgetCurrentVersions(app.db));
  const { databaseUrl, databaseSchema } = app.config;
  app.decorate<ReferenceListener | null>('referenceListener', null);
  if (databaseUrl === null) return;
  app.addHook('onReady', async () => {
    app.referenceListener = listenForReferenceChanges({
      connectionString: databaseUrl,
      schema: databaseSchema,
      changes,
      // Sessions ended through another server (logout, password change or reset) end here at once too.
      sessionEnded: (ending) => app.sessionCache.forgetHere(ending),
      log: app.log,
    });
  });
  app.addHook('onClose', async () => {
    await app.referenceListener?.close();
  });
}
