import type { FastifyInstance } from 'fastify';
import { pruneExpired } from '../../services/pruneExpired';

/** Prunes expired rows when the server is ready and every hour after (services/pruneExpired.ts). */
export function registerPruning(app: FastifyInstance, everyMs = 60 * 60 * 1000): void {
  const run = () => pruneExpired(app.db).catch((error: unknown) => app.log.warn({ err: error }, 'no se pudieron borrar los datos vencidos'));
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  app.addHook('onReady', async () => {
    running = run();
    timer = setInterval(() => {
      running = run();
    }, everyMs);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
  });
}
