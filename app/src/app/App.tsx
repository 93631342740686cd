import { useRef } from 'react';
import { Anchor, AppShell, Button, Group, Text } from '@mantine/core';
import { Link, useLocation } from 'wouter';
import { paths } from '../config/paths';
import { logout } from '../features/auth/api/login';
import { useSession } from '../lib/session';
import { focusPageHeading, useRouteFocus } from '../lib/useRouteFocus';
import { ModalHost } from '../modals/ModalHost';
import { AppRoutes } from './AppRoutes';
import { ErrorBoundary } from './ErrorBoundary';

function Header() {
  const session = useSession();
  return (
    <Group h="100%" px="md" justify="space-between">
      <Anchor component={Link} href={paths.home.href()} fw={700} underline="never">Portal ciudadano</Anchor>
      {session && (
        <Group gap="sm">
          <Text size="sm" visibleFrom="sm">{session.nombres} {session.apellidos}</Text>
          <Button size="xs" variant="default" onClick={() => void logout().finally(() => window.location.assign('/'))}>Cerrar sesión</Button>
        </Group>
      )}
    </Group>
  );
}

/** The portal's shell: skip link, header, the page of the address (inside the error boundary) and the modal registry. */
export function App() {
  const main = useRef<HTMLElement>(null);
  const [location] = useLocation();
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
        <ErrorBoundary resetKey={location}>
          <AppRoutes />
        </ErrorBoundary>
      </AppShell.Main>
      <ModalHost />
    </AppShell>
  );
}
