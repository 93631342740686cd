import { useEffect, useLayoutEffect, useRef } from 'react';
import { Menu } from '@mantine/core';
import { Link } from 'wouter';
import { paths } from '../../config/paths';
import type { Citizen } from '../../lib/session';
import { openModal } from '../../modals/modalStore';
import { signOut } from './SignOut';
import { AccountButton } from './AccountButton';

export interface AccountMenuProps {
  /** The signed-in citizen (their initial on the button, their name atop the menu). Required. */
  citizen: Citizen;
  /** Pressed on the header's stand-in button before this menu replaced it: pressed again here (once, on mount or when this turns true), focus on the button. Default: false. */
  openAtStart?: boolean;
  /** Whether the header's stand-in button has the focus when this menu replaces it (read once, at mount): its button takes it. */
  focusAtStart?: { readonly current: boolean };
}

/**
 * The profile menu: Mi perfil, Mis reclamos, Cambiar contraseña (the registry's
 * CHANGE_PASSWORD modal) and Cerrar sesión. Mantine's Menu: Enter, Space and
 * the arrows open it, Escape closes it and focus goes back to the button.
 */
export function AccountMenu({ citizen, openAtStart = false, focusAtStart }: AccountMenuProps) {
  const button = useRef<HTMLButtonElement>(null);
  const focusOnMount = useRef(openAtStart || focusAtStart?.current === true);
  // Before paint: the stand-in this replaces is gone, and the focus it had (pressed, or reached with Tab)
  // goes to this button.
  useLayoutEffect(() => {
    if (focusOnMount.current) button.current?.focus();
  }, []);
  // Pressed: the menu opens as if this button had been pressed (Escape then brings the focus back to
  // it), once. Also when the press reaches the header after this menu mounted: a click delivered to the
  // stand-in in the same moment as the menu's code arrived (seen on a loaded machine: the menu never opened).
  const pressed = useRef(false);
  useEffect(() => {
    if (!openAtStart || pressed.current) return;
    pressed.current = true;
    button.current?.focus();
    button.current?.click();
  }, [openAtStart]);
  return (
    <Menu
      position="bottom-end"
      returnFocus
      withinPortal
      trigger="click"
      keepMounted={false}
      withInitialFocusPlaceholder={false}
    >
      <Menu.Target>
        <AccountButton ref={button} citizen={citizen} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{citizen.nombres} {citizen.apellidos}</Menu.Label>
        <Menu.Item component={Link} href={paths.profile.href()}>Mi perfil</Menu.Item>
        <Menu.Item component={Link} href={paths.myClaims.href()}>Mis reclamos</Menu.Item>
        <Menu.Item onClick={() => openModal('CHANGE_PASSWORD')}>Cambiar contraseña</Menu.Item>
        <Menu.Divider />
        <Menu.Item onClick={() => signOut()}>Cerrar sesión</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
