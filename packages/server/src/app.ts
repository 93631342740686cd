import { mkdir } from 'node:fs/promises';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { createAgencies } from './agencies/createAgencies';
import type { Agencies } from './agencies/types';
import { createPayments } from './payments/createPayments';
import type { PaymentProviders } from './payments/types';
import type { Config } from './config';
import { createDb } from './db/createDb';
import type { Db } from './db/Db';
import { migrate } from './db/migrate';
import { publishShippedForms } from './services/forms/formVersions';
import { seedReference } from './db/seedReference';
import { refreshReferenceSearch } from './db/refreshReferenceSearch';
import { seedSandbox } from './db/seedSandbox';
import { installErrorHandler } from './http/installErrorHandler';
import { httpServerTimeouts, installBodyTimeout } from './http/httpTimeouts';
import { installInputGuard } from './http/installInputGuard';
import { installNotFoundHandler } from './http/installNotFoundHandler';
import { loggerOptions } from './http/loggerOptions';
import { decorateServices } from './plugins/app/decorateServices';
import { registerAuth } from './plugins/app/registerAuth';
import { registerStaffAuth } from './plugins/app/registerStaffAuth';
import { registerAccessDenials } from './plugins/app/registerAccessDenials';
import { registerLookupGuard } from './plugins/app/registerLookupGuard';
import { registerMailer } from './plugins/app/registerMailer';
import { registerPruning } from './plugins/app/registerPruning';
import { registerReferenceNotifications } from './plugins/app/registerReferenceNotifications';
import { registerHealth } from './plugins/app/registerHealth';
import { registerMetrics } from './plugins/app/registerMetrics';
import { registerRequestIds, REQUEST_ID_HEADER, requestIdGenerator } from './plugins/app/registerRequestIds';
import { registerCookie } from './plugins/external/registerCookie';
import { registerHelmet } from './plugins/external/registerHelmet';
import { registerMultipart } from './plugins/external/registerMultipart';
import { registerRateLimit } from './plugins/external/registerRateLimit';
import { registerStaticFiles } from './plugins/external/registerStaticFiles';
import { registerSwagger } from './plugins/external/registerSwagger';
import { registerUnderPressure } from './plugins/external/registerUnderPressure';
import { registerRoutes } from './routes/registerRoutes';
import { createPasswordHasher } from './services/passwordHasher';
import { removeOrphanUploads, SHARED_FOLDER_MIN_AGE_MS } from './services/uploads/removeOrphanUploads';
import { createDocumentStorage } from './services/storage/createDocumentStorage';
import type { DocumentStorage } from './services/storage/DocumentStorage';
import { createStagingDir, registerStorage } from './services/storage/registerStorage';
import { loadSecretKey } from './services/secretKey';

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** Replacements for tests (e.g. HTTP agencies pointed at a local server, a shared database). */
export interface AppOverrides {
  /** An open database; it stays open when the app closes (whoever opened it closes it). */
  db?: Db;
  agencies?: Agencies;
  /** Payment providers (e.g. the HTTP adapters pointed at a local gateway). */
  payments?: PaymentProviders;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
}

/**
 * Builds the API: database (migrated and seeded), external plugins (helmet,
 * rate limit, multipart, cookie, swagger), app plugins (services, auth), the
 * /v1 routes and the static SPA. Call `ready()`/`listen()` on the result.
 */
export async function buildApp(config: Config, overrides: AppOverrides = {}): Promise<FastifyInstance> {
  const ownsDb = overrides.db === undefined;
  const db = overrides.db ?? (await createDb(config));
  const passwords = createPasswordHasher(config.argon2);
  let secret: Awaited<ReturnType<typeof loadSecretKey>>;
  let storage: DocumentStorage | null = null;
  let stagingDir: string;
  try {
    // Servers started together on one PostgreSQL migrate and seed one after the other.
    await db.withLock('migrate-and-seed', async () => {
      await migrate(db);
      await seedReference(db);
      // Search texts (`busqueda`) loaded before their rule changed are rewritten (e.g. the CIIU titles).
      await refreshReferenceSearch(db);
      // The forms of schemas/ never published (a fresh database: version 1 of each) become the current versions.
      await publishShippedForms(db);
      if (config.agencies.mode === 'sandbox') await seedSandbox(db, passwords);
    });
    await mkdir(config.uploadDir, { recursive: true, mode: 0o700 });
    storage = await createDocumentStorage(config, db);
    // Shared storage (PostgreSQL, or any bucket other servers may write to) keeps recent objects: their rows may be on the way.
    const shared = config.databaseUrl !== null || config.documentStorage === 's3';
    await removeOrphanUploads(db, storage, shared ? SHARED_FOLDER_MIN_AGE_MS : 0).catch((error: unknown) => {
      throw new Error(`No se pudo leer el almacenamiento de documentos (DOCUMENT_STORAGE=${config.documentStorage}): ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    });
    stagingDir = await createStagingDir(config.dataDir);
    secret = await loadSecretKey(config, db);
  } catch (error) {
    await storage?.close();
    if (ownsDb) await db.close();
    throw error;
  }

  const app = Fastify({
    // Every URL in a log line (request, error, message) through redactLogUrl.ts; credentials never.
    logger: loggerOptions(config.logLevel, overrides.logStream),
    // A hop count trusts that many proxies next to the server (Fastify's own rule, written out for its types).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    // Request ids: a trusted proxy's x-request-id, otherwise a new UUID (never a direct client's choice).
    requestIdHeader: false,
    genReqId: requestIdGenerator(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // Header, request, idle and keep-alive times of Node's server (HTTP_*_TIMEOUT_MS); the body time is installBodyTimeout's.
    ...httpServerTimeouts(config.httpTimeouts),
    ajv: { customOptions: { allErrors: true } },
    frameworkErrors: (error, request, reply) => {
      void (reply as FastifyReply).code(400).header(REQUEST_ID_HEADER, request.id).send({ message: error.code === 'FST_ERR_BAD_URL' ? 'Dirección inválida' : 'Solicitud inválida' });
    },
  });

  registerRequestIds(app);
  installBodyTimeout(app, config.httpTimeouts.bodyMs);
  installErrorHandler(app);
  installInputGuard(app);
  await registerUnderPressure(app, config.overloadMaxEventLoopDelayMs);
  registerMetrics(app, config.metricsToken);
  await registerHelmet(app, config.headerScriptUrl);
  await registerRateLimit(app, config);
  await registerMultipart(app, config.uploadMaxBytes);
  await registerCookie(app);
  await registerSwagger(app);

  decorateServices(app, { config, db, passwords, secretKey: secret.key, agencies: overrides.agencies ?? createAgencies(config.agencies, db), payments: overrides.payments ?? createPayments(config.payments, secret.key) }, { closeDb: ownsDb });
  if (secret.source === 'database') app.log.warn('SECRET_KEY no está definida: la clave de los códigos se guarda en la base de datos; defínala igual en todos los servidores');
  registerStorage(app, storage, stagingDir);
  registerAuth(app);
  registerStaffAuth(app);
  registerAccessDenials(app);
  registerLookupGuard(app, config.rateLimitAllowList);
  registerMailer(app);
  registerPruning(app);
  registerReferenceNotifications(app);
  registerHealth(app);

  await registerRoutes(app);
  const spa = await registerStaticFiles(app, config.staticDir);
  installNotFoundHandler(app, spa);
  return app;
}
