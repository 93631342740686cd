/**
 * Page-view analytics (portal spec §2: sent for each completed route change).
 * The provider is an adapter chosen by the server's ANALYTICS setting (read
 * from shell-config): 'propio' posts the path to our own endpoint, 'ninguno'
 * sends nothing. Another provider is one more entry of ANALYTICS_ADAPTERS
 * (and one more value the server accepts). Sending never blocks navigation:
 * it is a fire-and-forget call that survives the page being left.
 */
import type { PageViewBody } from '@portal/api-contract';

/** A place page views go to. */
export interface AnalyticsAdapter {
  /** Records a view of `path` (already without query or fragment). Must not throw nor wait. */
  pageView(path: string): void;
}

/** Our own endpoint: the server stores the path and its own time, nothing about the visitor. */
export const ownAnalytics: AnalyticsAdapter = {
  pageView(path) {
    // keepalive: the call finishes even when the citizen leaves the page at once; credentials omitted:
    // the view is tied to no one. Failures are dropped on purpose (a lost view is not worth an error).
    void fetch('/v1/portals/analytics/page-views', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path } satisfies PageViewBody),
      keepalive: true,
      credentials: 'omit',
    }).catch(() => undefined);
  },
};

/** Nothing recorded. */
export const noAnalytics: AnalyticsAdapter = { pageView() {} };

/** Adapters by the name the server's ANALYTICS setting gives. */
export const ANALYTICS_ADAPTERS: Record<string, AnalyticsAdapter> = {
  propio: ownAnalytics,
  ninguno: noAnalytics,
};

/** The adapter for a setting; an unknown name records nothing (never a guess at where data may go). */
export function analyticsAdapter(mode: string): AnalyticsAdapter {
  return Object.hasOwn(ANALYTICS_ADAPTERS, mode) ? ANALYTICS_ADAPTERS[mode] : noAnalytics;
}

/** The path of an address as analytics records it: no query, no fragment. */
export function pageViewPath(pathname: string): string {
  const path = pathname.split(/[?#]/, 1)[0];
  return path.startsWith('/') ? path : `/${path}`;
}
