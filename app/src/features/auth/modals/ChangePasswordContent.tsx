import { useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useSession } from '../../../lib/session';
import type { ModalContentProps } from '../../../modals/modalContent';
import { changePassword } from '../api/accounts';
import { FailureAlert } from '../components/FailureAlert';
import { describeFailure, type CallFailure } from '../components/formErrors';
import { PasswordField } from '../components/PasswordField';
import { newPasswordProblem } from '../components/passwordRules';
import { PASSWORDS_DIFFER, REQUIRED } from './flow';
import { withFocusOnMount } from './focusOnMount';

type Field = 'current' | 'next' | 'confirmation';

/** CHANGE_PASSWORD: the current password and a new one (strength hint); the server ends the citizen's other sessions. */
function ChangePasswordContent({ close }: ModalContentProps) {
  const citizen = useSession();
  const [values, setValues] = useState<Record<Field, string>>({ current: '', next: '', confirmation: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<CallFailure | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const refs = { current: useRef<HTMLInputElement>(null), next: useRef<HTMLInputElement>(null), confirmation: useRef<HTMLInputElement>(null) };
  const personal = citizen ? [citizen.email, citizen.nombres, citizen.apellidos] : [];
  const set = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    setBusy(true);
    const found: Partial<Record<Field, string>> = {};
    if (values.current === '') found.current = REQUIRED;
    const problem = await newPasswordProblem(values.next, citizen?.cedula ?? '', personal);
    if (problem) found.next = problem;
    else if (values.next === values.current) found.next = 'La nueva contraseña debe ser distinta de la actual';
    if (values.confirmation === '') found.confirmation = REQUIRED;
    else if (values.confirmation !== values.next) found.confirmation = PASSWORDS_DIFFER;
    setErrors(found);
    const first = (['current', 'next', 'confirmation'] as const).find((f) => found[f]);
    if (first) {
      setBusy(false);
      return refs[first].current?.focus();
    }
    try {
      setDone((await changePassword(values.current, values.next)).message);
    } catch (error) {
      const result = describeFailure(error, ['current_password', 'new_password'], 'No se pudo cambiar la contraseña. Intente de nuevo.');
      setErrors({ current: result.fields.current_password, next: result.fields.new_password });
      setFailure(result);
      if (result.fields.current_password) refs.current.current?.focus();
      else if (result.fields.new_password) refs.next.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <Stack gap="sm">
        <Alert color="green" title={done} role="status">
          Cerramos las sesiones abiertas en otros dispositivos y navegadores; en este sigue conectado.
        </Alert>
        <Group justify="flex-end">
          <Button onClick={close} data-autofocus>Cerrar</Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Cambiar la contraseña">
      <Stack gap="sm">
        <Text size="sm">Al cambiarla se cierran sus sesiones en otros dispositivos.</Text>
        <FailureAlert failure={failure} />
        <PasswordField ref={refs.current} label="Contraseña actual" value={values.current} onChange={(v) => set('current', v)} error={errors.current} data-autofocus />
        <PasswordField
          ref={refs.next}
          label="Nueva contraseña"
          value={values.next}
          onChange={(v) => set('next', v)}
          error={errors.next}
          withStrength
          cedula={citizen?.cedula}
          personal={personal}
        />
        <PasswordField
          ref={refs.confirmation}
          label="Confirme la nueva contraseña"
          value={values.confirmation}
          onChange={(v) => set('confirmation', v)}
          error={errors.confirmation}
          autoComplete="new-password"
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={close} disabled={busy}>Cancelar</Button>
          <Button type="submit" loading={busy}>Cambiar la contraseña</Button>
        </Group>
      </Stack>
    </form>
  );
}

export default withFocusOnMount(ChangePasswordContent);
