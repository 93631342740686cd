import { describe, expect, it, vi } from 'vitest';
import type { FormApi } from '../../types';
import { SourceCache, sourceCacheFor } from './SourceCache';

function api(getJson: FormApi['getJson']): FormApi {
  return { getJson, listDocuments: async () => [], uploadDocument: async () => { throw new Error('no'); }, documentUrl: () => '', sessionId: 1 };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('SourceCache', () => {
  it('fetches a URL once and shares the answer', async () => {
    const getJson = vi.fn(async () => ({ status: 200, body: { data: [1] } }));
    const cache = new SourceCache(api(getJson));
    const listener = vi.fn();
    cache.subscribe(listener);
    cache.ensure('/a');
    cache.ensure('/a');
    expect(cache.peek('/a')).toEqual({ status: 'loading' });
    await flush();
    expect(cache.peek('/a')).toEqual({ status: 'ready', body: { data: [1] } });
    cache.ensure('/a');
    expect(getJson).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('keeps failures (non-2xx or rejected) until retried', async () => {
    const getJson = vi.fn().mockResolvedValueOnce({ status: 500, body: null }).mockRejectedValueOnce(new Error('red')).mockResolvedValueOnce({ status: 200, body: 'ok' });
    const cache = new SourceCache(api(getJson));
    cache.ensure('/b');
    await flush();
    expect(cache.peek('/b')).toEqual({ status: 'error' });
    cache.ensure('/b');
    expect(getJson).toHaveBeenCalledTimes(1);
    cache.retry('/b');
    await flush();
    expect(cache.peek('/b')).toEqual({ status: 'error' });
    cache.retry('/b');
    await flush();
    expect(cache.peek('/b')).toEqual({ status: 'ready', body: 'ok' });
  });

  it('is one cache per api object', () => {
    const a = api(vi.fn());
    expect(sourceCacheFor(a)).toBe(sourceCacheFor(a));
    expect(sourceCacheFor(a)).not.toBe(sourceCacheFor(api(vi.fn())));
  });
});
