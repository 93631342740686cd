import path from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { DataFolderInUseError } from './db/dataFolderLock';
import { ownerOnlyTree } from './db/ownerOnlyTree';

/**
 * The data folder holds password hashes and personal data: what this process
 * creates is for its owner only (umask), and what older installs created
 * 0666/0777 is restricted at start.
 */
async function secureDataFolders(config: Config): Promise<void> {
  process.umask(0o077);
  if (config.dataDir !== 'memory://') await ownerOnlyTree(config.dataDir);
  const inDataDir = config.dataDir !== 'memory://' && !path.relative(path.resolve(config.dataDir), config.uploadDir).startsWith('..');
  if (!inDataDir) await ownerOnlyTree(config.uploadDir);
}

/** Starts the portal API: validated config, owner-only data folder, app, listen, graceful shutdown. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  await secureDataFolders(config);
  let app;
  try {
    app = await buildApp(config);
  } catch (error) {
    // Another server on the same embedded folder: stop at once, before anything was opened.
    if (error instanceof DataFolderInUseError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'cerrando el servidor');
    // Stop accepting connections, finish in-flight requests, close the database.
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error al cerrar');
        process.exit(1);
      },
    );
  };
  // `on`, not `once`: Ctrl+C reaches the server twice (from the terminal and passed on by
  // scripts/start.mjs); a second signal with no listener would kill it mid-shutdown.
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  console.error('No se pudo iniciar el servidor:', error);
  process.exit(1);
});
