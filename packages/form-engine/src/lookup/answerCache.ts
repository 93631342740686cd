/**
 * One registry call per looked-up value. A field's lookup runs twice in the
 * browser: while the citizen types (the widget) and again when the step is
 * checked before "Siguiente" advances or the draft loads (runLookups). Both
 * ask the same URL for the same value; without a shared answer each asked the
 * registry again. The cache keeps each URL's answer (and the call in flight,
 * so two askers share it) for `ttlMs`; an answer that is no verdict (no
 * connection, a limit, the service down: `keep` says false) is not kept, so
 * the next ask tries again. The server still asks the registries itself on
 * submit, so a value taken since it was cached is refused there.
 */
import type { LookupAnswer } from './runLookups';

export interface LookupCacheOptions {
  /** How long an answer is reused, in ms. Default: 5 minutes. */
  ttlMs?: number;
  /** Whether an answer is a verdict worth keeping. Default: any status but 0, 401, 429 and 5xx. */
  keep?(answer: LookupAnswer): boolean;
  /** The clock (tests). Default: Date.now. */
  now?(): number;
}

/** Answers are a registry's verdict unless the call failed or the service could not say. */
export const isVerdict = (answer: LookupAnswer): boolean =>
  answer.status !== 0 && answer.status !== 401 && answer.status !== 429 && answer.status < 500;

export class LookupAnswerCache {
  private entries = new Map<string, { at: number; answer: Promise<LookupAnswer> }>();
  private readonly ttlMs: number;
  private readonly keep: (answer: LookupAnswer) => boolean;
  private readonly now: () => number;

  constructor(options: LookupCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? 5 * 60_000;
    this.keep = options.keep ?? isVerdict;
    this.now = options.now ?? Date.now;
  }

  /**
   * The answer for `url`: the kept one, the one in flight, or a new call to
   * `fetch`. `signal` stops this caller's wait only (rejects with an AbortError);
   * the call itself goes on for the others and for the cache.
   */
  get(url: string, fetch: (url: string) => Promise<LookupAnswer>, signal?: AbortSignal): Promise<LookupAnswer> {
    const found = this.entries.get(url);
    let answer: Promise<LookupAnswer>;
    if (found && this.now() - found.at < this.ttlMs) {
      answer = found.answer;
    } else {
      answer = fetch(url);
      const entry = { at: this.now(), answer };
      this.entries.set(url, entry);
      const forget = () => {
        if (this.entries.get(url) === entry) this.entries.delete(url);
      };
      answer.then((a) => {
        if (!this.keep(a)) forget();
      }, forget);
    }
    return signal ? abortable(answer, signal) : answer;
  }

  /** Forgets every answer (a new session). */
  clear(): void {
    this.entries.clear();
  }
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  const aborted = () => new DOMException('La consulta se canceló', 'AbortError');
  if (signal.aborted) return Promise.reject(aborted());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(aborted());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
