import type { FastifyInstance } from 'fastify';
import nodemailer from 'nodemailer';
import { BATCH, deliverOutbox } from '../../services/mail/deliverOutbox';
import { createLogTransport, type MailTransport } from '../../services/mail/logTransport';

declare module 'fastify' {
  interface FastifyInstance {
    /** Asks for the outbox to be delivered now. */
    kickMail: () => void;
  }
}

/**
 * Delivers the outbox right after a message is queued, round after round
 * while rounds come back full, and every 30 s (retries, and messages queued
 * by another server): through SMTP_URL when set, else into
 * the server's log (services/mail/logTransport.ts).
 */
export function registerMailer(app: FastifyInstance): void {
  const url = app.config.smtpUrl;
  const transport: MailTransport = url ? nodemailer.createTransport(url) : createLogTransport(app.log);
  let running: Promise<unknown> | null = null;
  let again = false;
  const run = (): Promise<unknown> => {
    if (running) {
      // A message queued while a round runs is picked up by one more round.
      again = true;
      return running;
    }
    running = deliverOutbox(app.db, transport, app.config.mailFrom)
      // A full round may have left more behind (a burst, or mail queued by another server): one more round now, not in 30 s.
      .then((sent) => {
        if (sent === BATCH) again = true;
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'no se pudo entregar el correo'))
      .finally(() => {
        running = null;
        if (again && !closing) {
          again = false;
          void run();
        }
      });
    return running;
  };
  let closing = false;
  const timer = setInterval(() => void run(), 30_000);
  timer.unref();
  app.decorate('kickMail', () => void run());
  app.addHook('onReady', async () => void run());
  app.addHook('preClose', async () => {
    closing = true;
    clearInterval(timer);
    await running;
    transport.close?.();
  });
}
