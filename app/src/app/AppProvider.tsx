import { lazy, Suspense, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
// The subpath, not the package's index: the index would pull the whole form renderer into the first bundle.
import { accessibleColors } from '@portal/form-mantine/colors';
import { SWRConfig } from 'swr';
import { usePageShown } from '../lib/afterFirstPaint';
import { theme } from './theme';

// The toasts' host loads once the page has been shown (whenPageShown): it draws nothing until a toast is
// shown, and toasts shown before it mounts wait in Mantine's notifications store. Not through importWithReload: that
// waits for the full style sheets, which the toasts do not need (shellStyles.ts has theirs).
const Notifications = lazy(() => import('@mantine/notifications').then((module) => ({ default: module.Notifications })));

export interface AppProviderProps {
  children: ReactNode;
  /** Mantine's 'test' environment (no transitions, no portals) for jsdom tests. Default: 'default'. */
  env?: 'default' | 'test';
}

/**
 * Everything the pages run inside: Mantine (theme; accessibleColors darkens dimmed, error, link,
 * placeholder and tinted-variant text to 4.5:1), the toasts (spec: top-center; below the fixed
 * header, styles.css) and SWR as the spec asks (no retries, no refetch on window focus).
 */
export function AppProvider({ children, env = 'default' }: AppProviderProps) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={accessibleColors} env={env}>
      <ToastsHost />
      <SWRConfig value={{ shouldRetryOnError: false, revalidateOnFocus: false }}>{children}</SWRConfig>
    </MantineProvider>
  );
}

/**
 * The toasts' host, once the page has been shown. Its own component: the moment it mounts re-renders only
 * it, not the provider above (Mantine writes its CSS variables again on every render of its provider:
 * ~10 ms of a fast computer's main thread, four times that on a slow phone).
 */
function ToastsHost() {
  const toasts = usePageShown();
  if (!toasts) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-center" className="portal-toasts" />
    </Suspense>
  );
}
