import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Group, Loader, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { PROFILE_CURRENT_PASSWORD_FIELD } from '@portal/api-contract';
import { notifications } from '@mantine/notifications';
import type { PathMessage } from '@portal/form-engine';
import { ErrorSummary, SchemaForm } from '@portal/form-mantine';
import { useSWRConfig } from 'swr';
import { ApiError, errorMessage } from '../../../lib/apiError';
import { getSession, setSession } from '../../../lib/session';
import type { ModalContentProps } from '../../../modals/modalContent';
import { confirmEmail, PROFILE_KEY, updateProfile, useProfile, type CitizenProfile } from '../api';
import { formDataOf, perfil } from '../form';
import { createFormApi } from '../../../api/formApi';

/** What USER_EDIT may be opened with: the profile (else it is read), and `step: 'code'` to go straight to the e-mail code. */
export interface UserEditData {
  profile?: CitizenProfile;
  step?: 'form' | 'code';
}

const FORM_ID = 'perfil-form';
const SAVED = 'Sus datos se guardaron.';
const CODE_RULE = /^[0-9]{6}$/;

/**
 * USER_EDIT: the profile form (schemas/perfil, run by the engine as on the
 * server). Saving keeps everything typed when it fails; when the e-mail
 * changed, the code sent to the new address is asked for next.
 */
export default function UserEditContent({ data, close }: ModalContentProps) {
  const given = (data ?? {}) as UserEditData;
  // Opened from elsewhere (the welcome after the first login) the profile is read here.
  const { data: fetched, error } = useProfile();
  const profile = given.profile ?? fetched;
  if (profile) return <EditProfile profile={profile} firstStep={given.step ?? 'form'} close={close} />;
  if (error) return <Alert color="red" role="alert">{errorMessage(error, 'No se pudo cargar su perfil. Intente de nuevo.')}</Alert>;
  return <Loader role="progressbar" aria-label="Cargando su perfil" />;
}

