/** Runs generated requests a few at a time and keeps the tally the fuzz suite reports. */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { answerProblem } from './checkAnswer';

export interface Failure {
  route: string;
  problem: string;
  request: string;
  body: string;
}

/** Counts over the whole suite: requests made, 5xx seen, other problems (4xx not JSON or not Spanish). */
export interface Tally {
  requests: number;
  serverErrors: number;
  failures: Failure[];
  /** Requests per part of the suite, for the closing line. */
  parts: Record<string, number>;
}

export const newTally = (): Tally => ({ requests: 0, serverErrors: 0, failures: [], parts: {} });

/** A short, printable description of a request (long payloads cut). */
function describeRequest(options: InjectOptions): string {
  const payload = options.payload === undefined ? '' : Buffer.isBuffer(options.payload) ? `<${options.payload.length} bytes>` : String(options.payload);
  const headers = options.headers as Record<string, string> | undefined;
  const auth = headers?.authorization ? 'bearer' : headers?.cookie ? 'cookie' : 'anonymous';
  return `${String(options.method)} ${String(options.url)} [${auth}; ${headers?.['content-type'] ?? 'no content-type'}] ${JSON.stringify(payload.slice(0, 300))}`;
}

/** Injects one request, checks the answer and records it under `part`. */
export async function runOne(app: FastifyInstance, tally: Tally, part: string, route: string, options: InjectOptions) {
  const res = await app.inject(options);
  tally.requests += 1;
  tally.parts[part] = (tally.parts[part] ?? 0) + 1;
  if (res.statusCode >= 500) tally.serverErrors += 1;
  const problem = answerProblem(String(options.method), res);
  if (problem) tally.failures.push({ route, problem, request: describeRequest(options), body: res.body.slice(0, 200) });
  return res;
}

/** Runs jobs with at most `parallel` in flight. */
export async function runPool<T>(items: readonly T[], parallel: number, job: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next];
      next += 1;
      await job(item);
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
}

/** One line per distinct (route, problem), with one example request each. */
export function failureReport(failures: readonly Failure[], limit = 25): string {
  const seen = new Map<string, Failure & { count: number }>();
  for (const f of failures) {
    const key = `${f.route} | ${f.problem}`;
    const entry = seen.get(key);
    if (entry) entry.count += 1;
    else seen.set(key, { ...f, count: 1 });
  }
  return [...seen.values()]
    .slice(0, limit)
    .map((f) => `${f.count}× ${f.route}: ${f.problem}\n    e.g. ${f.request}\n    -> ${f.body}`)
    .join('\n');
}
