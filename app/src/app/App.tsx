import { Suspense, useRef } from 'react';
import { useLocation } from 'wouter';
import { useRouteFocus } from '../lib/useRouteFocus';
import { importWithReload } from '../lib/importWithReload';
import { LazyModalHost } from '../modals/LazyModalHost';
import { AppRoutes } from './AppRoutes';
import { ErrorBoundary } from './ErrorBoundary';
import { PortalLayout } from './layout/PortalLayout';
import { PromptScheduler } from '../features/prompts/PromptScheduler';
import { ExternalHeader } from './shell/ExternalHeader';
import { isStaffArea } from '../config/paths';
import { lazyPage } from './lazyPage';
import { RouteProgress } from './layout/RouteProgress';

/** The modals of every feature, composed here (the shared host knows none); loaded with the host, on first opening. */
const loadModalRegistry = () => importWithReload(() => import('./modalRegistry')).then((module) => module.MODAL_REGISTRY);

/** The institution back office (/institucion): its own chunk, layout and sign-in. */
const StaffArea = lazyPage(() => import('../features/backoffice/StaffArea'), 'StaffArea');

/** The portal: the layout (banner, header, footer) around the page of the address (inside the error boundary), and the modal registry. */
export function App() {
  const main = useRef<HTMLElement>(null);
  const [location] = useLocation();
  useRouteFocus(main);
  // The back office has its own frame: no citizen header, menus or prompts.
  if (isStaffArea(location)) {
    return (
      <ErrorBoundary resetKey={location}>
        <Suspense fallback={<RouteProgress />}>
          <StaffArea />
        </Suspense>
      </ErrorBoundary>
    );
  }
  return (
    <>
      <PortalLayout mainRef={main} renderHeader={(builtIn) => <ExternalHeader>{builtIn}</ExternalHeader>}>
        <ErrorBoundary resetKey={location}>
          <AppRoutes />
        </ErrorBoundary>
      </PortalLayout>
      <LazyModalHost loadRegistry={loadModalRegistry} />
      <PromptScheduler />
    </>
  );
}
