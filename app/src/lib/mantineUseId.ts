import { useId as useReactId } from 'react';

/**
 * Mantine's `useId` (@mantine/hooks), in the browser build, without its
 * re-render: Mantine's sets a random id in a layout effect once every
 * component that uses it has mounted (every input, select, popover,
 * checkbox), even when the component was given an id. Each of those state
 * changes is a synchronous re-render right after the commit: on the partners'
 * step, ~50 fields drawn a second time in one blocking task (~90 ms of the
 * ~150 ms of synchronous work of a cold load at 1×, 4× that on a slow phone).
 * React's own `useId` is unique within the portal's single React root and the
 * same from the first render. vite.config.ts swaps this module in.
 */
export function useId(staticId?: string): string {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/:/g, '')}`;
}
