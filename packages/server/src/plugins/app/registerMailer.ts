import type { FastifyInstance } from 'fastify';
import nodemailer from 'nodemailer';
import { deliverOutbox } from '../../services/mail/deliverOutbox';

declare module 'fastify' {
  interface FastifyInstance {
    /** Asks for the outbox to be delivered now (a no-op without SMTP_URL). */
    kickMail: () => void;
  }
}

/** With SMTP_URL, delivers the outbox: right after a message is queued and every 30 s for retries. */
export function registerMailer(app: FastifyInstance): void {
  const url = app.config.smtpUrl;
  if (!url) {
    app.decorate('kickMail', () => undefined);
    return;
  }
  const transport = nodemailer.createTransport(url);
  let running: Promise<unknown> | null = null;
  const run = () => {
    running ??= deliverOutbox(app.db, transport, app.config.mailFrom)
      .catch((error: unknown) => app.log.warn({ err: error }, 'no se pudo entregar el correo'))
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => void run(), 30_000);
  timer.unref();
  app.decorate('kickMail', () => void run());
  app.addHook('onReady', async () => void run());
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
    transport.close();
  });
}
