/**
 * Sends one page view per completed route change (portal spec §2). Rendered
 * beside the routes' Switch: its effect runs once the new address's page has
 * rendered (a lazy page's frame or progress bar while its code loads, as
 * lazyPage draws them without suspending). Opening a
 * modal (a history entry at the same address) or changing only the query is
 * not a new page: the same path is not sent twice in a row.
 */
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { getShellConfig } from '../../api/shellConfig';
import { analyticsAdapter, pageViewPath } from '../../lib/analytics';

// Module-level: React's development double effects and remounts of the routes must not count twice.
let lastSent: string | null = null;

/** Renders nothing. */
export function PageViewTracker() {
  const [location] = useLocation();
  useEffect(() => {
    const path = pageViewPath(window.location.pathname);
    if (path === lastSent) return;
    lastSent = path;
    // The adapter is known once shell-config arrives; the call itself never holds the page.
    void getShellConfig().then((config) => analyticsAdapter(config.analytics).pageView(path));
  }, [location]);
  return null;
}
