import { lazy, Suspense, useState } from 'react';
import { Burger, Container, Group } from '@mantine/core';
import { Link } from 'wouter';
import { paths } from '../../config/paths';
import { useSession } from '../../lib/session';
// Light on purpose (SWR and the API client only): the bell is in the first bundle of a signed-in page.
import { NotificationsBell } from '../../features/notifications/components/NotificationsBell';
import { MainNav } from './MainNav';
import { importWithReload } from '../../lib/importWithReload';

// The account menu (Mantine's Menu, with its floating-position library) only for a signed-in citizen: not in the home page's first bundle.
const AccountMenu = lazy(() => importWithReload(() => import('./AccountMenu')).then((module) => ({ default: module.AccountMenu })));
const PhoneMenu = lazy(() => importWithReload(() => import('./PhoneMenu')).then((module) => ({ default: module.PhoneMenu })));

/**
 * The built-in header: the portal's name, the main navigation and, for a
 * signed-in citizen, the notifications bell and the profile menu. Below 62em
 * the navigation moves into a drawer opened by the menu button (Mantine's
 * Drawer traps focus, Escape closes it and focus returns to the button).
 */
export function SiteHeader() {
  const session = useSession();
  const [drawer, setDrawer] = useState(false);
  const [drawerLoaded, setDrawerLoaded] = useState(false);
  const close = () => setDrawer(false);
  return (
    <div className="site-header">
      <Container size={1200} px="md">
        <Group justify="space-between" wrap="nowrap" h={64}>
          <Link href={paths.home.href()} className="site-name">
            <span className="site-name-mark" aria-hidden="true">RD</span>
            Portal Ciudadano
          </Link>
          <Group gap="xs" wrap="nowrap">
            <div className="main-nav-desktop"><MainNav variant="bar" /></div>
            {session && <NotificationsBell />}
            {session && (
              <Suspense fallback={null}>
                <AccountMenu citizen={session} />
              </Suspense>
            )}
            <Burger
              className="main-nav-burger"
              opened={drawer}
              onClick={() => {
                setDrawerLoaded(true);
                setDrawer((o) => !o);
              }}
              aria-label="Menú"
              aria-expanded={drawer}
              aria-controls="menu-principal"
              color="white"
            />
          </Group>
        </Group>
      </Container>
      {/* Loaded on the first tap: the drawer (and Mantine's modal machinery) is not in the first load. */}
      {drawerLoaded && (
        <Suspense fallback={null}>
          <PhoneMenu opened={drawer} onClose={close} signedIn={session !== null} />
        </Suspense>
      )}
    </div>
  );
}
