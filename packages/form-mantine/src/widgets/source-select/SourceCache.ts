/**
 * Answers of option sources, cached per URL for the life of the FormApi
 * object (one per session), so every row's province list is fetched once.
 * Failures are kept until retried, so the error shows instead of refetching
 * in a loop.
 */
import type { FormApi } from '../../types';

export type SourceEntry =
  | { status: 'loading' }
  | { status: 'ready'; body: unknown }
  | { status: 'error' };

const LOADING: SourceEntry = { status: 'loading' };

export class SourceCache {
  private entries = new Map<string, SourceEntry>();
  private listeners = new Set<() => void>();

  constructor(private readonly api: FormApi) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  private set(url: string, entry: SourceEntry | undefined): void {
    if (entry) this.entries.set(url, entry);
    else this.entries.delete(url);
    for (const l of [...this.listeners]) l();
  }

  peek(url: string): SourceEntry | undefined {
    return this.entries.get(url);
  }

  /** Starts loading a URL unless it is loaded, loading or failed. */
  ensure(url: string): void {
    if (this.entries.has(url)) return;
    this.set(url, LOADING);
    this.api.getJson(url).then(
      (answer) => this.set(url, answer.status >= 200 && answer.status < 300 ? { status: 'ready', body: answer.body } : { status: 'error' }),
      () => this.set(url, { status: 'error' }),
    );
  }

  /** Forgets a failed URL and loads it again. */
  retry(url: string): void {
    this.set(url, undefined);
    this.ensure(url);
  }
}

const caches = new WeakMap<FormApi, SourceCache>();

/** The cache of an api object. */
export function sourceCacheFor(api: FormApi): SourceCache {
  let cache = caches.get(api);
  if (!cache) {
    cache = new SourceCache(api);
    caches.set(api, cache);
  }
  return cache;
}
