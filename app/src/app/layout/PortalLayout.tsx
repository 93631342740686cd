import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { Box } from '@mantine/core';
import { focusPageHeading } from '../../lib/useRouteFocus';
import { Deferred } from '../../components/Deferred';
import { OfficialBanner } from './OfficialBanner';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';

export interface PortalLayoutProps {
  /** The page. Required. */
  children: ReactNode;
  /** The <main> element (focus moves into it after a navigation and from the skip link). Required. */
  mainRef: RefObject<HTMLElement | null>;
  /** Wraps the built-in header (a mount point: e.g. an external header that may replace it). Default: as it is. */
  renderHeader?: (builtIn: ReactNode) => ReactNode;
  /** Extra footer items (a mount point). */
  footerExtra?: ReactNode;
}

/**
 * The page frame of every page: skip link, official-site banner, header with
 * the main navigation, the page in <main>, and the footer. The header is not
 * fixed: on a phone it would take a fifth of the screen, and a fixed bar hides
 * controls reached with Shift+Tab (WCAG 2.4.11).
 */
export function PortalLayout({ children, mainRef, renderHeader = (h) => h, footerExtra }: PortalLayoutProps) {
  const header = useRef<HTMLElement>(null);
  // The toasts open below the header, whose height changes with the width (the banner wraps) and the disclosure.
  useEffect(() => {
    const el = header.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => document.documentElement.style.setProperty('--portal-header-height', `${el.offsetHeight}px`));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return (
    <div className="portal-layout">
      {/* WCAG 2.4.1: the first stop of the Tab key skips the banner and the header. */}
      <a
        href="#contenido"
        className="skip-link"
        onClick={(e) => {
          e.preventDefault();
          if (!focusPageHeading(mainRef.current)) mainRef.current?.focus();
        }}
      >
        Saltar al contenido principal
      </a>
      <header className="portal-header" ref={header}>
        <OfficialBanner />
        {renderHeader(<SiteHeader />)}
      </header>
      <Box component="main" id="contenido" tabIndex={-1} ref={mainRef} className="portal-main" maw={1200} w="100%" mx="auto" px="md" py="xl">
        {children}
      </Box>
      <Deferred>
        <SiteFooter extra={footerExtra} />
      </Deferred>
    </div>
  );
}
