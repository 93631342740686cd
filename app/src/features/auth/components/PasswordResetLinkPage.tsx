import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { statusOf } from '../../../lib/apiError';
import { getSession, setSession } from '../../../lib/session';
import { openModal } from '../../../modals/modalStore';
import { resetPasswordWithLink } from '../api/accounts';
import { PASSWORDS_DIFFER, REQUIRED } from '../modals/flow';
import { FailureAlert } from './FailureAlert';
import { describeFailure, type CallFailure } from './formErrors';
import { PasswordField } from './PasswordField';
import { newPasswordProblem } from './passwordRules';

/** The token of the link, read once: the address bar drops it right after (it is not left in the history). */
function tokenOfLink(): string | null {
  const token = new URLSearchParams(window.location.search).get('token');
  return token && token.length > 0 ? token : null;
}

type Errors = { password?: string; confirmation?: string };

/**
 * /cuenta/restablecer?token=…: the link of the «¿Olvidó su contraseña?» mail, beside the code. Its token
 * cannot be guessed, so wrong guesses of the code (anyone's) do not end it: when the portal says the code is
 * blocked, this link still works (issue 25 §1, finding 5). Nothing happens on opening it (mail scanners open
 * links): the citizen types the new password twice and presses the button. Then on to «Iniciar sesión»; the
 * server marks this browser trusted, as after a reset by code.
 */
export function PasswordResetLinkPage() {
  const [token] = useState(tokenOfLink);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<CallFailure | null>(null);
  const [busy, setBusy] = useState(false);
  // The link is no longer good (used, expired, replaced): the form goes, the way to ask for another stays.
  const [dead, setDead] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const refs = { password: useRef<HTMLInputElement>(null), confirmation: useRef<HTMLInputElement>(null) };

  useEffect(() => {
    if (window.location.search) window.history.replaceState(window.history.state, '', window.location.pathname);
  }, []);

  // The answer takes the focus the pressed button loses when it is replaced.
  useEffect(() => {
    if (done !== null || dead !== null) resultRef.current?.focus();
  }, [done, dead]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!token) return;
    setFailure(null);
    setBusy(true);
    const found: Errors = {};
    const problem = await newPasswordProblem(password, '');
    if (problem) found.password = problem;
    if (confirmation === '') found.confirmation = REQUIRED;
    else if (confirmation !== password) found.confirmation = PASSWORDS_DIFFER;
    setErrors(found);
    const first = (['password', 'confirmation'] as const).find((f) => found[f]);
    if (first) {
      setBusy(false);
      refs[first].current?.focus();
      return;
    }
    try {
      const answer = await resetPasswordWithLink(token, password, confirmation);
      // Every session of the account ended, this browser's too.
      if (getSession()) setSession(null);
      setDone(answer.message);
    } catch (error) {
      const result = describeFailure(error, ['password', 'password_confirmation'], 'No se pudo cambiar la contraseña. Intente de nuevo.');
      if (statusOf(error) === 400 && Object.keys(result.fields).length === 0 && result.form) {
        setDead(result.form);
      } else {
        setErrors({ password: result.fields.password, confirmation: result.fields.password_confirmation });
        setFailure(result);
        const field = result.fields.password ? refs.password : result.fields.password_confirmation ? refs.confirmation : null;
        field?.current?.focus();
      }
      setBusy(false);
    }
  };

  return (
    <Stack gap="lg" maw={720}>
      <Title order={1}>Crear una contraseña nueva</Title>
      {!token && (
        <Alert color="red" role="alert" title="El enlace está incompleto">
          <Text size="sm">
            Abra el enlace tal como llegó en el correo «Código para restablecer su contraseña», o cópielo entero en la barra de direcciones.
          </Text>
        </Alert>
      )}
      {token && done === null && dead === null && (
        <form onSubmit={(e) => void submit(e)} noValidate aria-label="Contraseña nueva">
          <Stack gap="sm">
            <Text>
              Escriba dos veces la contraseña nueva de su cuenta del Portal Ciudadano. Este enlace sirve una sola vez, aunque el código del mismo
              correo se haya bloqueado por intentos fallidos.
            </Text>
            <FailureAlert failure={failure} />
            <PasswordField
              ref={refs.password}
              label="Nueva contraseña"
              value={password}
              onChange={(v) => { setPassword(v); setErrors((x) => ({ ...x, password: undefined })); }}
              error={errors.password}
              withStrength
            />
            <PasswordField
              ref={refs.confirmation}
              label="Confirme la nueva contraseña"
              value={confirmation}
              onChange={(v) => { setConfirmation(v); setErrors((x) => ({ ...x, confirmation: undefined })); }}
              error={errors.confirmation}
              autoComplete="new-password"
            />
            <Group>
              <Button type="submit" loading={busy}>Cambiar la contraseña</Button>
            </Group>
            <Text size="sm" c="dimmed">Al cambiarla se cierran las sesiones abiertas con la contraseña anterior.</Text>
          </Stack>
        </form>
      )}
      {dead !== null && (
        <>
          <Alert color="red" role="alert" title="El enlace ya no sirve" ref={resultRef} tabIndex={-1}>
            <Text size="sm">{dead}</Text>
          </Alert>
          <Group>
            <Button onClick={() => openModal('FORGET_PASSWORD')}>¿Olvidó su contraseña?</Button>
          </Group>
        </>
      )}
      {done !== null && (
        <>
          <Alert color="teal" role="status" title={done} ref={resultRef} tabIndex={-1}>
            <Text size="sm">Ya puede ingresar con su nueva contraseña. Por seguridad cerramos las sesiones que estaban abiertas con la anterior.</Text>
          </Alert>
          <Group>
            <Button onClick={() => openModal('LOGIN')}>Iniciar sesión</Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
