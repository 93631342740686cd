import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { errorMessage } from '../../../lib/apiError';
import { getSession, setSession } from '../../../lib/session';
import { openModal } from '../../../modals/modalStore';
import { undoEmailChange } from '../api/accounts';

type State = { kind: 'ready' } | { kind: 'busy' } | { kind: 'done'; message: string } | { kind: 'failed'; message: string };

/** The token of the link, read once: the address bar drops it right after (it is not left in the history). */
function tokenOfLink(): string | null {
  const token = new URLSearchParams(window.location.search).get('token');
  return token && token.length > 0 ? token : null;
}

/**
 * /cuenta/deshacer-cambio-correo?token=…: the link mailed to the old address when the account's
 * e-mail changed. Nothing happens on opening it (mail scanners open links): the citizen presses
 * «Deshacer el cambio». The server restores the old address and ends every session; the citizen
 * then creates a new password with «¿Olvidó su contraseña?» (the code goes to the restored address).
 */
export function EmailUndoPage() {
  const [token] = useState(tokenOfLink);
  const [state, setState] = useState<State>({ kind: 'ready' });
  const resultRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (window.location.search) window.history.replaceState(window.history.state, '', window.location.pathname);
  }, []);

  // The answer takes the focus the pressed button loses when it is replaced.
  useEffect(() => {
    if (state.kind === 'done' || state.kind === 'failed') resultRef.current?.focus();
  }, [state.kind]);

  const undo = async () => {
    if (!token) return;
    setState({ kind: 'busy' });
    try {
      const answer = await undoEmailChange(token);
      // Every session of the account ended, this browser's too.
      if (getSession()) setSession(null);
      setState({ kind: 'done', message: answer.message });
    } catch (error) {
      setState({ kind: 'failed', message: errorMessage(error, 'No se pudo deshacer el cambio. Intente de nuevo.') ?? 'No se pudo deshacer el cambio. Intente de nuevo.' });
    }
  };

  return (
    <Stack gap="lg" maw={720}>
      <Title order={1}>Deshacer el cambio de correo</Title>
      {!token && (
        <Alert color="red" role="alert" title="El enlace está incompleto">
          <Text size="sm">Abra el enlace tal como llegó en el correo «El correo de su cuenta del Portal Ciudadano cambió», o cópielo entero en la barra de direcciones.</Text>
        </Alert>
      )}
      {token && state.kind !== 'done' && (
        <>
          <Text>Use esta página si el correo de su cuenta cambió y usted no hizo ese cambio. Al deshacerlo:</Text>
          <List spacing="xs">
            <List.Item>su cuenta vuelve a usar el correo donde recibió este enlace;</List.Item>
            <List.Item>cerramos todas las sesiones abiertas de su cuenta, también la de quien hizo el cambio;</List.Item>
            <List.Item>para volver a entrar, crea una contraseña nueva con «¿Olvidó su contraseña?»: el código llega a su correo.</List.Item>
          </List>
          {state.kind === 'failed' && (
            <Alert color="red" role="alert" ref={resultRef} tabIndex={-1}>{state.message}</Alert>
          )}
          <Group>
            <Button onClick={() => void undo()} loading={state.kind === 'busy'}>Deshacer el cambio</Button>
          </Group>
        </>
      )}
      {state.kind === 'done' && (
        <>
          <Alert color="teal" role="status" title="Cambio deshecho" ref={resultRef} tabIndex={-1}>
            <Text size="sm">{state.message}</Text>
          </Alert>
          <Group>
            <Button onClick={() => openModal('FORGET_PASSWORD')}>Crear una contraseña nueva</Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
