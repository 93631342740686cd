/**
 * The tab's title of a citizen page: "<página> | Portal Ciudadano". The route sets its entry's
 * title before paint (AppRoutes); a page that knows a better one (a service's name) sets it once
 * it has it, with usePageTitle.
 */
import { useEffect } from 'react';

const SITE = 'Portal Ciudadano';

/** The document.title of a page: "<página> | Portal Ciudadano". */
export const pageTitle = (title: string): string => `${title} | ${SITE}`;

/** Names the tab after `title` once it is known (null: leave the route's title). */
export function usePageTitle(title: string | null): void {
  useEffect(() => {
    if (title !== null) document.title = pageTitle(title);
  }, [title]);
}
