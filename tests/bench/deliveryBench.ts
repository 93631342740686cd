/**
 * Delivery of the home page from the real server (`npm start`-like): the JS
 * bytes that reach the browser before its first paint and the LCP on a slow
 * phone (median of a few cold loads). Lighthouse's mobile scores of the
 * audited pages are the next section (lighthouseBench.ts, BENCH_SOLO=lighthouse;
 * BENCH_SOLO=entrega runs both). Figures only: the budgets are printed beside them.
 */
import { loadavg } from 'node:os';
import { launchChromium } from '../support/browser';
import { CPU_SLOWDOWN, measureLoad, type HomeLoad } from './homeLoadBench';
import { startRealServer } from './realServer';

// Five cold loads: on a shared 2-core machine one load can be a second off the others.
const LOADS = 5;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function homeLoads(baseUrl: string): Promise<string[]> {
  const browser = await launchChromium();
  const loads: HomeLoad[] = [];
  try {
    for (let i = 0; i < LOADS; i++) loads.push(await measureLoad(browser, `${baseUrl}/`));
  } finally {
    await browser.close();
  }
  const byLcp = [...loads].sort((a, b) => a.lcpMs - b.lcpMs);
  const mid = byLcp[Math.floor(LOADS / 2)];
  return [
    `entrega: JS recibido antes de la primera pintura con contenido (portada, comprimido, como lo recibió Chromium): ${kb(median(loads.map((l) => l.jsBeforePaint)))} en ${mid.jsFilesBeforePaint} archivos; JS de toda la carga ${kb(median(loads.map((l) => l.jsTotal)))}; codificación: ${mid.encodings.join(', ')} (presupuesto ≤ 150 KB)`,
    `entrega: LCP de la portada a 390 px, CPU ${CPU_SLOWDOWN}× y 4G lento (150 ms, 1,6 Mbps de bajada, 750 kbps de subida), sin caché: mediana ${s(mid.lcpMs)} de ${LOADS} cargas (${byLcp.map((l) => s(l.lcpMs)).join(', ')}); FCP ${s(median(loads.map((l) => l.fcpMs)))}; elemento: ${mid.lcpElement} (presupuesto ≤ 2,5 s; carga media de la máquina ${loadavg()[0].toFixed(1)} en 2 núcleos)`,
  ];
}

/** The "Entrega de la portada" section of `npm run bench` (BENCH_SOLO=entrega, with the Lighthouse section). */
export async function deliveryBench(): Promise<string[]> {
  const server = await startRealServer();
  try {
    return await homeLoads(server.baseUrl);
  } finally {
    await server.close();
  }
}
