import { useDeferredValue } from 'react';
import useSWR from 'swr';
import { useAfterFirstPaint } from '../../../lib/afterFirstPaint';

/**
 * Data of a section below the fold of Inicio (links of interest, figures):
 * asked for only after the first paint (useAfterFirstPaint), and handed to
 * the section through useDeferredValue, so its arrival renders in a
 * transition (in slices) instead of SWR's all-at-once update. Undefined until
 * it arrives, and when it cannot be read (the section then draws nothing).
 */
export function useBelowTheFold<T>(key: string, fetcher: () => Promise<T>): T | undefined {
  const ready = useAfterFirstPaint();
  const { data } = useSWR(ready ? key : null, fetcher);
  return useDeferredValue(data);
}
