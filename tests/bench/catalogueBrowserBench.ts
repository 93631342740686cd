/**
 * The catalogue page in Chromium against the real portal (issue 11 §6): the
 * SPA built as it ships and the real server over the seeded catalogue plus
 * 1,000 synthetic services (seedSyntheticCatalogue).
 *
 * - LCP of /servicios and of a search, cold, as a low-end phone on slow 4G
 *   sees it (measureLoad: CPU 4×, 150 ms, 1.6 Mbps; median of LOADS loads).
 * - A filter change painted with its results: on /servicios at 1280 px, the
 *   Área and Tipo selects changed one at a time, from the select's `input`
 *   event to the end of the first frame whose DOM shows the new state's result
 *   count and first service (both asked of the API beforehand). Once over
 *   states never seen (each one a request the server answers from the
 *   database), then going back and
 *   forth between two states (the answers already in the page's cache).
 */
import { loadavg } from 'node:os';
import type { Page } from 'playwright-core';
import type { CatalogueServicePage } from '@portal/api-contract';
import { launchChromium } from '../support/browser';
import { seedSyntheticCatalogue } from './catalogueBench';
import { CPU_SLOWDOWN, measureLoad } from './homeLoadBench';
import { startRealServer } from './realServer';
import { ms, summarize, verdict } from './stats';

const LOADS = 3;
const LCP_BUDGET_MS = 2500;
const CHANGE_BUDGET_MS = 100;
const CHANGES = 40;
/** The loaded pages: the whole catalogue, and a search. */
const LCP_PAGES = ['/servicios', '/servicios?q=licencia'];

const s = (n: number) => `${(n / 1000).toFixed(2)} s`;

/** One state of the catalogue's filters: the select changed to reach it, and what the page must then show. */
interface Step {
  label: 'Área' | 'Tipo';
  value: string;
  total: number;
  firstSlug: string | null;
}

/** Area ids 1–11 under each type in turn (a type change, then every other area): CHANGES states, no two alike. */
function plannedStates(): { label: Step['label']; value: string; area: string; type: string }[] {
  const states: { label: Step['label']; value: string; area: string; type: string }[] = [];
  let area = '';
  for (const type of ['', 'presencial', 'en_linea', 'informativo']) {
    if (type !== '') states.push({ label: 'Tipo', value: type, area, type });
    // The type change kept this area: the state with it and this type is already taken.
    const kept = area;
    for (let id = 1; id <= 11; id++) {
      if (String(id) === kept) continue;
      area = String(id);
      states.push({ label: 'Área', value: area, area, type });
    }
  }
  return states.slice(0, CHANGES);
}

/**
 * What the API answers for a state: the count and the first service the page
 * must show. Asked with one service a page, so the page's own call (12 a page)
 * is not among the answers the server keeps in memory: it reaches the database.
 */
async function expectedFor(baseUrl: string, area: string, type: string): Promise<{ total: number; firstSlug: string | null }> {
  const params = new URLSearchParams({ page: '1', per_page: '1' });
  if (area) params.set('area', area);
  if (type) params.set('type', type);
  const answer = (await (await fetch(`${baseUrl}/v1/portals/services?${params}`)).json()) as CatalogueServicePage;
  return { total: answer.total, firstSlug: answer.data[0]?.slug ?? null };
}

/** One change: from the event to the painted results, and the part of it spent in the list's call (0 when none was made). */
interface ChangeTime {
  total: number;
  fetchStart: number;
  fetch: number;
}

interface Watch {
  __changePainted?: Promise<ChangeTime>;
}

/**
 * Arms the page for one change: from the next `input` event, watch the DOM
 * until the results show `total` and `firstSlug`, then resolve with the time
 * from that event to the end of the next frame.
 */
function arm(page: Page, step: Step): Promise<void> {
  return page.evaluate(({ total, firstSlug }) => {
    const w = window as unknown as Watch;
    // The browser keeps 250 resource entries, then drops new ones: start each change with room.
    performance.clearResourceTimings();
    w.__changePainted = new Promise<ChangeTime>((resolve) => {
      let start = -1;
      let observer: MutationObserver | null = null;
      const shows = () => {
        const heading = document.getElementById('resultados');
        const count = `${total.toLocaleString('es-DO')} ${total === 1 ? 'servicio' : 'servicios'}`;
        if (heading?.textContent?.trim() !== count) return false;
        if (firstSlug === null) return true;
        const first = heading.closest('section')?.querySelector('ul li a');
        return first?.getAttribute('href')?.endsWith(`/${firstSlug}`) ?? false;
      };
      const check = () => {
        if (start < 0 || !shows()) return;
        observer?.disconnect();
        // The rAF callback runs before this frame's style, layout and paint; a message posted from it after them.
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => {
            const end = performance.now();
            const call = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
              .filter((e) => e.name.includes('/v1/portals/services?') && e.startTime >= start)
              .at(-1);
            resolve({ total: end - start, fetchStart: call ? call.startTime - start : 0, fetch: call ? call.responseEnd - call.startTime : 0 });
          };
          channel.port2.postMessage(null);
        });
      };
      document.addEventListener('input', (e) => {
        start = e.timeStamp;
        observer = new MutationObserver(check);
        observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
        // Already shown by the render that ran with the event (an answer in the page's cache).
        queueMicrotask(check);
        setTimeout(check, 0);
      }, { capture: true, once: true });
    });
  }, { total: step.total, firstSlug: step.firstSlug });
}

