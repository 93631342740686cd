import { useRef, useState, type FormEvent } from 'react';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import type { ModalContentProps } from '../../../modals/modalContent';
import { forgotPassword } from '../api/accounts';
import { CedulaField, cedulaProblem } from '../components/CedulaField';
import { FailureAlert } from '../components/FailureAlert';
import { describeFailure, type CallFailure } from '../components/formErrors';
import { flowData } from './flow';
import { withFocusOnMount } from './focusOnMount';

/** FORGET_PASSWORD: the cédula; the server mails a code to the account's address (GET /portals/forgot?dni=), then RESETCODE. */
function ForgetPasswordContent({ data, open }: ModalContentProps) {
  const flow = flowData(data);
  const [cedula, setCedula] = useState(flow.cedula ?? '');
  const [cedulaError, setCedulaError] = useState<string | null>(null);
  const [failure, setFailure] = useState<CallFailure | null>(null);
  const [busy, setBusy] = useState(false);
  const ref = useRef<HTMLInputElement>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const problem = await cedulaProblem(cedula);
    setCedulaError(problem);
    if (problem) return ref.current?.focus();
    setBusy(true);
    try {
      const answer = await forgotPassword(cedula);
      open('RESETCODE', { data: { returnTo: flow.returnTo, cedula, message: answer.message } });
    } catch (error) {
      setFailure(describeFailure(error, [], 'No se pudo pedir el código. Intente de nuevo.'));
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Recuperar la contraseña">
      <Stack gap="sm">
        <Text>Escriba su cédula. Le enviaremos un código al correo de su cuenta para que elija una contraseña nueva.</Text>
        <FailureAlert failure={failure} />
        <CedulaField ref={ref} value={cedula} onChange={(v) => { setCedula(v); setCedulaError(null); }} error={cedulaError} data-autofocus />
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Anchor component="button" type="button" size="sm" onClick={() => open('LOGIN', { data: { returnTo: flow.returnTo, cedula } })}>
            Volver a iniciar sesión
          </Anchor>
          <Button type="submit" loading={busy}>Enviar código</Button>
        </Group>
      </Stack>
    </form>
  );
}

export default withFocusOnMount(ForgetPasswordContent);
