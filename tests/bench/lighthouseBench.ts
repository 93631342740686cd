/**
 * Lighthouse's mobile audit (default settings: a phone screen, slow 4G and a
 * CPU slowed 4×, simulated) of the portal's pages, run by the `lighthouse`
 * package against Debian's Chromium, which we start ourselves with a
 * debugging port (never a downloaded browser). The citizen's pages are
 * audited signed in as the seeded demo citizen (demoCitizen.ts: signed in
 * and their data created through the real API); LIGHTHOUSE_PAGES audits only
 * the pages whose name contains one of its comma-separated words.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { check, type FormSchema } from '@portal/form-engine';
import { CHROMIUM_PATH } from '../support/browser';
import { DemoCitizen, sessionCookie, storeSessionIn } from './demoCitizen';
import { fullSrlApplication } from './fullSrlApplication';
import { freePort, startRealServer, waitForOk } from './realServer';
import { verdict } from './stats';

/** An audited page: its name (LIGHTHOUSE_PAGES picks by it), its address, and whether it is audited signed in. */
export interface AuditedPage {
  name: string;
  /** The address; or, for a page about the citizen's data, how to get it once that data exists (created through the API on first use). */
  path: string | ((citizen: DemoCitizen) => Promise<string>);
  /** A page of the signed-in citizen (RequireSession; or Inicio, which shows their requests): audited with their session. */
  signedIn?: boolean;
}

/**
 * The steps of the formalization as the application shows them for the full
 * SRL application (the schema's sections its answers leave visible, in order;
 * each step is /formalizacion/{id}/{key}).
 */
function formalizationSteps(): { key: string; title: string }[] {
  const schema = JSON.parse(readFileSync(join(import.meta.dirname, '../../schemas/formalizacion/schema.json'), 'utf8')) as FormSchema;
  const { visible } = check(schema, fullSrlApplication()).evaluation;
  return Object.entries(schema.properties)
    .filter(([key]) => visible.has(key))
    .map(([key, node]) => ({ key, title: node.title ?? key }));
}

/** The audited pages, in this order: add one line per page as the portal grows. */
export const AUDITED_PAGES: AuditedPage[] = [
  { name: 'portada (visitante)', path: '/' },
  { name: 'catálogo', path: '/servicios' },
  { name: 'catálogo, una búsqueda', path: '/servicios?q=certificacion' },
  { name: 'página de un servicio', path: '/servicios/pasaporte-primera-vez' },
  { name: 'Puntos GOB', path: '/puntos-gob' },
  { name: 'inicio con sesión', path: '/', signedIn: true },
  { name: 'mis solicitudes', path: '/mis-solicitudes', signedIn: true },
  { name: 'detalle de una solicitud', path: async (c) => `/mis-solicitudes/${(await c.submitted()).id}`, signedIn: true },
  { name: 'mis reclamos', path: '/mis-reclamos', signedIn: true },
  { name: 'perfil', path: '/perfil', signedIn: true },
  { name: 'notificaciones', path: '/notificaciones', signedIn: true },
  ...formalizationSteps().map(({ key, title }, i): AuditedPage => ({
    name: `formalización, paso ${i + 1}: ${title}`,
    path: async (c) => `/formalizacion/${await c.draft()}/${key}`,
    signedIn: true,
  })),
  { name: 'formalización, revisión', path: async (c) => `/formalizacion/${await c.draft()}/revisar`, signedIn: true },
  { name: 'formalización, confirmación (enviada)', path: async (c) => `/formalizacion/${(await c.submitted()).id}/confirmacion`, signedIn: true },
  { name: 'pago con tarjeta aprobado (regreso de la página de pago)', path: (c) => c.approvedCardReturn(), signedIn: true },
  { name: 'pago con tarjeta rechazado (regreso de la página de pago)', path: (c) => c.declinedCardReturn(), signedIn: true },
];

