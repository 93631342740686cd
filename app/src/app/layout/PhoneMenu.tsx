import { useEffect, useState } from 'react';
import { Drawer, Stack } from '@mantine/core';
import { Link } from 'wouter';
import { paths } from '../../config/paths';
import { NotificationsMenuText } from '../../features/notifications/components/NotificationsBell';
import { openModal } from '../../modals/modalStore';
import { signOut } from './SignOut';
import { MainNav } from './MainNav';

export interface PhoneMenuProps {
  opened: boolean;
  onClose: () => void;
  /** Shows the account links. */
  signedIn: boolean;
}

/** The navigation below 62em, in a drawer (Mantine's Drawer traps focus; Escape closes it and focus returns to the menu button). */
export function PhoneMenu({ opened, onClose, signedIn }: PhoneMenuProps) {
  const close = onClose;
  // Mounted on the first tap: render closed once, then open, so the Drawer sees the opening and returns
  // focus to the menu button when it closes (mounted already open, it had nothing to return to).
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return (
    <Drawer opened={opened && mounted} onClose={close} title="Menú" id="menu-principal" position="right" size="xs" closeButtonProps={{ 'aria-label': 'Cerrar el menú' }}>
      <Stack gap="md">
        <MainNav variant="list" onNavigate={close} />
        {!signedIn && (
          <nav aria-label="Cuenta" className="main-nav main-nav-list">
            <ul>
              <li><button type="button" onClick={() => { close(); openModal('REGISTER_MESSAGE'); }}>Ingresar o crear una cuenta</button></li>
            </ul>
          </nav>
        )}
        {signedIn && (
          <nav aria-label="Mi cuenta" className="main-nav main-nav-list">
            <ul>
              <li><Link href={paths.notifications.href()} onClick={close}><NotificationsMenuText /></Link></li>
              <li><Link href={paths.profile.href()} onClick={close}>Mi perfil</Link></li>
              <li><Link href={paths.myClaims.href()} onClick={close}>Mis reclamos</Link></li>
              <li><button type="button" onClick={() => { close(); openModal('CHANGE_PASSWORD'); }}>Cambiar contraseña</button></li>
              <li><button type="button" onClick={() => { close(); signOut(); }}>Cerrar sesión</button></li>
            </ul>
          </nav>
        )}
        <nav aria-label="Ayuda" className="main-nav main-nav-list">
          <ul>
            <li><button type="button" onClick={() => { close(); openModal('SERVICE_RECOMENDED'); }}>Sugerir un servicio</button></li>
          </ul>
        </nav>
      </Stack>
    </Drawer>
  );
}
