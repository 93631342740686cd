/**
 * Lighthouse's mobile audit (default settings: a phone screen, slow 4G and a
 * CPU slowed 4×, simulated) of the portal's pages, run by the `lighthouse`
 * package against Debian's Chromium, which we start ourselves with a
 * debugging port (never a downloaded browser).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { CHROMIUM_PATH } from '../support/browser';
import { freePort, waitForOk } from './realServer';
import { verdict } from './stats';

/** The audited pages: add one line per page as the portal grows. */
export const AUDITED_PAGES: { name: string; path: string }[] = [
  { name: 'portada', path: '/' },
  { name: 'catálogo', path: '/servicios' },
  { name: 'catálogo, una búsqueda', path: '/servicios?q=certificacion' },
];

/** Issue 11 §6 (and the home page's budget): the LCP of every audited page on Lighthouse's slow phone. */
const LCP_BUDGET_MS = 2500;

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
/** The issue's targets, in CATEGORIES order. */
const TARGETS = [95, 100, 100, 100];
const LABELS = ['rendimiento', 'accesibilidad', 'buenas prácticas', 'SEO'];
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];

interface AuditResult { id: string; title: string; score: number | null; numericValue?: number; displayValue?: string; details?: { type?: string; overallSavingsMs?: number; overallSavingsBytes?: number } }

/** What the audit blames, worst first: opportunities by time saved, then failing diagnostics of the other categories. */
function blamed(audits: Record<string, AuditResult>, lhr: { categories: Record<string, { auditRefs: { id: string; weight: number }[] }> }): string[] {
  const lines: string[] = [];
  const opportunities = Object.values(audits)
    .filter((a) => a.details?.type === 'opportunity' && (a.details.overallSavingsMs ?? 0) > 0)
    .sort((a, b) => (b.details?.overallSavingsMs ?? 0) - (a.details?.overallSavingsMs ?? 0))
    .slice(0, 4);
  for (const a of opportunities) {
    const kib = a.details?.overallSavingsBytes ? `, ${Math.round(a.details.overallSavingsBytes / 1024)} KiB` : '';
    lines.push(`  oportunidad: ${a.title} (≈ ${Math.round(a.details?.overallSavingsMs ?? 0)} ms${kib})`);
  }
  // The performance diagnostics that fail (no weight of their own, they explain the metrics).
  const diagnostics = (lhr.categories.performance?.auditRefs ?? [])
    .map((ref) => ({ ref, a: audits[ref.id] }))
    .filter(({ ref, a }) => ref.weight === 0 && a && a.details?.type !== 'opportunity' && a.score !== null && a.score < 0.9)
    .slice(0, 4);
  for (const { a } of diagnostics) lines.push(`  diagnóstico: ${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`);
  CATEGORIES.forEach((category, i) => {
    if (i === 0) return;
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const a = audits[ref.id];
      if (ref.weight > 0 && a && a.score !== null && a.score < 1) lines.push(`  falla (${LABELS[i]}): ${a.title}`);
    }
  });
  return lines;
}

async function startChromium(): Promise<{ port: number; close: () => Promise<void> }> {
  const port = await freePort();
  const profile = await mkdtemp(join(tmpdir(), 'portal-lighthouse-'));
  const child = spawn(CHROMIUM_PATH, [
    `--remote-debugging-port=${port}`, '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
    '--no-first-run', '--no-default-browser-check', `--user-data-dir=${profile}`, 'about:blank',
  ], { stdio: 'ignore' });
  const exited = new Promise((r) => child.once('exit', r));
  const close = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    await rm(profile, { recursive: true, force: true });
  };
  try {
    await waitForOk(`http://127.0.0.1:${port}/json/version`, 30_000);
  } catch (e) {
    await close();
    throw e;
  }
  return { port, close };
}

/**
 * One audit; a run whose trace came out unusable (Lighthouse's own advice for
 * NO_NAVSTART and the like: "run Lighthouse again") is retried twice.
 */
async function audit(url: string, port: number) {
  let error = '';
  for (let attempt = 0; attempt < 3; attempt++) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', locale: 'es', onlyCategories: [...CATEGORIES] });
    if (!result) throw new Error(`Lighthouse no devolvió resultado para ${url}`);
    if (!result.lhr.runtimeError) return result.lhr;
    error = `${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}`;
  }
  throw new Error(`Lighthouse, tres intentos fallidos en ${url}: ${error}`);
}

/**
 * Audits per page. On this kind of machine one audit's performance score
 * moves by several points from run to run (the blocking time is measured on
 * a CPU shared with the server); Lighthouse's documentation advises the
 * median of several runs. LIGHTHOUSE_RUNS overrides.
 */
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS) || 3);

const performanceOf = (lhr: Awaited<ReturnType<typeof audit>>) => Math.round((lhr.categories.performance?.score ?? 0) * 100);

/** Audits every page of AUDITED_PAGES on `baseUrl` RUNS times; one block of lines per page, from its median run. */
export async function lighthouseBench(baseUrl: string): Promise<string[]> {
  const chromium = await startChromium();
  const lines: string[] = [];
  try {
    for (const page of AUDITED_PAGES) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await audit(`${baseUrl}${page.path}`, chromium.port));
      const ordered = [...runs].sort((a, b) => performanceOf(a) - performanceOf(b));
      const lhr = ordered[Math.floor((ordered.length - 1) / 2)];
      const scores = CATEGORIES.map((c) => Math.round((lhr.categories[c]?.score ?? 0) * 100));
      const each = RUNS > 1 ? `; rendimiento de cada pasada: ${runs.map(performanceOf).join(', ')}, se muestra la mediana` : '';
      lines.push(`lighthouse (móvil, 4G lento, CPU 4×): ${page.name} (${page.path}): ${scores.map((s, i) => `${LABELS[i]} ${s}`).join(', ')} (objetivo ${TARGETS.map((t, i) => `${LABELS[i]} ≥ ${t}`).join(', ')}${each})`);
      const audits = lhr.audits as unknown as Record<string, AuditResult>;
      lines.push(`  ${METRICS.map((m) => `${audits[m]?.title ?? m} ${audits[m]?.displayValue ?? '?'}`).join('; ')}`);
      const lcp = audits['largest-contentful-paint']?.numericValue;
      if (lcp !== undefined) {
        lines.push(`  LCP (simulado por Lighthouse) ${(lcp / 1000).toFixed(2).replace('.', ',')} s (presupuesto ≤ 2,5 s) ${verdict(lcp <= LCP_BUDGET_MS)}`);
      }
      if (scores.some((s, i) => s < TARGETS[i])) lines.push(...blamed(audits, lhr as unknown as Parameters<typeof blamed>[1]));
    }
  } finally {
    await chromium.close();
  }
  return lines;
}
