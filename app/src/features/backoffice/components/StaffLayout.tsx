import type { ReactNode, RefObject } from 'react';
import { Anchor, Box, Button, Group, Text } from '@mantine/core';
import { useSWRConfig } from 'swr';
import { Link, useLocation } from 'wouter';
import { staffPaths } from '../../../config/paths';
import { focusPageHeading } from '../../../lib/useRouteFocus';
import { STAFF_ME_KEY, staffLogout, useStaffMe } from '../api/backoffice';

const NAV = [staffPaths.staffQueue, staffPaths.staffPayments, staffPaths.staffClaims, staffPaths.staffSuggestions, staffPaths.staffReports];
/** Pages only an administrator has in the navigation. */
const ADMIN_NAV = [staffPaths.staffAudit, staffPaths.staffMembers, staffPaths.staffForms];

export interface StaffLayoutProps {
  /** The page. Required. */
  children: ReactNode;
  /** The <main> element (focus goes there after a navigation and from the skip link). Required. */
  mainRef: RefObject<HTMLElement | null>;
  /** The sign-in page: no staff member, no navigation. Default: false. */
  signIn?: boolean;
}

function WhoIsSignedIn() {
  const me = useStaffMe().data;
  const [, navigate] = useLocation();
  const { mutate } = useSWRConfig();
  if (!me) return null;
  const signOut = async () => {
    try {
      await staffLogout();
    } finally {
      await mutate(STAFF_ME_KEY, undefined, { revalidate: false });
      navigate(staffPaths.staffLogin.href());
    }
  };
  return (
    <Group gap="sm" wrap="wrap">
      <Text size="sm" c="white">
        <Text span fw={700} inherit>{me.name}</Text>
        {' · '}
        {me.role === 'administrador' ? 'Administración (todas las instituciones)' : me.role === 'analista' ? 'Publicación de formularios' : me.institution}
      </Text>
      <Button size="xs" variant="white" onClick={() => void signOut()}>Cerrar sesión</Button>
    </Group>
  );
}

/** The back office's navigation: the audit log only for an administrator; an analyst's is «Formularios» alone. */
function StaffNav() {
  const [location] = useLocation();
  const me = useStaffMe().data;
  const nav = me?.role === 'administrador' ? [...NAV, ...ADMIN_NAV] : me?.role === 'analista' ? [staffPaths.staffForms] : NAV;
  return (
    <Box component="nav" aria-label="Oficina" bg="var(--mantine-color-gray-1)" py="xs">
      <Group maw={1200} mx="auto" px="md" gap="lg" wrap="wrap">
        {nav.map((entry) => {
          const current = location === entry.pattern || location.startsWith(`${entry.pattern}/`);
          return (
            <Anchor key={entry.pattern} component={Link} href={entry.href()} fw={current ? 700 : 500} underline={current ? 'always' : 'hover'} aria-current={current ? 'page' : undefined}>
              {entry.title}
            </Anchor>
          );
        })}
      </Group>
    </Box>
  );
}

/** The back office's frame: skip link, header with who is signed in, its navigation, the page. No citizen header or menus. */
export function StaffLayout({ children, mainRef, signIn = false }: StaffLayoutProps) {
  return (
    <div className="portal-layout">
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
      <Box component="header" bg="var(--mantine-color-blue-9)" c="white" py="sm">
        <Group justify="space-between" maw={1200} mx="auto" px="md" wrap="wrap" gap="xs">
          <Text fw={700} size="lg" c="white">Oficina de la institución</Text>
          {!signIn && <WhoIsSignedIn />}
        </Group>
      </Box>
      {!signIn && <StaffNav />}
      <Box component="main" id="contenido" tabIndex={-1} ref={mainRef} className="portal-main" maw={1200} w="100%" mx="auto" px="md" py="xl">
        {children}
      </Box>
    </div>
  );
}
