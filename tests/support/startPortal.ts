/**
 * The whole portal for browser tests: the run's SPA build (the e2e project's
 * global setup) served by the real Fastify app in-process (PGlite in memory
 * from the run's database template, sandbox agencies, cheap argon2).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { buildApp } from '../../packages/server/src/app';
import { loadConfig } from '../../packages/server/src/config';
import { TEST_ARGON2 } from '../../packages/server/test/buildTestApp';
import { startMailSink, type MailSink } from '../../packages/server/test/mailSink';

export { REPO_ROOT } from './buildSpa';

export interface Portal {
  baseUrl: string;
  /** The running server (its database for tests that count what it stored). */
  app: Awaited<ReturnType<typeof buildApp>>;
  /** The SMTP server the portal delivers its mail to: where a test reads the codes a citizen receives. */
  mail: MailSink;
  close(): Promise<void>;
}

/**
 * The SPA of this run, built once by the e2e project's global setup (support/e2eGlobalSetup.ts)
 * for every file: a portal is only started from a file of that project.
 */
export function builtSpa(): string {
  try {
    return inject('e2eAppDir');
  } catch {
    throw new Error('startPortal sirve la aplicación compilada por el proyecto e2e (tests/support/e2eGlobalSetup.ts): ejecute el archivo en ese proyecto');
  }
}

const mailboxes = new Map<string, MailSink>();

/** The mailbox of the portal started at `baseUrl` by this process. */
export function mailboxOf(baseUrl: string): MailSink {
  const mail = mailboxes.get(baseUrl);
  if (!mail) throw new Error(`No hay un portal de pruebas en ${baseUrl}`);
  return mail;
}

/**
 * Starts a portal. `env`: settings added to (or replacing) the test defaults,
 * as the environment would give them (e.g. HEADER_SCRIPT_URL); default none.
 */
export async function startPortal(env: Record<string, string> = {}): Promise<Portal> {
  const staticDir = builtSpa();
  const uploadDir = await mkdtemp(path.join(tmpdir(), 'portal-e2e-uploads-'));
  const mail = await startMailSink();
  const config = {
    ...loadConfig({
      DATA_DIR: 'memory://',
      LOG_LEVEL: 'silent',
      STATIC_DIR: staticDir,
      UPLOAD_DIR: uploadDir,
      RATE_LIMIT_ALLOWLIST: '127.0.0.1,::1,::ffff:127.0.0.1',
      // The browser tests share this process and two cores with Chromium: a long tick there is not an overloaded portal.
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
      ...env,
    }),
    argon2: TEST_ARGON2,
    smtpUrl: mail.url,
  };
  const app = await buildApp(config);
  // A free port unless `env.PORT` names one (a test whose PUBLIC_URL must know it: the passkeys').
  const address = await app.listen({ port: env.PORT === undefined ? 0 : config.port, host: '127.0.0.1' });
  const baseUrl = address.replace(/\/$/, '');
  mailboxes.set(baseUrl, mail);
  return {
    baseUrl,
    app,
    mail,
    async close() {
      await app.close();
      await mail.close();
      mailboxes.delete(baseUrl);
      await rm(uploadDir, { recursive: true, force: true });
    },
  };
}
