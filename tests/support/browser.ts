/** Debian's Chromium driven by playwright-core (never a downloaded browser). */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserServer } from 'playwright-core';
import { inject } from 'vitest';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * In the tests (vitest), Debian's headless shell (package chromium-headless-shell: the same Chromium
 * build without the desktop browser around it) when it is installed. The browser tests are bound by
 * this 2-core machine's CPU, and the shell's browser process spends about a sixth of the full
 * browser's (three e2e files measured: 61 s → 11 s of CPU; their wall time 114 s → 86 s). The
 * benches (tsx, outside vitest) measure what a citizen runs: Debian's chromium. CHROMIUM_PATH
 * chooses another for both.
 */
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (process.env.VITEST && existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

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
