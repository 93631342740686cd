import { Menu, UnstyledButton } from '@mantine/core';
import { Link } from 'wouter';
import { paths } from '../../config/paths';
import type { Citizen } from '../../lib/session';
import { openModal } from '../../modals/modalStore';
import { signOut } from './SignOut';

export interface AccountMenuProps {
  /** The signed-in citizen (their initial on the button, their name atop the menu). Required. */
  citizen: Citizen;
}

/**
 * The profile menu: Mi perfil, Mis reclamos, Cambiar contraseña (the registry's
 * CHANGE_PASSWORD modal) and Cerrar sesión. Mantine's Menu: Enter, Space and
 * the arrows open it, Escape closes it and focus goes back to the button.
 */
export function AccountMenu({ citizen }: AccountMenuProps) {
  const first = citizen.nombres.split(' ')[0] ?? citizen.nombres;
  return (
    <Menu position="bottom-end" returnFocus withinPortal trigger="click" keepMounted={false} withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <UnstyledButton className="header-button" title={`${citizen.nombres} ${citizen.apellidos}`}>
          <span aria-hidden="true" className="header-avatar">{first.charAt(0)}</span>
          <span className="header-button-text">Mi cuenta</span>
        </UnstyledButton>
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
