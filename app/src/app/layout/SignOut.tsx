import { useSyncExternalStore } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { paths } from '../../config/paths';
import { logout } from '../../features/auth/api/login';

type Phase = 'idle' | 'sending' | 'unsent';
let phase: Phase = 'idle';
const listeners = new Set<() => void>();
function setPhase(next: Phase): void {
  phase = next;
  for (const l of listeners) l();
}

const PROGRESS = 'cerrando-sesion';

/**
 * «Cerrar sesión» (the account menu and the phone menu): sends what is pending, ends the session,
 * removes this browser's copies of the citizen's data, and starts again from Inicio with a fresh
 * page. When a change cannot be sent (no connection) nothing ends: SignOutDialog asks what to do.
 */
export function signOut(discardUnsent = false): void {
  if (phase === 'sending') return;
  setPhase('sending');
  notifications.show({ id: PROGRESS, loading: true, message: 'Cerrando sesión…', autoClose: false, withCloseButton: false });
  void logout({ discardUnsent })
    .then((result) => {
      if (result === 'ended') {
        window.location.assign(paths.home.href());
        return;
      }
      notifications.hide(PROGRESS);
      setPhase('unsent');
    })
    .catch(() => {
      notifications.hide(PROGRESS);
      setPhase('unsent');
    });
}

/** Mounted once by the header while a citizen is signed in: the question when changes could not be sent. */
export function SignOutDialog() {
  const current = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => phase,
    () => 'idle' as Phase,
  );
  const stay = () => setPhase('idle');
  return (
    <Modal opened={current === 'unsent'} onClose={stay} size="lg" title="Hay cambios sin guardar" closeButtonProps={{ 'aria-label': 'Cerrar' }}>
      <Stack>
        <Text>
          No se pudieron enviar al portal sus últimos cambios. Revise su conexión e intente de nuevo.
          Si sale ahora, esos cambios se borrarán de este equipo.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={stay}>Cancelar</Button>
          <Button color="red" variant="outline" onClick={() => signOut(true)}>Salir sin guardar</Button>
          <Button onClick={() => signOut()} data-autofocus>Intentar de nuevo</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
