import type { FastifyInstance } from 'fastify';
import { pruneExpired } from '../../services/pruneExpired';
import { removeOrphanUploads, SHARED_FOLDER_MIN_AGE_MS } from '../../services/uploads/removeOrphanUploads';

declare module 'fastify' {
  interface FastifyInstance {
    /** Settles when the housekeeping round under way (if any) is over. */
    housekeepingSettled: () => Promise<void>;
  }
}

/**
 * One round of housekeeping: the expired rows (null when another server is
 * pruning now) and, by the server that pruned, the stored documents no row
 * references that are over an hour old (a server stopped between storing a
 * file and recording it). Before, those waited for the next start.
 */
export async function housekeepingRound(app: FastifyInstance): Promise<{ pruned: number | null; orphans: number }> {
  const pruned = await pruneExpired(app.db);
  if (pruned === null) return { pruned, orphans: 0 };
  return { pruned, orphans: await removeOrphanUploads(app.db, app.storage, SHARED_FOLDER_MIN_AGE_MS) };
}

/** Milliseconds from `now` to the next multiple of `everyMs` since the epoch (the same instant on every server). */
export function untilNextSlot(everyMs: number, now = Date.now()): number {
  return everyMs - (now % everyMs);
}

/**
 * Prunes expired rows (and old orphan documents: housekeepingRound) when the server is ready, and then at the start of each
 * period by the clock (every hour on the hour): servers sharing a database
 * try at the same moment and one prunes while the others skip
 * (services/pruneExpired.ts).
 */
export function registerPruning(app: FastifyInstance, everyMs = 60 * 60 * 1000): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let closing = false;
  app.decorate('housekeepingSettled', async () => {
    await running;
  });
  const run = () => {
    running = housekeepingRound(app).then(
      ({ pruned, orphans }) => {
        if (pruned === null) app.log.debug('otro servidor está borrando los datos vencidos: este no lo repite');
        else app.log.debug({ count: pruned, orphans }, 'datos vencidos y documentos huérfanos borrados');
      },
      (error: unknown) => app.log.warn({ err: error }, 'no se pudieron borrar los datos vencidos'),
    );
  };
  const schedule = () => {
    if (closing) return;
    const wait = untilNextSlot(everyMs);
    // A timer that fired a little early has just run this period's pruning: the next is a period later.
    timer = setTimeout(() => {
      run();
      schedule();
    }, wait < Math.min(1000, everyMs / 2) ? wait + everyMs : wait);
    timer.unref();
  };
  app.addHook('onReady', async () => {
    run();
    schedule();
  });
  app.addHook('preClose', async () => {
    closing = true;
    clearTimeout(timer);
    await app.housekeepingSettled();
  });
}
