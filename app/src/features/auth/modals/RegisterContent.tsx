import { useRef, useState, type FormEvent } from 'react';
import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { applyMask, unmask } from '@portal/form-mantine/mask';
import type { ModalContentProps } from '../../../modals/modalContent';
import { CedulaField, cedulaProblem } from '../components/CedulaField';
import { FailureAlert } from '../components/FailureAlert';
import { PasswordField } from '../components/PasswordField';
import { SandboxPeople } from '../components/SandboxHint';
import { newPasswordProblem } from '../components/passwordRules';
import { EMAIL_PATTERN, flowData, INVALID_EMAIL, isoDate, PASSWORDS_DIFFER, REQUIRED, type RegisterFormValues } from './flow';
import { withFocusOnMount } from './focusOnMount';

const DATE_MASK = '##/##/####';
type Field = keyof RegisterFormValues;
/** The server's field names → the form's. */
const SERVER_FIELDS: Record<string, Field> = { cedula: 'cedula', fecha_nacimiento: 'fecha', email: 'email', password: 'password', password_confirmation: 'confirmation' };

/** The browser's checks, with the server's words; the first field in error is focused. */
async function check(form: RegisterFormValues): Promise<Partial<Record<Field, string>>> {
  const errors: Partial<Record<Field, string>> = {};
  const cedula = await cedulaProblem(form.cedula);
  if (cedula) errors.cedula = cedula;
  if (form.fecha === '') errors.fecha = REQUIRED;
  else if (!isoDate(form.fecha)) errors.fecha = 'Escriba una fecha válida (DD/MM/AAAA)';
  if (form.email.trim() === '') errors.email = REQUIRED;
  else if (!EMAIL_PATTERN.test(form.email.trim())) errors.email = INVALID_EMAIL;
  const password = await newPasswordProblem(form.password, form.cedula, [form.email]);
  if (password) errors.password = password;
  if (form.confirmation === '') errors.confirmation = REQUIRED;
  else if (form.confirmation !== form.password) errors.confirmation = PASSWORDS_DIFFER;
  return errors;
}

/**
 * REGISTER: cédula, fecha de nacimiento (as in the JCE), correo, contraseña
 * and its confirmation. Checked here with the server's rules, then on to
 * CHOOSE_AUTH_METHOD, which calls the server; a refusal brings the citizen
 * back here with everything typed and the server's message on its field.
 */
function RegisterContent({ data, open }: ModalContentProps) {
  const flow = flowData(data);
  const [form, setForm] = useState<RegisterFormValues>(
    flow.form ?? { cedula: flow.cedula ?? '', fecha: '', email: '', password: '', confirmation: '' },
  );
  const initialErrors: Partial<Record<Field, string>> = {};
  for (const [path, message] of Object.entries(flow.failure?.fields ?? {})) {
    const field = SERVER_FIELDS[path];
    if (field) initialErrors[field] = message;
  }
  const [errors, setErrors] = useState(initialErrors);
  const [checking, setChecking] = useState(false);
  const refs = {
    cedula: useRef<HTMLInputElement>(null),
    fecha: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
    confirmation: useRef<HTMLInputElement>(null),
  };
  const set = (field: Field, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const firstError = Object.keys(initialErrors)[0] as Field | undefined;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setChecking(true);
    const found = await check(form);
    setChecking(false);
    setErrors(found);
    const first = (Object.keys(refs) as Field[]).find((f) => found[f]);
    if (first) return refs[first].current?.focus();
    open('CHOOSE_AUTH_METHOD', { data: { form: { ...form, email: form.email.trim() }, returnTo: flow.returnTo } });
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Crear una cuenta">
      <Stack gap="sm">
        <Text size="sm">Use los datos de su cédula tal como constan en la Junta Central Electoral. Le enviaremos un código a su correo para activar la cuenta.</Text>
        <FailureAlert failure={flow.failure && Object.keys(initialErrors).length === 0 ? flow.failure : null} />
        <SandboxPeople
          onUse={(cedula, fecha) => {
            set('cedula', cedula);
            set('fecha', fecha);
            refs.email.current?.focus();
          }}
        />
        <CedulaField ref={refs.cedula} value={form.cedula} onChange={(v) => set('cedula', v)} error={errors.cedula} data-autofocus={firstError === undefined || firstError === 'cedula'} />
        <TextInput
          ref={refs.fecha}
          label="Fecha de nacimiento"
          description="Día, mes y año: DD/MM/AAAA"
          inputMode="numeric"
          autoComplete="bday"
          placeholder="DD/MM/AAAA"
          value={applyMask(unmask(form.fecha), DATE_MASK)}
          onChange={(e) => set('fecha', applyMask(unmask(e.currentTarget.value).slice(0, 8), DATE_MASK))}
          error={errors.fecha}
          required
          data-autofocus={firstError === 'fecha' || undefined}
        />
        <TextInput
          ref={refs.email}
          label="Correo electrónico"
          type="email"
          autoComplete="email"
          value={form.email}
          onChange={(e) => set('email', e.currentTarget.value)}
          error={errors.email}
          required
          data-autofocus={firstError === 'email' || undefined}
        />
        <PasswordField
          ref={refs.password}
          label="Contraseña"
          value={form.password}
          onChange={(v) => set('password', v)}
          error={errors.password}
          withStrength
          cedula={form.cedula}
          personal={[form.email]}
          data-autofocus={firstError === 'password' || undefined}
        />
        <PasswordField
          ref={refs.confirmation}
          label="Confirme la contraseña"
          value={form.confirmation}
          onChange={(v) => set('confirmation', v)}
          error={errors.confirmation}
          autoComplete="new-password"
          data-autofocus={firstError === 'confirmation' || undefined}
        />
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Anchor component="button" type="button" size="sm" onClick={() => open('LOGIN', { data: { returnTo: flow.returnTo, cedula: form.cedula } })}>
            Ya tengo una cuenta
          </Anchor>
          <Button type="submit" loading={checking}>Continuar</Button>
        </Group>
      </Stack>
    </form>
  );
}

export default withFocusOnMount(RegisterContent);