async function changeTimes(page: Page, steps: Step[]): Promise<ChangeTime[]> {
  const times: ChangeTime[] = [];
  for (const step of steps) {
    await arm(page, step);
    await page.getByLabel(step.label, { exact: true }).selectOption(step.value);
    times.push(await page.evaluate(() => (window as unknown as Watch).__changePainted as Promise<ChangeTime>));
    // A person reads the results before the next change.
    await page.waitForTimeout(150);
  }
  return times;
}

async function filterChanges(baseUrl: string): Promise<string[]> {
  const planned = plannedStates();
  const steps: Step[] = [];
  for (const state of planned) steps.push({ label: state.label, value: state.value, ...(await expectedFor(baseUrl, state.area, state.type)) });
  // Back and forth between the last two states: the page already holds both answers.
  const last = steps.slice(-2);
  const repeated = Array.from({ length: CHANGES }, (_, i) => last[i % 2]);

  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    // The bench's own code runs in the page: tsx names its functions with a helper the page lacks.
    await context.addInitScript('window.__name = (fn) => fn;');
    const page = await context.newPage();
    await page.goto(`${baseUrl}/servicios`);
    await page.locator('#resultados').filter({ hasText: /servicios?$/ }).waitFor({ timeout: 60_000 });
    // The area select lists the areas once their call answers.
    await page.getByLabel('Área', { exact: true }).locator('option[value="11"]').waitFor({ state: 'attached', timeout: 60_000 });
    const fresh = await changeTimes(page, steps);
    const cached = await changeTimes(page, repeated);
    await context.close();
    const line = (what: string, times: ChangeTime[]) => {
      const r = summarize(times.map((t) => t.total));
      const calls = times.filter((t) => t.fetch > 0);
      const call = calls.length > 0
        ? `; la llamada a la lista: ${calls.length} veces, p50 ${ms(summarize(calls.map((t) => t.fetch)).median)}, empezada p50 ${ms(summarize(calls.map((t) => t.fetchStart)).median)} tras el evento`
        : '';
      return `catálogo en el navegador: cambio de filtro → resultados pintados, ${what}: p50 ${ms(r.median)}, p95 ${ms(r.p95)}, máx. ${ms(r.max)}${call} (presupuesto p95 ≤ ${CHANGE_BUDGET_MS} ms) ${verdict(r.p95 <= CHANGE_BUDGET_MS)}`;
    };
    return [
      line(`${steps.length} combinaciones nuevas de área y tipo (cada una pide su página al servidor, que la busca en la base)`, fresh),
      line(`${repeated.length} cambios entre dos combinaciones ya vistas (respuestas en la memoria de la página)`, cached),
      'catálogo en el navegador: Chromium sin pantalla a 1280 px, sin limitar CPU ni red; del evento input del select al final del cuadro que muestra el número de resultados y el primer servicio nuevos',
    ];
  } finally {
    await browser.close();
  }
}

async function catalogueLcp(baseUrl: string): Promise<string[]> {
  const browser = await launchChromium();
  const lines: string[] = [];
  try {
    for (const path of LCP_PAGES) {
      const lcps: number[] = [];
      let element = '';
      for (let i = 0; i < LOADS; i++) {
        const load = await measureLoad(browser, `${baseUrl}${path}`);
        lcps.push(load.lcpMs);
        element = load.lcpElement;
      }
      const sorted = [...lcps].sort((a, b) => a - b);
      const median = sorted[Math.floor(sorted.length / 2)];
      lines.push(
        `catálogo en el navegador: LCP de ${path} a 390 px, CPU ${CPU_SLOWDOWN}× y 4G lento, sin caché: mediana ${s(median)} de ${LOADS} cargas (${sorted.map(s).join(', ')}); ` +
          `elemento: ${element} (presupuesto ≤ 2,5 s; carga media de la máquina ${loadavg()[0].toFixed(1)} en 2 núcleos) ${verdict(median <= LCP_BUDGET_MS)}`,
      );
    }
  } finally {
    await browser.close();
  }
  return lines;
}

/** The catalogue's browser figures (BENCH_SOLO=catalogo): LCP of its pages and the filter change. */
export async function catalogueBrowserBench(): Promise<string[]> {
  let total = 0;
  const server = await startRealServer(async (dataDir) => {
    total = await seedSyntheticCatalogue(dataDir);
  });
  try {
    const lines = [`catálogo en el navegador: portal compilado y servidor real, ${total} servicios en la base embebida`];
    let failure: Error | undefined;
    for (const part of [catalogueLcp, filterChanges]) {
      try {
        lines.push(...(await part(server.baseUrl)));
      } catch (e) {
        failure = e as Error;
        lines.push(`no se pudo medir: ${failure.message}`);
      }
    }
    if (failure) process.exitCode = 1;
    return lines;
  } finally {
    await server.close();
  }
}
