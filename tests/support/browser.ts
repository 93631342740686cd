/** Debian's Chromium driven by playwright-core (never a downloaded browser). */
import { chromium, type Browser, type BrowserServer } from 'playwright-core';
import { inject } from 'vitest';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const LAUNCH = {
  executablePath: CHROMIUM_PATH,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
};

/** A Chromium that test processes connect to (the e2e project's global setup starts one per run). */
export function launchChromiumServer(): Promise<BrowserServer> {
  return chromium.launchServer(LAUNCH);
}

/** The run's shared Chromium, if this process is a test file of a project that started one. */
function sharedEndpoint(): string | undefined {
  try {
    return inject('chromiumEndpoint');
  } catch {
    return undefined;
  }
}

/**
 * A browser for this process: a connection to the run's Chromium when there is one (closing it
 * only disconnects, and closes the contexts this process opened), else a Chromium of its own.
 */
export function launchChromium(): Promise<Browser> {
  const endpoint = sharedEndpoint();
  return endpoint ? chromium.connect(endpoint) : chromium.launch(LAUNCH);
}
