import { startTransition, useEffect, useState, type ReactNode } from 'react';

export interface DeferredProps {
  /** What to render after the first paint. Required. */
  children: ReactNode;
}

/**
 * Renders `children` right after the first commit, as a transition: the
 * first paint carries less (a shorter commit, the long task a slow phone
 * feels), and React renders the rest in slices it can interrupt. For what is
 * below the fold; nothing above it moves when it appears.
 */
export function Deferred({ children }: DeferredProps) {
  const [shown, setShown] = useState(false);
  useEffect(() => startTransition(() => setShown(true)), []);
  return shown ? children : null;
}
