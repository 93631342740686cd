import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Box, Button, Card, Group, Loader, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { deviceProblem, removePasskey, SIGN_IN_METHOD_TITLE, usePasskeys, type Passkey, type SignInProof } from '../../../api/passkeys';
import { errorMessage } from '../../../lib/apiError';
import { formatWhen } from '../../../lib/dates';
import { openModal } from '../../../modals/modalStore';

/** Removing a passkey: confirmed with the current password, or with a passkey of the account (this one or another). */
function RemovePasskey({ passkey, onDone, onCancel }: { passkey: Passkey; onDone: () => Promise<unknown>; onCancel: () => void }) {
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = `quitar-llave-${passkey.id}`;
  const passwordRef = useRef<HTMLInputElement>(null);
  // Keyboard users land on the password the confirmation asks for.
  useEffect(() => passwordRef.current?.focus(), []);

  const remove = async (proof: SignInProof) => {
    setBusy(true);
    setFailure(null);
    try {
      const answer = await removePasskey(passkey.id, proof);
      await onDone();
      notifications.show({ color: 'teal', message: answer.message });
    } catch (error) {
      setFailure(deviceProblem(error) ?? errorMessage(error, 'No se pudo eliminar el desbloqueo facial o con huella. Intente de nuevo.'));
      setBusy(false);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (password === '') return setProblem('Escriba su contraseña actual para confirmar el cambio');
    void remove({ password });
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby={id}>
      <Stack gap="xs">
        <Text size="sm" id={id} fw={500}>¿Eliminar el desbloqueo facial o con huella de «{passkey.device_name}»?</Text>
        {failure && <Alert color="red" role="alert">{failure}</Alert>}
        <PasswordInput
          ref={passwordRef}
          label="Contraseña actual"
          autoComplete="current-password"
          value={password}
          onChange={(e) => { setPassword(e.currentTarget.value); setProblem(null); }}
          error={problem ?? undefined}
          required
          visibilityToggleFocusable
          visibilityToggleButtonProps={{ 'aria-label': 'Mostrar lo escrito' }}
        />
        <Group gap="xs" wrap="wrap">
          <Button type="submit" color="red" size="compact-md" loading={busy}>Sí, eliminar</Button>
          <Button variant="default" size="compact-md" disabled={busy} onClick={() => void remove({ passkey: true })}>Confirmar con rostro o huella</Button>
          <Button variant="subtle" size="compact-md" disabled={busy} onClick={onCancel}>No</Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * «Métodos de ingreso» of «Mi perfil»: the cédula and password, and the account's passkeys
 * («Desbloqueo facial o con huella») with the device each one names, when it was added and last
 * used; adding one (CHOOSE_AUTH_METHOD → FACIAL_AUTH) and removing one (password or passkey).
 */
export function SignInMethods() {
  const { data: passkeys, error, isLoading, mutate } = usePasskeys();
  const [removing, setRemoving] = useState<number | null>(null);
  const add = () => openModal('CHOOSE_AUTH_METHOD', { title: SIGN_IN_METHOD_TITLE });

  return (
    <Card withBorder component="section" aria-labelledby="perfil-ingreso" padding="lg">
      <Group justify="space-between" align="center" mb="sm" wrap="wrap" gap="xs">
        <Title order={2} id="perfil-ingreso" size="h3">Métodos de ingreso</Title>
        <Button variant="light" onClick={add}>Agregar desbloqueo facial o con huella</Button>
      </Group>
      <Text size="sm" mb="sm">
        Siempre puede ingresar con su cédula y su contraseña. Con el desbloqueo facial o con huella ingresa con el rostro, la huella o el PIN
        de un dispositivo suyo; esos datos nunca salen del dispositivo.
      </Text>
      {isLoading && <Loader role="progressbar" size="sm" aria-label="Cargando sus métodos de ingreso" />}
      {error && !isLoading && <Alert color="red" role="alert">{errorMessage(error, 'No se pudieron cargar sus métodos de ingreso.')}</Alert>}
      {passkeys && passkeys.length === 0 && <Text c="dimmed">Aún no ha agregado el desbloqueo facial o con huella.</Text>}
      {passkeys && passkeys.length > 0 && (
        <Stack component="ul" gap="sm" m={0} p={0} aria-label="Desbloqueo facial o con huella" style={{ listStyle: 'none' }}>
          {passkeys.map((passkey) => (
            <Paper component="li" withBorder p="sm" key={passkey.id} data-passkey={passkey.id}>
              <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
                <div>
                  <Text fw={700} style={{ overflowWrap: 'anywhere' }}>{passkey.device_name}</Text>
                  <Text size="sm">Agregado el {formatWhen(passkey.created_at)}</Text>
                  <Text size="sm">{passkey.last_used_at ? `Último ingreso: ${formatWhen(passkey.last_used_at)}` : 'Aún no se ha usado para ingresar'}</Text>
                </div>
                {removing !== passkey.id && (
                  <Button size="compact-sm" variant="subtle" color="red" onClick={() => setRemoving(passkey.id)} aria-label={`Eliminar ${passkey.device_name}`}>
                    Eliminar
                  </Button>
                )}
              </Group>
              {removing === passkey.id && (
                <Box mt="sm">
                  <RemovePasskey passkey={passkey} onCancel={() => setRemoving(null)} onDone={async () => { setRemoving(null); await mutate(); }} />
                </Box>
              )}
            </Paper>
          ))}
        </Stack>
      )}
    </Card>
  );
}
