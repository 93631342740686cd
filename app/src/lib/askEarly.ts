/**
 * An answer a page will read through SWR, asked for now: before the page's code arrives (or, for
 * Inicio, before its first render), with high priority, since on a phone's network it would otherwise
 * queue behind the page's scripts. The page's useSWR with the same key takes this answer. A failure
 * is not kept: the page asks again and shows its own error.
 */
import { preload } from 'swr';
import type { CallOptions } from './api-client';

export function askEarly<T>(key: string, fetch: (options: CallOptions) => Promise<T>): Promise<T> {
  const answer = preload(key, () => fetch({ priority: 'high' }));
  answer.catch(() => undefined);
  return answer;
}
