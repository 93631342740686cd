import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
// The subpath, not the package's index: the index would pull the whole form renderer into the first bundle.
import { accessibleColors } from '@portal/form-mantine/colors';
import { SWRConfig } from 'swr';
import { theme } from './theme';

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
      <Notifications position="top-center" className="portal-toasts" />
      <SWRConfig value={{ shouldRetryOnError: false, revalidateOnFocus: false }}>{children}</SWRConfig>
    </MantineProvider>
  );
}
