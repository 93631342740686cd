/**
 * One cold load of a portal page in Chromium as a low-end phone on a slow
 * mobile network sees it (CDP: CPU throttled 4×, 150 ms latency, 1.6 Mbps
 * down, 750 kbps up, 390 px wide): the JavaScript bytes Chromium actually
 * received (Network.loadingFinished encodedDataLength: compressed, headers
 * included) before the first contentful paint, and the largest contentful
 * paint.
 */
import type { Browser } from 'playwright-core';

/** Slow 4G as Lighthouse's mobile preset defines it (its throttling.mobileSlow4G). */
export const SLOW_4G = { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
export const CPU_SLOWDOWN = 4;

/** What one load measured. */
export interface HomeLoad {
  /** JS bytes received, compressed, by the first contentful paint. */
  jsBeforePaint: number;
  jsFilesBeforePaint: number;
  /** Every JS byte received during the load (lazy chunks preloaded later included). */
  jsTotal: number;
  /** Content-Encoding values of the JS answers (what the browser actually got). */
  encodings: string[];
  fcpMs: number;
  lcpMs: number;
  lcpElement: string;
}

interface Response { url: string; mimeType: string; headers: Record<string, string> }

/** Loads `url` once in a fresh context (empty cache) with the throttling above. */
export async function measureLoad(browser: Browser, url: string): Promise<HomeLoad> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    // The LCP entries, kept by the page as they come (the last one is the LCP).
    await page.addInitScript(() => {
      const w = window as unknown as { __lcp?: { time: number; element: string } };
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { element?: Element | null })[]) {
          const el = e.element;
          w.__lcp = { time: e.startTime, element: el ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} «${(el.textContent ?? '').trim().slice(0, 40)}»` : '?' };
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    const cdp = await context.newCDPSession(page);
    const responses = new Map<string, Response>();
    const finished: { id: string; at: number; bytes: number }[] = [];
    let navigationStart = 0;
    let fcpAt = 0;
    cdp.on('Network.requestWillBeSent', (e) => {
      if (e.type === 'Document' && navigationStart === 0) navigationStart = e.timestamp;
    });
    cdp.on('Network.responseReceived', (e) => {
      responses.set(e.requestId, { url: e.response.url, mimeType: e.response.mimeType, headers: e.response.headers });
    });
    cdp.on('Network.loadingFinished', (e) => finished.push({ id: e.requestId, at: e.timestamp, bytes: e.encodedDataLength }));
    cdp.on('Page.lifecycleEvent', (e) => {
      if (e.name === 'firstContentfulPaint' && fcpAt === 0) fcpAt = e.timestamp;
    });
    await cdp.send('Network.enable');
    await cdp.send('Page.enable');
    await cdp.send('Page.setLifecycleEventsEnabled', { enabled: true });
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...SLOW_4G });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });

    await page.goto(url, { waitUntil: 'load', timeout: 180_000 });
    await page.waitForLoadState('networkidle', { timeout: 180_000 });
    // LCP candidates stop once the page is idle; give a throttled render time to settle.
    await page.waitForTimeout(2000);
    const lcp = await page.evaluate(() => (window as unknown as { __lcp?: { time: number; element: string } }).__lcp);
    if (!fcpAt) throw new Error(`sin primera pintura con contenido en ${url}`);
    if (!lcp) throw new Error(`sin LCP en ${url}`);

    const isJs = (r: Response | undefined) => !!r && (/javascript/.test(r.mimeType) || /\.m?js(\?|$)/.test(r.url));
    const js = finished.filter((f) => isJs(responses.get(f.id)));
    const before = js.filter((f) => f.at <= fcpAt);
    const encodings = [...new Set(js.map((f) => {
      const h = responses.get(f.id)?.headers ?? {};
      return h['content-encoding'] ?? h['Content-Encoding'] ?? 'sin comprimir';
    }))];
    return {
      jsBeforePaint: before.reduce((n, f) => n + f.bytes, 0),
      jsFilesBeforePaint: before.length,
      jsTotal: js.reduce((n, f) => n + f.bytes, 0),
      encodings,
      fcpMs: (fcpAt - navigationStart) * 1000,
      lcpMs: lcp.time,
      lcpElement: lcp.element,
    };
  } finally {
    await context.close();
  }
}
