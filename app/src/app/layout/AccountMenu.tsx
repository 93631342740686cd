import { useEffect, useRef } from 'react';
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
  /** Pressed before this menu's code had arrived (on the header's stand-in button): open at once, focus on the button. Default: false. */
  openAtStart?: boolean;
}

/**
 * The profile menu: Mi perfil, Mis reclamos, Cambiar contraseña (the registry's
 * CHANGE_PASSWORD modal) and Cerrar sesión. Mantine's Menu: Enter, Space and
 * the arrows open it, Escape closes it and focus goes back to the button.
 */
export function AccountMenu({ citizen, openAtStart = false }: AccountMenuProps) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // The stand-in that was pressed is gone: focus is on this button, where Escape brings it back.
    if (openAtStart) button.current?.focus();
  }, [openAtStart]);
  return (
    <Menu position="bottom-end" returnFocus withinPortal trigger="click" keepMounted={false} withInitialFocusPlaceholder={false} defaultOpened={openAtStart}>
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
