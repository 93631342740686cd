/** Loads the options of an `x-source` for a URL (null while the URL misses a value) through the api's cache. */
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { SourceDecl } from '@portal/form-engine';
import type { FormApi } from '../../types';
import type { OptionLike } from '../../theme/widgets/selectOptions';
import { sourceCacheFor, type SourceEntry } from './SourceCache';
import { coerceOptionValues, toSourceOptions } from './sourceOptions';

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
const noSubscription = () => () => undefined;

/** The answer of a source URL through the api's cache (one fetch per URL and session). */
export function useSourceBody(api: FormApi | null, url: string | null): SourceBody {
  const cache = api ? sourceCacheFor(api) : null;
  const get = (): SourceEntry | undefined => (cache && url ? cache.peek(url) : undefined);
  const entry = useSyncExternalStore(cache ? cache.subscribe : noSubscription, get, get);

  useEffect(() => {
    if (cache && url) cache.ensure(url);
  }, [cache, url, entry]);

  const body = entry?.status === 'ready' ? entry.body : undefined;
  const status = !url || !cache ? 'idle' : entry?.status ?? 'loading';
  return { status, body, retry: () => cache && url && cache.retry(url) };
}

export function useSourceOptions(api: FormApi | null, url: string | null, decl: SourceDecl, type: string | undefined): SourceOptions {
  const { status, body, retry } = useSourceBody(api, url);
  const options = useMemo(() => (body === undefined ? NONE : coerceOptionValues(toSourceOptions(body, decl), type)), [body, decl, type]);
  return { status, options, retry };
}
