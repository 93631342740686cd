import { useRef, useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { ModalContentProps } from '../../../modals/modalContent';
import { confirmRegistration, resendCode } from '../api/accounts';
import { FailureAlert } from '../components/FailureAlert';
import { SandboxMailNote } from '../components/SandboxHint';
import { describeFailure, type CallFailure } from '../components/formErrors';
import { formatSeconds, useCountdown } from '../components/useCountdown';
import { flowData } from './flow';
import { withFocusOnMount } from './focusOnMount';

/**
 * CONFIRMATION_EMAIL: the 6-digit code mailed by /register. "Reenviar código"
 * waits out the server's cool-down with a visible countdown. The registration
 * token lives only in this modal's data.
 */
function ConfirmationEmailContent({ data, open }: ModalContentProps) {
  const flow = flowData(data);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [failure, setFailure] = useState<CallFailure | null>(null);
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState(false);
  const [resent, setResent] = useState(false);
  const [until, setUntil] = useState(() => Date.now() + (flow.resendAfter ?? 60) * 1000);
  const left = useCountdown(until);
  const codeRef = useRef<HTMLInputElement>(null);
  const token = flow.token ?? '';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    if (!/^\d{6}$/.test(code)) {
      setCodeError('Escriba el código de 6 dígitos que recibió');
      return codeRef.current?.focus();
    }
    setBusy(true);
    try {
      const answer = await confirmRegistration(token, code);
      open('USER_REGISTER_COMPLETED', { data: { returnTo: flow.returnTo, cedula: answer.data.cedula, message: answer.message } });
    } catch (error) {
      const found = describeFailure(error, ['code'], 'No se pudo confirmar el código. Intente de nuevo.');
      setCodeError(found.fields.code ?? null);
      setFailure(found);
      setBusy(false);
      codeRef.current?.focus();
    }
  };

  const resend = async () => {
    setFailure(null);
    setResent(false);
    setResending(true);
    try {
      const answer = await resendCode(token);
      setUntil(Date.now() + answer.resend_after_seconds * 1000);
      setResent(true);
    } catch (error) {
      setFailure(describeFailure(error, [], 'No se pudo pedir otro código. Intente de nuevo.'));
    } finally {
      setResending(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Confirme su correo electrónico">
      <Stack gap="sm">
        <Text>
          Le enviamos un código de 6 dígitos a <strong>{flow.form?.email ?? 'su correo'}</strong>. Escríbalo aquí para activar su cuenta.
          Si no lo ve, revise la carpeta de correo no deseado.
        </Text>
        <FailureAlert failure={failure && !failure.fields.code ? failure : null} />
        <SandboxMailNote />
        {resent && <Alert color="green" role="status">Le enviamos un código nuevo. El anterior ya no sirve.</Alert>}
        <TextInput
          ref={codeRef}
          label="Código de confirmación"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(e) => { setCode(e.currentTarget.value.replace(/\D/g, '').slice(0, 6)); setCodeError(null); }}
          error={codeError ?? undefined}
          required
          data-autofocus
        />
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Button variant="default" onClick={() => void resend()} disabled={left > 0 || busy} loading={resending}>
            {left > 0 ? `Reenviar código (${formatSeconds(left)})` : 'Reenviar código'}
          </Button>
          <Button type="submit" loading={busy}>Confirmar</Button>
        </Group>
        <Text size="sm" c="dimmed" data-resend-countdown>
          {left > 0 ? `Podrá pedir otro código en ${formatSeconds(left)}.` : '¿No le llegó? Ya puede pedir otro código.'}
        </Text>
        <Text size="sm">
          ¿Escribió mal su correo?{' '}
          <Anchor component="button" type="button" size="sm" onClick={() => open('REGISTER', { data: { returnTo: flow.returnTo, form: flow.form } })}>
            Corregir mis datos
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}

export default withFocusOnMount(ConfirmationEmailContent);
