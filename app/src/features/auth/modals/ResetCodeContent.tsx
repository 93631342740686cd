import { useRef, useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { ModalContentProps } from '../../../modals/modalContent';
import { forgotPassword, resetPassword } from '../api/accounts';
import { FailureAlert } from '../components/FailureAlert';
import { SandboxMailNote } from '../components/SandboxHint';
import { describeFailure, type CallFailure } from '../components/formErrors';
import { PasswordField } from '../components/PasswordField';
import { newPasswordProblem } from '../components/passwordRules';
import { flowData, PASSWORDS_DIFFER, REQUIRED } from './flow';
import { withFocusOnMount } from './focusOnMount';

/** RESETCODE: the code received by e-mail and the new password (with its strength hint), then SUCCESS_RESTORED. */
function ResetCodeContent({ data, open }: ModalContentProps) {
  const flow = flowData(data);
  const cedula = flow.cedula ?? '';
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<{ code?: string; password?: string; confirmation?: string }>({});
  const [failure, setFailure] = useState<CallFailure | null>(null);
  const [notice, setNotice] = useState(flow.message ?? null);
  const [busy, setBusy] = useState(false);
  const refs = { code: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null), confirmation: useRef<HTMLInputElement>(null) };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    setBusy(true);
    const found: typeof errors = {};
    if (!/^\d{6}$/.test(code)) found.code = 'Escriba el código de 6 dígitos que recibió';
    const problem = await newPasswordProblem(password, cedula);
    if (problem) found.password = problem;
    if (confirmation === '') found.confirmation = REQUIRED;
    else if (confirmation !== password) found.confirmation = PASSWORDS_DIFFER;
    setErrors(found);
    const first = (['code', 'password', 'confirmation'] as const).find((f) => found[f]);
    if (first) {
      setBusy(false);
      return refs[first].current?.focus();
    }
    try {
      const answer = await resetPassword(cedula, code, password);
      open('SUCCESS_RESTORED', { data: { returnTo: flow.returnTo, cedula, message: answer.message } });
    } catch (error) {
      const result = describeFailure(error, ['password'], 'No se pudo cambiar la contraseña. Intente de nuevo.');
      setErrors({ password: result.fields.password });
      setFailure(result);
      setBusy(false);
    }
  };

  const another = async () => {
    setFailure(null);
    try {
      setNotice((await forgotPassword(cedula)).message);
    } catch (error) {
      setFailure(describeFailure(error, [], 'No se pudo pedir otro código. Intente de nuevo.'));
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Código de recuperación">
      <Stack gap="sm">
        {notice && <Alert color="blue" role="status">{notice}. El código vence en 30 minutos.</Alert>}
        <FailureAlert failure={failure} />
        <SandboxMailNote />
        <TextInput
          ref={refs.code}
          label="Código recibido por correo"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(e) => { setCode(e.currentTarget.value.replace(/\D/g, '').slice(0, 6)); setErrors((x) => ({ ...x, code: undefined })); }}
          error={errors.code}
          required
          data-autofocus
        />
        <PasswordField
          ref={refs.password}
          label="Nueva contraseña"
          value={password}
          onChange={(v) => { setPassword(v); setErrors((x) => ({ ...x, password: undefined })); }}
          error={errors.password}
          withStrength
          cedula={cedula}
        />
        <PasswordField
          ref={refs.confirmation}
          label="Confirme la nueva contraseña"
          value={confirmation}
          onChange={(v) => { setConfirmation(v); setErrors((x) => ({ ...x, confirmation: undefined })); }}
          error={errors.confirmation}
          autoComplete="new-password"
        />
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Anchor component="button" type="button" size="sm" onClick={() => void another()}>Pedir otro código</Anchor>
          <Button type="submit" loading={busy}>Cambiar la contraseña</Button>
        </Group>
        <Text size="sm" c="dimmed">Al cambiarla se cierran las sesiones abiertas con la contraseña anterior.</Text>
        <Text size="sm" c="dimmed">El correo también trae un enlace para crear la contraseña nueva: si el código no funciona, abra el enlace del último correo.</Text>
      </Stack>
    </form>
  );
}

export default withFocusOnMount(ResetCodeContent);
