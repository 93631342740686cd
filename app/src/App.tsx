import { AppShell, Anchor, Button, Group, Text } from '@mantine/core';
import { Link, Route, Switch } from 'wouter';
import { paths, routePatterns } from './config/paths';
import { useSession } from './lib/session';
import { logout } from './features/auth/api/login';
import { lazy, Suspense, useRef } from 'react';
import { Loader } from '@mantine/core';
import { HomePage } from './features/formalization/components/HomePage';
import { focusPageHeading, useRouteFocus } from './lib/useRouteFocus';

// The application pages carry the form engine and renderer: loaded only when needed, so the home page stays light.
const ApplicationPage = lazy(() => import('./features/formalization/components/ApplicationPage').then((m) => ({ default: m.ApplicationPage })));
const ReviewPage = lazy(() => import('./features/formalization/components/ReviewPage').then((m) => ({ default: m.ReviewPage })));
const ConfirmationPage = lazy(() => import('./features/formalization/components/ConfirmationPage').then((m) => ({ default: m.ConfirmationPage })));

function Header() {
  const session = useSession();
  return (
    <Group h="100%" px="md" justify="space-between">
      <Anchor component={Link} href={paths.home()} fw={700} underline="never">Portal ciudadano</Anchor>
      {session && (
        <Group gap="sm">
          <Text size="sm" visibleFrom="sm">{session.nombres} {session.apellidos}</Text>
          <Button size="xs" variant="default" onClick={() => void logout().then(() => window.location.assign('/'))}>Cerrar sesión</Button>
        </Group>
      )}
    </Group>
  );
}

/** The portal: header and the routes of the application. */
export function App() {
  const session = useSession();
  const main = useRef<HTMLElement>(null);
  useRouteFocus(main);
  return (
    <AppShell header={{ height: 56 }} padding="md">
      {/* WCAG 2.4.1: the first stop of the Tab key skips the header, and on a step the list of sections (Shift+Tab reaches it). */}
      <a
        href="#contenido"
        className="skip-link"
        onClick={(e) => {
          e.preventDefault();
          if (!focusPageHeading(main.current)) main.current?.focus();
        }}
      >
        Saltar al contenido principal
      </a>
      <AppShell.Header component="header"><Header /></AppShell.Header>
      <AppShell.Main component="main" id="contenido" tabIndex={-1} ref={main} maw={1200} mx="auto">
        <Suspense fallback={<Loader aria-label="Cargando" />}>
        <Switch>
          <Route path={routePatterns.home} component={HomePage} />
          {!session && <Route><HomePage /></Route>}
          <Route path={routePatterns.review} component={ReviewPage} />
          <Route path={routePatterns.confirmation} component={ConfirmationPage} />
          <Route path={routePatterns.applicationStep} component={ApplicationPage} />
          <Route path={routePatterns.application} component={ApplicationPage} />
          <Route><Text>Página no encontrada. <Anchor component={Link} href={paths.home()}>Ir al inicio</Anchor></Text></Route>
        </Switch>
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
