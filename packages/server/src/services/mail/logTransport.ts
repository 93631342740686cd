import type { FastifyBaseLogger } from 'fastify';

/** The part of a nodemailer transport that deliverOutbox uses. */
export interface MailTransport {
  sendMail(message: { from: string; to: string; subject: string; text: string; messageId?: string }): Promise<unknown>;
  close?(): void;
}

/**
 * Without SMTP_URL, mail is "delivered" to the server's own log, as web
 * frameworks' console mail backends do: only whoever runs the server reads it
 * (a person trying the portal locally still gets their code), no HTTP route
 * shows it, and the outbox row loses its body once delivered like any other.
 */
export function createLogTransport(log: FastifyBaseLogger): MailTransport {
  return {
    async sendMail({ to, subject, text }) {
      log.info({ mail: { to, subject } }, `Correo (sin SMTP_URL, solo en este registro) para ${to}: ${subject}\n${text}`);
      return { accepted: [to] };
    },
  };
}
