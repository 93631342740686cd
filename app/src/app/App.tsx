import { useRef } from 'react';
import { useLocation } from 'wouter';
import { useRouteFocus } from '../lib/useRouteFocus';
import { LazyModalHost } from '../modals/LazyModalHost';
import { AppRoutes } from './AppRoutes';
import { ErrorBoundary } from './ErrorBoundary';
import { PortalLayout } from './layout/PortalLayout';
import { PromptScheduler } from '../features/prompts/PromptScheduler';
import { ExternalHeader } from './shell/ExternalHeader';

/** The portal: the layout (banner, header, footer) around the page of the address (inside the error boundary), and the modal registry. */
export function App() {
  const main = useRef<HTMLElement>(null);
  const [location] = useLocation();
  useRouteFocus(main);
  return (
    <>
      <PortalLayout mainRef={main} renderHeader={(builtIn) => <ExternalHeader>{builtIn}</ExternalHeader>}>
        <ErrorBoundary resetKey={location}>
          <AppRoutes />
        </ErrorBoundary>
      </PortalLayout>
      <LazyModalHost />
      <PromptScheduler />
    </>
  );
}
