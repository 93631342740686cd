import { lazy, Suspense, useRef, useState } from 'react';
import { Burger, Container, Group, UnstyledButton } from '@mantine/core';
import { Link, useLocation } from 'wouter';
import { openModal } from '../../modals/modalStore';
import { paths } from '../../config/paths';
import { useSession } from '../../lib/session';
// Light on purpose (SWR and the API client only): the bell is in the first bundle of a signed-in page.
import { NotificationsBell } from '../../features/notifications/components/NotificationsBell';
import { MainNav } from './MainNav';
import { importWithReload } from '../../lib/importWithReload';
import { usePageShown } from '../../lib/afterFirstPaint';
import { AccountButton } from './AccountButton';

// The account menu (Mantine's Menu, with its floating-position library) only for a signed-in citizen: not in the home page's first
// bundle, and asked for after the first paint (its ~20 files and Mantine's other style sheets were charged to every signed-in page's first paint).
const AccountMenu = lazy(() => importWithReload(() => import('./AccountMenu')).then((module) => ({ default: module.AccountMenu })));
const SignOutDialog = lazy(() => importWithReload(() => import('./SignOut')).then((module) => ({ default: module.SignOutDialog })));
const PhoneMenu = lazy(() => importWithReload(() => import('./PhoneMenu')).then((module) => ({ default: module.PhoneMenu })));

/**
 * For a visitor: "Ingresar" (LOGIN; a link to /ingresar for a new tab) and
 * "Crear cuenta" (REGISTER; on a phone it is in the drawer). They stay on the page they are on.
 */
function SignInLinks() {
  const [location] = useLocation();
  return (
    <>
      <a
        href={paths.login.href(location)}
        className="header-button"
        style={{ textDecoration: 'none' }}
        onClick={(e) => {
          if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
          e.preventDefault();
          openModal('LOGIN');
        }}
      >
        <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <circle cx="12" cy="8" r="4" />
          <path d="M4 21a8 8 0 0 1 16 0" />
        </svg>
        <span className="header-button-text">Ingresar</span>
      </a>
      <UnstyledButton className="header-button" visibleFrom="md" style={{ border: '1px solid currentColor' }} onClick={() => openModal('REGISTER')}>
        Crear cuenta
      </UnstyledButton>
    </>
  );
}

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
  // The menu's code after the page the citizen opened (its code and data first on a slow network), or at once when asked for.
  const later = usePageShown();
  // «Mi cuenta» pressed before the menu's code arrived: the menu opens when it does. Focused then: the
  // menu's own button takes the focus when it replaces the stand-in (else focus fell to the page's body).
  const [accountWanted, setAccountWanted] = useState(false);
  const standInFocused = useRef(false);
  const standIn = session && (
    <AccountButton
      citizen={session}
      onClick={() => setAccountWanted(true)}
      onFocus={() => (standInFocused.current = true)}
      onBlur={() => (standInFocused.current = false)}
    />
  );
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
              <Suspense fallback={standIn}>
                {later || accountWanted ? (
                  <>
                    <AccountMenu citizen={session} openAtStart={accountWanted} focusAtStart={standInFocused} />
                    <SignOutDialog />
                  </>
                ) : (
                  standIn
                )}
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
            {/* After the menu button: on a phone the keyboard order stays site name, Menú, then Ingresar. */}
            {!session && <SignInLinks />}
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
