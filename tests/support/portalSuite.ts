/**
 * One portal and one Chromium per e2e test file: started before its tests,
 * closed after them. Each page opens in a fresh browser context (a new
 * device: no cookies, no local storage).
 */
import { createServer } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { launchChromium } from './browser';
import { startPortal, type Portal } from './startPortal';

export interface PortalSuite {
  /** The portal's address, e.g. http://127.0.0.1:41387 (once started). */
  readonly baseUrl: string;
  /** A page in a new browser context, Spanish (es-DO), with a 15 s default timeout. */
  page(options?: BrowserContextOptions): Promise<Page>;
  /** The running portal (its app and database, for what a test sets up or checks directly). */
  readonly portal: Portal;
}

/** A port free now, for a portal whose PUBLIC_URL must name it before the server starts. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface PortalSuiteOptions {
  /**
   * Serve the portal at http://localhost:<port>, its PUBLIC_URL (a domain, so it can be the
   * WebAuthn RP ID: the passkey tests). Default: false (http://127.0.0.1:<port>).
   */
  onLocalhost?: boolean;
}

export function portalSuite({ onLocalhost = false }: PortalSuiteOptions = {}): PortalSuite {
  let portal: Portal | undefined;
  let browser: Browser | undefined;
  let site: string | undefined;

  beforeAll(async () => {
    let env: Record<string, string> | undefined;
    if (onLocalhost) {
      const port = await freePort();
      site = `http://localhost:${port}`;
      env = { PORT: String(port), PUBLIC_URL: site };
    }
    [portal, browser] = await Promise.all([startPortal(env), launchChromium()]);
  });

  afterAll(async () => {
    await browser?.close();
    await portal?.close();
  });

  return {
    get baseUrl() {
      if (!portal) throw new Error('El portal de pruebas no ha arrancado');
      return site ?? portal.baseUrl;
    },
    get portal() {
      if (!portal) throw new Error('El portal de pruebas no ha arrancado');
      return portal;
    },
    async page(options) {
      if (!browser) throw new Error('Chromium no ha arrancado');
      const context = await browser.newContext({ locale: 'es-DO', ...options });
      const page = await context.newPage();
      page.setDefaultTimeout(15000);
      return page;
    },
  };
}
