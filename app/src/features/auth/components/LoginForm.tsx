import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useLocation } from 'wouter';
import { forgetSessionEnded, sessionEnded } from '../../../lib/session';
import { openModal } from '../../../modals/modalStore';
import { login } from '../api/login';
import { afterLogin } from './afterLogin';
import { CedulaField, cedulaProblem } from './CedulaField';
import { FailureAlert } from './FailureAlert';
import { describeFailure, type CallFailure } from './formErrors';

export interface LoginFormProps {
  /** Called once logged in, after any navigation to `returnTo` (which closes an open modal). Default: none (the session store tells the pages). */
  onDone?: (result: { navigated: boolean }) => void;
  /** Level of the form's heading: 1 on a page of its own. Default: 2. */
  headingOrder?: 1 | 2;
  /** No heading of its own (inside the LOGIN modal, whose title is the heading). Default: false. */
  withoutHeading?: boolean;
  /** Where to go once logged in (a local address). Default: stay on the page. */
  returnTo?: string | null;
  /** The cédula to start with (after registering or restoring the password). Default: empty. */
  initialCedula?: string;
}

/** Passkeys need WebAuthn in the browser (checked without loading the passkey code: the home page's first paint carries this form). */
const webAuthnAvailable = () => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/**
 * «Ingresar con rostro o huella»: a passkey (WebAuthn discoverable credential) signs in to the same
 * session as the password. Where the browser has conditional UI, the offer also waits among the
 * cédula field's suggestions; it stops when the form goes away. The passkey code (api/passkeys.ts)
 * is loaded on first use, off the home page's first paint.
 */
function usePasskeySignIn({ navigate, returnTo, onDone, onFailure }: {
  navigate: (to: string) => void;
  returnTo?: string | null;
  onDone?: LoginFormProps['onDone'];
  onFailure: (failure: CallFailure | null) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [supported] = useState(webAuthnAvailable);
  const done = useRef({ navigate, returnTo, onDone });
  done.current = { navigate, returnTo, onDone };

  const finish = (answer: Awaited<ReturnType<typeof import('../../../api/passkeys').signInWithPasskey>>) => {
    const navigated = afterLogin(answer, done.current.navigate, done.current.returnTo);
    done.current.onDone?.({ navigated });
  };

  useEffect(() => {
    if (!supported) return undefined;
    let active = true;
    void (async () => {
      const passkeys = await import('../../../api/passkeys');
      if (!active || !(await passkeys.passkeyAutofillSupported()) || !active) return;
      try {
        const answer = await passkeys.signInWithPasskey({ autofill: true });
        if (active) finish(answer);
      } catch {
        // Cancelled, replaced by the button's ceremony, or the form went away: the citizen still has both ways in.
      }
    })();
    return () => {
      active = false;
      void import('../../../api/passkeys').then((passkeys) => passkeys.cancelPasskeyCeremony());
    };
  }, [supported]);

  const start = async () => {
    onFailure(null);
    setBusy(true);
    try {
      const passkeys = await import('../../../api/passkeys');
      finish(await passkeys.signInWithPasskey());
    } catch (err) {
      const passkeys = await import('../../../api/passkeys');
      const device = passkeys.deviceProblem(err);
      onFailure(device ? { fields: {}, form: device, busy: false } : describeFailure(err, [], 'No se pudo ingresar con rostro o huella.'));
    } finally {
      setBusy(false);
    }
  };
  return { supported, busy, start };
}

/**
 * Log in with cédula (mask and check digit) and password; "¿Olvidó su
 * contraseña?" (FORGET_PASSWORD) and "Crear una cuenta" (REGISTER). A failed
 * call keeps what was typed and shows the server's message.
 */
export function LoginForm({ onDone, headingOrder = 2, withoutHeading = false, returnTo, initialCedula = '' }: LoginFormProps) {
  const [cedula, setCedula] = useState(initialCedula);
  const [password, setPassword] = useState('');
  const [cedulaError, setCedulaError] = useState<string | null>(null);
  const [failure, setFailure] = useState<CallFailure | null>(null);
  const [busy, setBusy] = useState(false);
  const [, navigate] = useLocation();
  const cedulaRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  // The server ended the session this browser held (api-client's endSession): say why the citizen is here.
  const [ended, setEnded] = useState(sessionEnded);
  const passkey = usePasskeySignIn({ navigate, returnTo, onDone, onFailure: setFailure });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    if (cedula === '' && password === '') {
      setFailure({ fields: {}, form: 'Escriba su cédula (11 dígitos) y su contraseña.', busy: false });
      cedulaRef.current?.focus();
      return;
    }
    const problem = await cedulaProblem(cedula);
    setCedulaError(problem);
    if (problem) return cedulaRef.current?.focus();
    if (password === '') {
      setFailure({ fields: {}, form: 'Escriba su contraseña.', busy: false });
      return passwordRef.current?.focus();
    }
    setBusy(true);
    try {
      const answer = await login(cedula, password);
      const navigated = afterLogin(answer, navigate, returnTo);
      onDone?.({ navigated });
    } catch (err) {
      setFailure(describeFailure(err, [], 'No se pudo iniciar sesión.'));
    } finally {
      setBusy(false);
    }
  };

  const data = { returnTo: returnTo ?? null, cedula };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate {...(withoutHeading ? { 'aria-label': 'Iniciar sesión' } : { 'aria-labelledby': 'login-title' })}>
      <Stack gap="sm" maw={withoutHeading ? undefined : 360}>
        {!withoutHeading && <Title order={headingOrder} id="login-title">Iniciar sesión</Title>}
        {ended && (
          <Alert
            color="yellow"
            role="status"
            title="Su sesión terminó"
            withCloseButton
            closeButtonLabel="Cerrar el aviso"
            onClose={() => {
              forgetSessionEnded();
              setEnded(null);
            }}
          >
            Por su seguridad, la sesión se cerró (venció o se cerró en otro lugar). Inicie sesión de nuevo para continuar; lo que ya guardó sigue en su cuenta.
            {ended === 'unsent-removed' && ' Los últimos cambios que no se habían guardado se borraron de este equipo.'}
          </Alert>
        )}
        <FailureAlert failure={failure} />
        <CedulaField ref={cedulaRef} autoComplete="username webauthn" value={cedula} onChange={(v) => { setCedula(v); setCedulaError(null); }} error={cedulaError} data-autofocus={(withoutHeading && initialCedula === '') || undefined} />
        <PasswordInput
          ref={passwordRef}
          label="Contraseña"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          required
          visibilityToggleFocusable
          visibilityToggleButtonProps={{ 'aria-label': 'Mostrar lo escrito' }}
          // In the modal with the cédula already known (after registering or a reset), the password is next.
          data-autofocus={(withoutHeading && initialCedula !== '') || undefined}
        />
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Anchor component="button" type="button" size="sm" onClick={() => openModal('FORGET_PASSWORD', { data })}>¿Olvidó su contraseña?</Anchor>
          <Button type="submit" loading={busy} disabled={passkey.busy}>Ingresar</Button>
        </Group>
        {passkey.supported && (
          <Button variant="default" onClick={() => void passkey.start()} loading={passkey.busy} disabled={busy}>Ingresar con rostro o huella</Button>
        )}
        <Text size="sm">
          ¿No tiene cuenta?{' '}
          <Anchor component="button" type="button" size="sm" onClick={() => openModal('REGISTER', { data })}>Crear una cuenta</Anchor>
        </Text>
      </Stack>
    </form>
  );
}