/** Lower case, without accents: «Catálogo» and «catalogo» pick the same page. */
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** AUDITED_PAGES, or those whose name contains one of LIGHTHOUSE_PAGES's comma-separated words («perfil», «paso 3:», «pago»). */
export function selectedPages(filter = process.env.LIGHTHOUSE_PAGES): AuditedPage[] {
  const words = (filter ?? '').split(',').map((w) => folded(w.trim())).filter(Boolean);
  if (words.length === 0) return AUDITED_PAGES;
  return AUDITED_PAGES.filter((page) => words.some((w) => folded(page.name).includes(w)));
}

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
      if (ref.weight > 0 && a && a.score !== null && a.score < 1) {
        lines.push(`  falla (${LABELS[i]}): ${a.title}`);
        // The elements it names (up to three), so the failure can be found in the page.
        const items = ((a.details as { items?: { node?: { selector?: string; snippet?: string } }[] } | undefined)?.items ?? []).slice(0, 3);
        for (const item of items) if (item.node) lines.push(`    ${item.node.selector ?? ''} ${item.node.snippet?.slice(0, 160) ?? ''}`);
      }
    }
  });
  return lines;
}

/** The element Lighthouse took as the largest contentful paint, as ", elemento: <snippet>" (or nothing). */
function lcpElement(audits: Record<string, AuditResult>): string {
  type Table = { items?: { node?: { snippet?: string }; items?: { node?: { snippet?: string } }[] }[] };
  const table = audits['largest-contentful-paint-element']?.details as Table | undefined;
  const first = table?.items?.[0];
  const snippet = first?.node?.snippet ?? first?.items?.[0]?.node?.snippet;
  return snippet ? `; elemento: ${snippet.slice(0, 120)}` : '';
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
 * `cookie`: the Cookie header of every request of the audit (the session's).
 */
async function audit(url: string, port: number, cookie?: string) {
  let error = '';
  for (let attempt = 0; attempt < 3; attempt++) {
    const result = await lighthouse(url, {
      port, output: 'json', logLevel: 'error', locale: 'es', onlyCategories: [...CATEGORIES], extraHeaders: cookie ? { Cookie: cookie } : null,
    });
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

type Lhr = Awaited<ReturnType<typeof audit>>;

/**
 * LIGHTHOUSE_REPORTS=<folder>: each run's whole report (JSON) is kept there, to read where a page's
 * time went (the observed and simulated metrics, every request with its start and end).
 */
const REPORTS_DIR = process.env.LIGHTHOUSE_REPORTS;
async function keepReports(name: string, runs: Lhr[]): Promise<void> {
  if (!REPORTS_DIR) return;
  await mkdir(REPORTS_DIR, { recursive: true });
  const file = folded(name).replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  for (const [i, lhr] of runs.entries()) await writeFile(join(REPORTS_DIR, `${file}-${i + 1}.json`), JSON.stringify(lhr));
}
const performanceOf = (lhr: Lhr) => Math.round((lhr.categories.performance?.score ?? 0) * 100);
/** The machine's 1-minute load average beside its cores: CPU figures (LCP, blocking time) rise on a loaded machine. */
const load = () => `carga media de la máquina ${loadavg()[0].toFixed(1).replace('.', ',')} en ${availableParallelism()} núcleos`;
/** A long address (the card page's signed return) cut for the printout. */
const shown = (path: string) => (path.length > 90 ? `${path.slice(0, 89)}…` : path);

/** One page's block of lines, from the median of its runs. */
function pageBlock(page: AuditedPage, path: string, runs: Lhr[]): string[] {
  const ordered = [...runs].sort((a, b) => performanceOf(a) - performanceOf(b));
  const lhr = ordered[Math.floor((ordered.length - 1) / 2)];
  const scores = CATEGORIES.map((c) => Math.round((lhr.categories[c]?.score ?? 0) * 100));
  const each = RUNS > 1 ? `; rendimiento de cada pasada: ${runs.map(performanceOf).join(', ')}, se muestra la mediana` : '';
  const who = page.signedIn ? 'con sesión' : 'sin sesión';
  const lines = [
    `lighthouse (móvil, 4G lento, CPU 4×): ${page.name} (${shown(path)}, ${who}): ${scores.map((s, i) => `${LABELS[i]} ${s} ${verdict(s >= TARGETS[i])}`).join(', ')} ` +
      `(objetivo ${TARGETS.map((t, i) => `${LABELS[i]} ≥ ${t}`).join(', ')}${each}; ${load()})`,
  ];
  // The app may have moved elsewhere (a step it does not show, the login form's address): said, the figures are of that page.
  const final = new URL(lhr.finalDisplayedUrl);
  const asked = new URL(path, final);
  if (final.pathname !== asked.pathname || final.search !== asked.search) lines.push(`  la página terminó en ${shown(`${final.pathname}${final.search}`)}`);
  const audits = lhr.audits as unknown as Record<string, AuditResult>;
  // A signed-in page whose API calls were refused was audited as a visitor's: said, its figures are not the page's.
  const refused = ((audits['network-requests']?.details as { items?: { url: string; statusCode: number }[] } | undefined)?.items ?? [])
    .filter((r) => r.statusCode === 401 || r.statusCode === 403)
    .map((r) => new URL(r.url).pathname);
  if (page.signedIn && refused.length > 0) lines.push(`  ✗ la sesión no llegó a todas las llamadas: ${refused.join(', ')} respondieron 401/403`);
  lines.push(`  ${METRICS.map((m) => `${audits[m]?.title ?? m} ${audits[m]?.displayValue ?? '?'}`).join('; ')}`);
  const lcp = audits['largest-contentful-paint']?.numericValue;
  if (lcp !== undefined) {
    lines.push(`  LCP (simulado por Lighthouse) ${(lcp / 1000).toFixed(2).replace('.', ',')} s (presupuesto ≤ 2,5 s) ${verdict(lcp <= LCP_BUDGET_MS)}${lcpElement(audits)}`);
  }
  if (scores.some((s, i) => s < TARGETS[i])) lines.push(...blamed(audits, lhr as unknown as Parameters<typeof blamed>[1]));
  return lines;
}

/**
 * Audits `pages` (the LIGHTHOUSE_PAGES selection of AUDITED_PAGES) on
 * `baseUrl` RUNS times each; one block of lines per page, from its median
 * run. A signed-in page is audited with the demo citizen's session: their
 * profile in the browser's localStorage and their cookie on every request
 * (Lighthouse's extraHeaders); a visitor's page without either. A page that
 * cannot be audited says why and the others go on (exit code 1).
 */
export async function lighthouseBench(baseUrl: string, pages = selectedPages()): Promise<string[]> {
  const chromium = await startChromium();
  const citizen = new DemoCitizen(baseUrl);
  const lines: string[] = [];
  // Whether the app showed the signed-in page with this session once (storeSessionIn checks it the first time).
  let checked = false;
  try {
    // The citizen's data first, whichever pages are audited: Inicio and «Mis solicitudes» list it
    // (the same figures with or without LIGHTHOUSE_PAGES). What fails is said by the pages that need it.
    if (pages.some((p) => p.signedIn)) await citizen.prepare();
    for (const [n, page] of pages.entries()) {
      if (process.stderr.isTTY) process.stderr.write(`lighthouse: ${n + 1}/${pages.length} ${page.name}…\n`);
      try {
        const path = typeof page.path === 'string' ? page.path : await page.path(citizen);
        const session = page.signedIn ? await citizen.signIn() : null;
        // Before every page: an app that got a 401 removed the profile (it believes the session ended).
        await storeSessionIn(chromium.port, baseUrl, session, session !== null && !checked);
        if (session) checked = true;
        const runs: Lhr[] = [];
        for (let i = 0; i < RUNS; i++) runs.push(await audit(`${baseUrl}${path}`, chromium.port, session ? sessionCookie(session) : undefined));
        await keepReports(page.name, runs);
        lines.push(...pageBlock(page, path, runs));
      } catch (e) {
        lines.push(`lighthouse: ${page.name}: no se pudo medir: ${(e as Error).message}`);
        process.exitCode = 1;
      }
    }
  } finally {
    await chromium.close();
  }
  return lines;
}

/**
 * The section of `npm run bench` that audits the portal's pages (BENCH_SOLO=lighthouse; with
 * LIGHTHOUSE_PAGES=perfil, only that page): the real server over a temporary data folder.
 */
export async function citizenPagesBench(): Promise<string[]> {
  const pages = selectedPages();
  if (pages.length === 0) {
    process.exitCode = 1;
    return [`lighthouse: LIGHTHOUSE_PAGES=«${process.env.LIGHTHOUSE_PAGES}» no nombra ninguna página. Las páginas: ${AUDITED_PAGES.map((p) => p.name).join('; ')}`];
  }
  const server = await startRealServer();
  try {
    return await lighthouseBench(server.baseUrl, pages);
  } finally {
    await server.close();
  }
}
