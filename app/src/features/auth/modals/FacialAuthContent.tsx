import { useRef, useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Group, List, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { mutate } from 'swr';
import { addPasskey, deviceProblem, guessDeviceName, PASSKEYS_KEY, passkeysSupported, usePasskeys, type SignInProof } from '../../../api/passkeys';
import { useSession } from '../../../lib/session';
import type { ModalContentProps } from '../../../modals/modalContent';
import { FailureAlert } from '../components/FailureAlert';
import { describeFailure, type CallFailure } from '../components/formErrors';
import { flowData } from './flow';
import { useEmailConfirmation } from './useEmailConfirmation';
import { withFocusOnMount } from './focusOnMount';

const NAME_MAX = 60;

/**
 * FACIAL_AUTH for a signed-in citizen: adds «Desbloqueo facial o con huella» (a passkey of this
 * device). Names the device, confirms the change with the current password (or with another
 * passkey of the account), then the device asks for the face, fingerprint or PIN. Nothing
 * biometric leaves the device. The other sessions end; the account's e-mail is told.
 */
function AddPasskey({ close }: ModalContentProps) {
  const { data: existing } = usePasskeys();
  const [deviceName, setDeviceName] = useState(guessDeviceName);
  const [password, setPassword] = useState('');
  const [fields, setFields] = useState<{ device_name?: string; current_password?: string }>({});
  const [failure, setFailure] = useState<CallFailure | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const doneRef = useRef<HTMLButtonElement>(null);

  const create = async (proof: SignInProof) => {
    setFailure(null);
    setBusy(true);
    try {
      const answer = await addPasskey(deviceName.trim(), proof);
      await mutate(PASSKEYS_KEY);
      setDone(answer.data.device_name);
      setTimeout(() => doneRef.current?.focus(), 0);
    } catch (error) {
      const device = deviceProblem(error);
      const found = device ? { fields: {}, form: device, busy: false } : describeFailure(error, ['current_password', 'device_name', 'passkey'], 'No se pudo agregar el desbloqueo facial o con huella. Intente de nuevo.');
      setFields(found.fields);
      setFailure(found);
      if (found.fields.current_password) passwordRef.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problems: typeof fields = {};
    if (deviceName.trim() === '') problems.device_name = 'Escriba un nombre para este dispositivo';
    if (password === '') problems.current_password = 'Escriba su contraseña actual para confirmar el cambio';
    setFields(problems);
    if (problems.device_name) return nameRef.current?.focus();
    if (problems.current_password) return passwordRef.current?.focus();
    void create({ password });
  };

  if (done !== null) {
    return (
      <Stack gap="sm">
        <Alert color="green" title="Listo" role="status">
          Ya puede ingresar con el desbloqueo facial o con huella de «{done}»: en la página de inicio de sesión, elija «Ingresar con rostro o huella».
        </Alert>
        <Text size="sm">Por su seguridad cerramos las demás sesiones abiertas de su cuenta y avisamos a su correo.</Text>
        <Group justify="flex-end">
          <Button ref={doneRef} onClick={close} data-autofocus>Terminar</Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Agregar desbloqueo facial o con huella">
      <Stack gap="sm">
        <Text>Así funciona:</Text>
        <List size="sm" type="ordered" spacing={4}>
          <List.Item>Dé un nombre a este dispositivo, para reconocerlo en su lista.</List.Item>
          <List.Item>Confirme el cambio con su contraseña actual.</List.Item>
          <List.Item>Su teléfono o computadora le pide el rostro, la huella o su PIN. Eso queda en el dispositivo: el portal solo recibe una llave pública.</List.Item>
        </List>
        <FailureAlert failure={failure && !failure.fields.current_password && !failure.fields.device_name ? failure : null} />
        <TextInput
          ref={nameRef}
          label="Nombre de este dispositivo"
          description="Por ejemplo: Teléfono de María"
          maxLength={NAME_MAX}
          value={deviceName}
          onChange={(e) => { setDeviceName(e.currentTarget.value); setFields((f) => ({ ...f, device_name: undefined })); }}
          error={fields.device_name}
          required
          data-autofocus
        />
        <PasswordInput
          ref={passwordRef}
          label="Contraseña actual"
          autoComplete="current-password"
          value={password}
          onChange={(e) => { setPassword(e.currentTarget.value); setFields((f) => ({ ...f, current_password: undefined })); }}
          error={fields.current_password}
          required
          visibilityToggleFocusable
          visibilityToggleButtonProps={{ 'aria-label': 'Mostrar lo escrito' }}
        />
        {existing && existing.length > 0 && (
          <Text size="sm">
            ¿Tiene otro dispositivo con desbloqueo facial o con huella?{' '}
            <Anchor component="button" type="button" size="sm" disabled={busy} onClick={() => {
              if (deviceName.trim() === '') { setFields({ device_name: 'Escriba un nombre para este dispositivo' }); return nameRef.current?.focus(); }
              void create({ passkey: true });
            }}>
              Confirmar con ese dispositivo en lugar de la contraseña
            </Anchor>
          </Text>
        )}
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Button variant="default" onClick={close} disabled={busy}>Cancelar</Button>
          <Button type="submit" loading={busy}>Continuar con mi rostro o huella</Button>
        </Group>
      </Stack>
    </form>
  );
}

/** FACIAL_AUTH while registering (not signed in yet): the account is activated with the e-mail code first. */
function NotYet({ data, open }: ModalContentProps) {
  const flow = flowData(data);
  const { start, busy, failure } = useEmailConfirmation(flow, open);
  return (
    <Stack gap="sm">
      <Alert color="blue" title="Primero active su cuenta">
        El desbloqueo facial o con huella se agrega a una cuenta activa. Active la suya con el código que le enviamos a su correo electrónico;
        al ingresar por primera vez podrá agregarlo.
      </Alert>
      <FailureAlert failure={failure} />
      {flow.form && <Text size="sm">El código irá a <strong>{flow.form.email}</strong>.</Text>}
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Button variant="default" onClick={() => open('CHOOSE_AUTH_METHOD', { data: flow })} disabled={busy}>Volver</Button>
        <Button onClick={() => void start()} loading={busy} data-autofocus>Usar el correo electrónico</Button>
      </Group>
    </Stack>
  );
}

/** FACIAL_AUTH: «Desbloqueo facial o con huella», a passkey of this device (signed in), or why not yet. */
function FacialAuthContent(props: ModalContentProps) {
  const session = useSession();
  if (session === null) return <NotYet {...props} />;
  if (!passkeysSupported()) {
    return (
      <Stack gap="sm">
        <Alert color="yellow" role="status" title="No disponible en este navegador">
          Este navegador no permite el desbloqueo facial o con huella. Pruebe desde el navegador de su teléfono o de otra computadora.
        </Alert>
        <Group justify="flex-end"><Button onClick={props.close} data-autofocus>Cerrar</Button></Group>
      </Stack>
    );
  }
  return <AddPasskey {...props} />;
}

export default withFocusOnMount(FacialAuthContent);
