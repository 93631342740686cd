/** Loads the options of an `x-source` for a URL (null while the URL misses a value) through the api's cache. */
import { startTransition, useEffect, useMemo, useState } from 'react';
import type { SourceDecl } from '@portal/form-engine';
import type { FormApi } from '../../types';
import type { OptionLike } from '../../theme/widgets/selectOptions';
import { sourceCacheFor, type SourceEntry } from './SourceCache';
import { sourceOptionsOf } from './sourceOptions';

export interface SourceOptions {
  status: 'idle' | 'loading' | 'ready' | 'error';
  options: OptionLike[];
  retry(): void;
}

export interface SourceBody {
  status: SourceOptions['status'];
  /** The answer's body once ready, else undefined. */
  body: unknown;
  retry(): void;
}

const NONE: OptionLike[] = [];

/**
 * The answer of a source URL through the api's cache (one fetch per URL and session).
 *
 * A list that arrives (or changes) is drawn in a transition, not as a store
 * read with useSyncExternalStore: every update of such a store is rendered
 * synchronously, and a list arriving while a step was still being drawn made
 * every select of it render again in one blocking task (the nationalities and
 * provinces of five partners: ~40 ms on a laptop, four times that on a slow
 * phone). What is already in the cache shows in the first render.
 */
export function useSourceBody(api: FormApi | null, url: string | null): SourceBody {
  const cache = api ? sourceCacheFor(api) : null;
  const peek = (): SourceEntry | undefined => (cache && url ? cache.peek(url) : undefined);
  const [seen, setSeen] = useState(() => ({ cache, url, entry: peek() }));
  // Another URL (a province chosen): what the cache has for it, at once.
  const entry = seen.cache === cache && seen.url === url ? seen.entry : peek();

  useEffect(() => {
    if (!cache || !url) return;
    const follow = () => {
      const now = cache.peek(url);
      startTransition(() => setSeen((prev) => (prev.cache === cache && prev.url === url && prev.entry === now ? prev : { cache, url, entry: now })));
    };
    const off = cache.subscribe(follow);
    // Anything that arrived between the render and this subscription.
    follow();
    cache.ensure(url);
    return off;
  }, [cache, url]);

  const body = entry?.status === 'ready' ? entry.body : undefined;
  const status = !url || !cache ? 'idle' : entry?.status ?? 'loading';
  return { status, body, retry: () => cache && url && cache.retry(url) };
}

export function useSourceOptions(api: FormApi | null, url: string | null, decl: SourceDecl, type: string | undefined): SourceOptions {
  const { status, body, retry } = useSourceBody(api, url);
  const options = useMemo(() => (body === undefined ? NONE : sourceOptionsOf(body, decl, type)), [body, decl, type]);
  return { status, options, retry };
}