function EditProfile({ profile, firstStep, close }: { profile: CitizenProfile; firstStep: 'form' | 'code'; close(): void }) {
  const { mutate } = useSWRConfig();
  const formApi = useMemo(() => createFormApi(), []);
  const [draft, setDraft] = useState<Record<string, unknown>>(() => formDataOf(profile));
  const [errors, setErrors] = useState<PathMessage[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [step, setStep] = useState<'form' | 'code'>(firstStep);
  const [pendingEmail, setPendingEmail] = useState<string | null>(profile.correo_pendiente);
  // The profile as the server last answered it (a resend saves it again with the pending address).
  const [saved, setSaved] = useState<CitizenProfile>(profile);
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [currentPassword, setCurrentPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const saveRef = useRef<HTMLButtonElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  // A new address (neither the account's nor the one already waiting for its code) needs the current password.
  const typedEmail = typeof draft.correo_electronico === 'string' ? draft.correo_electronico.trim().toLowerCase() : '';
  const needsPassword =
    typedEmail !== '' && typedEmail !== profile.correo_electronico.toLowerCase() && typedEmail !== (pendingEmail ?? '').toLowerCase();

  // The code step replaces the form inside the open dialog: its field takes the focus the disabled button lost.
  useEffect(() => {
    if (step === 'code') codeRef.current?.focus();
  }, [step]);

  // The button is disabled while sending, which drops focus to the page: after a failure it goes back to it.
  useEffect(() => {
    if (!busy && failure && errors.length === 0) saveRef.current?.focus();
  }, [busy, failure, errors]);

  const save = async (pruned: Record<string, unknown>, found: PathMessage[]) => {
    setFailure(null);
    if (found.length > 0) {
      setErrors(found);
      return;
    }
    setErrors([]);
    if (needsPassword && currentPassword === '') {
      setPasswordError('Escriba su contraseña actual para cambiar el correo');
      passwordRef.current?.focus();
      return;
    }
    setPasswordError(null);
    setBusy(true);
    try {
      const answer = await updateProfile(profile.id, pruned, needsPassword ? currentPassword : undefined);
      setCurrentPassword('');
      await mutate(PROFILE_KEY, answer.data, { revalidate: false });
      setSaved(answer.data);
      if (answer.email_change_pending) {
        setPendingEmail(answer.data.correo_pendiente);
        setSentMessage(answer.message);
        setStep('code');
        return;
      }
      notifications.show({ color: 'teal', message: SAVED });
      close();
    } catch (err) {
      // The schema's messages go on their fields; anything else above the form. What was typed stays.
      const all = err instanceof ApiError ? err.fieldErrors : [];
      // The password is not a field of the schema: its message goes on its own input, which takes the focus.
      const onPassword = all.find((f) => f.path === PROFILE_CURRENT_PASSWORD_FIELD);
      const fields = all.filter((f) => f.path !== PROFILE_CURRENT_PASSWORD_FIELD);
      setErrors(fields);
      if (onPassword) {
        setPasswordError(onPassword.message);
        setCurrentPassword('');
        passwordRef.current?.focus();
        return;
      }
      setFailure(errorMessage(err, 'No se pudieron guardar sus datos. Intente de nuevo.') ?? 'No se pudieron guardar sus datos. Intente de nuevo.');
    } finally {
      setBusy(false);
    }
  };

  const submitCode = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    if (!CODE_RULE.test(code.trim())) {
      setCodeError('Escriba los 6 dígitos del código');
      codeRef.current?.focus();
      return;
    }
    setCodeError(null);
    setBusy(true);
    try {
      const answer = await confirmEmail(code.trim());
      await mutate(PROFILE_KEY, answer.data, { revalidate: false });
      // The browser's copy of the signed-in citizen carries the e-mail too.
      const session = getSession();
      if (session && session.id === answer.data.id) setSession({ ...session, email: answer.data.correo_electronico });
      notifications.show({ color: 'teal', message: answer.message });
      close();
    } catch (err) {
      const field = err instanceof ApiError ? err.fieldErrors.find((f) => f.path === 'code') : undefined;
      if (field) setCodeError(field.message);
      else setFailure(errorMessage(err, 'No se pudo confirmar el correo. Intente de nuevo.'));
      codeRef.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  /** Another code to the pending address: the saved profile is sent again with it. */
  const resend = async () => {
    if (!pendingEmail) return;
    setFailure(null);
    setCodeError(null);
    setBusy(true);
    try {
      const answer = await updateProfile(saved.id, { ...formDataOf(saved), correo_electronico: pendingEmail });
      await mutate(PROFILE_KEY, answer.data, { revalidate: false });
      setSaved(answer.data);
      setSentMessage(`Le enviamos otro código a ${pendingEmail}. Use el más reciente.`);
      setCode('');
      codeRef.current?.focus();
    } catch (err) {
      setFailure(errorMessage(err, 'No se pudo enviar otro código. Intente de nuevo.'));
    } finally {
      setBusy(false);
    }
  };

  if (step === 'code') {
    return (
      <form onSubmit={(e) => void submitCode(e)} noValidate aria-label="Confirmar el nuevo correo">
        <Stack>
          <Alert color="blue" role="status" title="Confirme su nuevo correo">
            <Text size="sm">{sentMessage ?? `Le enviamos un código a ${pendingEmail ?? 'su nuevo correo'}: escríbalo para confirmar su nuevo correo.`}</Text>
            <Text size="sm" mt="xs">Hasta entonces, su cuenta sigue usando {profile.correo_electronico}.</Text>
          </Alert>
          {failure && <Alert color="red" role="alert">{failure}</Alert>}
          <TextInput
            ref={codeRef}
            label="Código de confirmación"
            description="Los 6 dígitos del correo que le enviamos"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
            value={code}
            onChange={(e) => setCode(e.currentTarget.value.replace(/\D/g, ''))}
            error={codeError}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="subtle" onClick={() => void resend()} disabled={busy}>Enviar otro código</Button>
            <Button variant="default" onClick={close} disabled={busy}>Confirmar después</Button>
            <Button type="submit" loading={busy}>Confirmar correo</Button>
          </Group>
        </Stack>
      </form>
    );
  }

  return (
    <Stack>
      {pendingEmail && (
        <Alert color="blue" role="status">
          <Text size="sm">Su cambio a {pendingEmail} espera el código que le enviamos.</Text>
          <Button variant="subtle" size="compact-sm" mt={4} onClick={() => setStep('code')}>Escribir el código</Button>
        </Alert>
      )}
      {failure && <Alert color="red" role="alert">{failure}</Alert>}
      <ErrorSummary errors={errors} schema={perfil} />
      <SchemaForm
        id={FORM_ID}
        schema={perfil}
        formData={draft}
        onChange={(next) => setDraft(next)}
        api={formApi}
        errors={errors}
        showErrors="touched"
        onSubmit={(pruned, found) => void save(pruned, found)}
      >
        {needsPassword && (
          // Outside the schema's form element (SchemaForm renders its children after it): `form` joins it, so Enter saves.
          // The same show/hide button as the account's password fields (features/auth PasswordField).
          <PasswordInput
            ref={passwordRef}
            form={FORM_ID}
            mt="md"
            label="Contraseña actual"
            description="Para cambiar el correo de su cuenta, confirme que es usted."
            autoComplete="current-password"
            required
            value={currentPassword}
            onChange={(e) => setCurrentPassword(e.currentTarget.value)}
            error={passwordError}
            aria-invalid={passwordError ? true : undefined}
            visibilityToggleFocusable
            visibilityToggleButtonProps={{ 'aria-label': 'Mostrar lo escrito' }}
          />
        )}
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={close} disabled={busy}>Cancelar</Button>
          <Button ref={saveRef} type="submit" form={FORM_ID} loading={busy}>Guardar cambios</Button>
        </Group>
      </SchemaForm>
    </Stack>
  );
}
