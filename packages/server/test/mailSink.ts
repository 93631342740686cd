/**
 * A real SMTP server on a local port (smtp-server) that keeps what it
 * receives: the portal delivers its mail to it through SMTP_URL, and tests
 * read codes from it as a citizen reads their inbox.
 */
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  /** The raw message (headers and body, quoted-printable decoded enough to find a code). */
  raw: string;
}

export interface MailSink {
  url: string;
  received: ReceivedMail[];
  /** Waits for the next message to `to` that arrives after `since` messages (default: any), up to `timeoutMs`. */
  waitFor(to: string, options?: { since?: number; timeoutMs?: number }): Promise<ReceivedMail>;
  /** The six-digit code of the latest message to `to` received after `since`. */
  codeFor(to: string, options?: { since?: number; timeoutMs?: number }): Promise<string>;
  close(): Promise<void>;
}

/**
 * Undoes quoted-printable soft breaks and =XX escapes in the body (nodemailer encodes non-ASCII
 * UTF-8 bodies so). Headers stay as sent: a non-ASCII Subject is an encoded word ending in `?=`,
 * and undoing a "soft break" there would glue the next header (Message-ID) onto it.
 */
function decode(raw: string): string {
  const end = raw.search(/\r?\n\r?\n/);
  return end < 0 ? raw : raw.slice(0, end) + decodeBody(raw.slice(end));
}

function decodeBody(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? joined.slice(i + 1, i + 3) : '';
    if (/^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i], 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** A one-time code in the mails the server sends (registration, password reset, e-mail change). */
const CODE = /c\u00f3digo\b[^\n]*?\bes (\d{6})\b/;
const body = (m: ReceivedMail) => m.raw.slice(m.raw.search(/\r?\n\r?\n/));

export async function startMailSink(): Promise<MailSink> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw: decode(Buffer.concat(chunks).toString('utf8')) });
        callback();
      });
    },
  });
  // A sender that dies mid-conversation (a server killed with kill -9) resets its connection: not
  // fatal to the sink, and its unfinished message is not kept.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as { port: number }).port;

  const latest = async (to: string, { since = 0, timeoutMs = 10_000 } = {}, wanted: (m: ReceivedMail) => boolean = () => true) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = received.slice(since).filter((m) => m.to.includes(to.toLowerCase()) && wanted(m)).at(-1);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`No llegó ningún correo a ${to}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const waitFor: MailSink['waitFor'] = (to, options) => latest(to, options);
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    waitFor,
    async codeFor(to, options) {
      // The latest mail that carries a code ("Su código … es 123456"): other mails (a submitted
      // request's notice, with its VUF-2026-000001) may have arrived after it.
      const mail = await latest(to, options, (m) => CODE.test(body(m)));
      return CODE.exec(body(mail))![1];
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
