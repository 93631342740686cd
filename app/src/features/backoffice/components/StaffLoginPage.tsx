import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Checkbox, Code, Group, List, PasswordInput, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { SANDBOX_STAFF_TOTP_SECRET, type StaffLoginResponse, type StaffSessionResponse } from '@portal/api-contract';
import { useSWRConfig } from 'swr';
import { useLocation, useSearch } from 'wouter';
import { useShellConfig } from '../../../api/shellConfig';
import { staffPaths, isStaffArea, localReturnTo } from '../../../config/paths';
import { ApiError } from '../../../lib/apiError';
import { STAFF_ME_KEY, staffEnrol, staffLogin, staffSecondFactor } from '../api/backoffice';
import { staffDeviceProblem, staffEnrolPasskey, staffPasskeySecondFactor, staffPasskeysSupported } from '../api/staffPasskeys';

/** The sandbox's back-office accounts, as README documents them (only shown with the simulated agencies). */
const SANDBOX_ACCOUNTS = [
  { who: 'Ventanilla Única (VUF)', email: 'oficial.vuf@sandbox.gob.do', password: 'Oficial-VUF-2026' },
  { who: 'PGR', email: 'oficial.pgr@sandbox.gob.do', password: 'Oficial-PGR-2026' },
  { who: 'INTRANT', email: 'oficial.intrant@sandbox.gob.do', password: 'Oficial-INTRANT-2026' },
  { who: 'INAPA', email: 'oficial.inapa@sandbox.gob.do', password: 'Oficial-INAPA-2026' },
  { who: 'Administración', email: 'admin@sandbox.gob.do', password: 'Admin-Portal-2026' },
  { who: 'Analista de formularios', email: 'analista@sandbox.gob.do', password: 'Analista-Portal-2026' },
];

function SandboxAccounts({ onUse }: { onUse(email: string, password: string): void }) {
  if (!useShellConfig()?.sandbox) return null;
  return (
    <Alert color="yellow" title="Entorno de prueba" role="note">
      <Text size="sm">Las cuentas del personal son ficticias. Puede ingresar con una de estas:</Text>
      <List size="sm" mt="xs" spacing={4}>
        {SANDBOX_ACCOUNTS.map((a) => (
          <List.Item key={a.email}>
            {a.who}: {a.email} / {a.password}{' '}
            <Button size="compact-xs" variant="white" onClick={() => onUse(a.email, a.password)} aria-label={`Usar la cuenta de ${a.who}`}>Usar</Button>
          </List.Item>
        ))}
      </List>
      <Text size="sm" mt="xs">
        Segundo factor: todas usan la clave <Code>{SANDBOX_STAFF_TOTP_SECRET}</Code> en una aplicación de autenticación (Google Authenticator,
        Microsoft Authenticator, FreeOTP…), o vea el código del momento con <Code>npm run staff:code</Code> en la carpeta del portal. Cada código
        sirve para un solo ingreso: para el siguiente, espere a que cambie (cada 30 segundos).
      </Text>
    </Alert>
  );
}

/** The base32 key in groups of four, easier to copy by hand. */
const grouped = (secret: string): string => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

type Factor = StaffLoginResponse['factors'][number];

type Step =
  | { kind: 'password' }
  | { kind: 'codigo'; factors: Factor[] }
  /** First sign-in (or after a reset): choose a passkey or the authenticator app. */
  | { kind: 'elegir'; secret: string; uri: string }
  | { kind: 'alta'; secret: string; uri: string }
  | { kind: 'codigos'; codes: string[]; factor: Factor };

/** How the code step is answered: the member's passkey, the app's code or a recovery code. */
type Mode = 'llave' | 'aplicacion' | 'recuperacion';

/** Focuses the step's heading when the step changes (a screen reader hears where it is); each step's form has its own key, so this mounts anew. */
function StepTitle({ id, children }: { id: string; children: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return <Title order={1} id={id} ref={ref} tabIndex={-1}>{children}</Title>;
}

/** The recovery codes, shown once after the enrolment: download, copy, and «Guardé mis códigos» before going on. */
function RecoveryCodes({ codes, factor, onDone }: { codes: string[]; factor: Factor; onDone(): void }) {
  const [saved, setSaved] = useState(false);
  const [copied, setCopied] = useState<string | null>(null);
  const text = `Códigos de recuperación de la Oficina de la institución (cada uno sirve una vez):\n${codes.join('\n')}\n`;
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'codigos-de-recuperacion.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied('Códigos copiados.');
    } catch {
      setCopied('No se pudieron copiar: descárguelos o anótelos.');
    }
  };
  return (
    <Stack gap="sm" maw={520}>
      <StepTitle id="staff-codes-title">Sus códigos de recuperación</StepTitle>
      <Text size="sm">
        {factor === 'llave_de_acceso'
          ? 'Si pierde el dispositivo o la llave de seguridad con su llave de acceso, cada uno de estos códigos le deja ingresar una vez en su lugar. '
          : 'Si pierde el teléfono con la aplicación de autenticación, cada uno de estos códigos le deja ingresar una vez en lugar del código de la aplicación. '}
        Guárdelos en un lugar seguro: <strong>no se vuelven a mostrar</strong>.
      </Text>
      <List aria-label="Códigos de recuperación" listStyleType="none" spacing={4} ff="monospace">
        {codes.map((c) => <List.Item key={c}><Code fz="md">{c}</Code></List.Item>)}
      </List>
      <Group gap="sm">
        <Button variant="light" onClick={download}>Descargar</Button>
        <Button variant="light" onClick={() => void copy()}>Copiar</Button>
      </Group>
      <Text size="sm" role="status" aria-live="polite">{copied ?? ''}</Text>
      <Checkbox label="Guardé mis códigos" checked={saved} onChange={(e) => setSaved(e.currentTarget.checked)} />
      <Button onClick={onDone} disabled={!saved} style={{ alignSelf: 'flex-start' }}>Continuar</Button>
    </Stack>
  );
}

/** Staff sign-in: e-mail and password, then the second factor (or its enrolment the first time), apart from the citizens' login. */
export function StaffLoginPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [mode, setMode] = useState<Mode>('aplicacion');
  const [choice, setChoice] = useState<'llave' | 'aplicacion' | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [, navigate] = useLocation();
  const search = useSearch();
  const { mutate } = useSWRConfig();
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const passkeyRef = useRef<HTMLButtonElement>(null);
  const choiceRef = useRef<HTMLInputElement>(null);
  const recovery = mode === 'recuperacion';
  const passkeysSupported = staffPasskeysSupported();

  const goIn = () => {
    const back = localReturnTo(new URLSearchParams(search).get('volver'));
    navigate(back && isStaffArea(back) && !back.startsWith(staffPaths.staffLogin.pattern) ? back : staffPaths.staffQueue.href());
  };

  const fail = (err: unknown, fallback: string) => {
    setFailure(err instanceof ApiError ? err.message : fallback);
    setBusy(false);
  };

  const restart = (message: string | null = null) => {
    setStep({ kind: 'password' });
    setCode('');
    setMode('aplicacion');
    setChoice(null);
    setPassword('');
    setFailure(message);
  };

  /** The pending sign-in ended (5 minutes, or used): back to the password. */
  const expired = (err: unknown): boolean => {
    if (!(err instanceof ApiError && err.status === 401 && /venció/.test(err.message))) return false;
    restart(err.message);
    return true;
  };

  const switchTo = (next: Mode) => {
    setMode(next);
    setCode('');
    setFailure(null);
    setTimeout(() => (next === 'llave' ? passkeyRef.current : codeRef.current)?.focus(), 0);
  };

  const submitPassword = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    if (email.trim() === '') {
      setFailure('Escriba su correo electrónico.');
      return emailRef.current?.focus();
    }
    if (password === '') {
      setFailure('Escriba su contraseña.');
      return passwordRef.current?.focus();
    }
    setBusy(true);
    try {
      const answer = await staffLogin(email.trim(), password);
      // The password is not needed any more: not kept in the page's state.
      setPassword('');
      setCode('');
      setChoice(null);
      if (answer.step === 'alta' && answer.totp_secret && answer.totp_uri) {
        setStep({ kind: 'elegir', secret: answer.totp_secret, uri: answer.totp_uri });
      } else {
        setMode(answer.factors.includes('llave_de_acceso') ? 'llave' : 'aplicacion');
        setStep({ kind: 'codigo', factors: answer.factors });
      }
      setBusy(false);
    } catch (err) {
      fail(err, 'No se pudo iniciar sesión.');
    }
  };

  /**
   * Into the back office, leaving nothing behind: while the next page's code loads, React keeps
   * this page mounted (hidden), and a quick «Cerrar sesión» would bring it back as it was.
   */
  const finish = () => {
    restart();
    goIn();
  };

  /** Signed in: the recovery codes after an enrolment, else into the back office. */
  const signedIn = async (answer: StaffSessionResponse, factor: Factor | null) => {
    await mutate(STAFF_ME_KEY, answer.staff, { revalidate: false });
    setBusy(false);
    if (factor !== null) setStep({ kind: 'codigos', codes: answer.recovery_codes ?? [], factor });
    else finish();
  };

  /** The passkey ceremony (enrolment or second step); the device's own problems said in Spanish. */
  const withPasskey = async (enrolling: boolean) => {
    setFailure(null);
    setBusy(true);
    try {
      if (enrolling) await signedIn(await staffEnrolPasskey(), 'llave_de_acceso');
      else await signedIn(await staffPasskeySecondFactor(), null);
    } catch (err) {
      if (expired(err)) return;
      setFailure(staffDeviceProblem(err) ?? (err instanceof ApiError ? err.message : 'No se pudo comprobar su llave de acceso.'));
      setBusy(false);
      // After the button leaves its loading (disabled) state.
      setTimeout(() => (enrolling ? choiceRef : passkeyRef).current?.focus(), 0);
    }
  };

  const submitChoice = (e: FormEvent) => {
    e.preventDefault();
    if (step.kind !== 'elegir') return;
    if (choice === null) {
      setFailure('Elija cómo confirmará que es usted.');
      return choiceRef.current?.focus();
    }
    if (choice === 'llave') return void withPasskey(true);
    setFailure(null);
    setCode('');
    setStep({ kind: 'alta', secret: step.secret, uri: step.uri });
  };

  const submitCode = async (e: FormEvent) => {
    e.preventDefault();
    if (step.kind === 'codigo' && mode === 'llave') return withPasskey(false);
    setFailure(null);
    const value = code.trim();
    if (value === '') {
      setFailure(recovery ? 'Escriba uno de sus códigos de recuperación.' : 'Escriba el código de 6 dígitos de su aplicación de autenticación.');
      return codeRef.current?.focus();
    }
    if (!recovery && !/^\d{6}$/.test(value.replace(/\s/g, ''))) {
      setFailure('El código tiene 6 dígitos.');
      return codeRef.current?.focus();
    }
    setBusy(true);
    try {
      if (step.kind === 'alta') await signedIn(await staffEnrol(value), 'aplicacion');
      else await signedIn(await staffSecondFactor(recovery ? { recovery_code: value } : { code: value }), null);
    } catch (err) {
      if (expired(err)) return;
      fail(err, 'No se pudo comprobar el código.');
      codeRef.current?.focus();
    }
  };

  if (step.kind === 'codigos') return <RecoveryCodes codes={step.codes} factor={step.factor} onDone={finish} />;

  const codeInput = recovery ? (
    <TextInput
      key="recuperacion"
      ref={codeRef}
      label="Código de recuperación"
      description="Uno de los 10 códigos que guardó al configurar el segundo factor; cada uno sirve una vez."
      autoComplete="off"
      spellCheck={false}
      value={code}
      onChange={(e) => setCode(e.currentTarget.value)}
      required
    />
  ) : (
    <TextInput
      key="codigo"
      ref={codeRef}
      label="Código de 6 dígitos"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={7}
      value={code}
      onChange={(e) => setCode(e.currentTarget.value)}
      required
    />
  );
  const alert = failure && <Alert color="red" role="alert">{failure}</Alert>;

  if (step.kind === 'elegir') {
    return (
      <Stack gap="lg" maw={560}>
        <form key="elegir" onSubmit={submitChoice} noValidate aria-labelledby="staff-choose-title">
          <Stack gap="sm">
            <StepTitle id="staff-choose-title">Configure su segundo factor</StepTitle>
            <Text size="sm">
              Para proteger los datos de los ciudadanos, el personal ingresa con su contraseña y un segundo factor. Elija cuál usará; se configura
              una sola vez y después se lo pedimos en cada ingreso.
            </Text>
            {alert}
            <Radio.Group
              label="¿Cómo confirmará que es usted?"
              value={choice}
              onChange={(value) => { setChoice(value as 'llave' | 'aplicacion'); setFailure(null); }}
              required
            >
              <Stack gap="sm" mt="xs">
                <Radio
                  ref={choiceRef}
                  value="llave"
                  disabled={!passkeysSupported}
                  label="Llave de acceso (rostro, huella o llave de seguridad)"
                  description={passkeysSupported
                    ? 'Su teléfono o computadora le pide el rostro, la huella o el PIN, o usted toca su llave de seguridad; nada de eso sale del dispositivo. Sin códigos que copiar.'
                    : 'Este navegador no permite llaves de acceso: use la aplicación de autenticación, u otro navegador.'}
                />
                <Radio
                  value="aplicacion"
                  label="Aplicación de autenticación"
                  description="Un código de 6 dígitos que cambia cada 30 segundos, en Google Authenticator, Microsoft Authenticator, FreeOTP u otra."
                />
              </Stack>
            </Radio.Group>
            <Group gap="sm">
              <Button type="submit" loading={busy}>Continuar</Button>
              <Button variant="subtle" onClick={() => restart()}>Volver</Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    );
  }

  if (step.kind === 'alta') {
    return (
      <Stack gap="lg" maw={560}>
        <form key="alta" onSubmit={(e) => void submitCode(e)} noValidate aria-labelledby="staff-enrol-title">
          <Stack gap="sm">
            <StepTitle id="staff-enrol-title">Configure la aplicación de autenticación</StepTitle>
            <Text size="sm">
              Use una aplicación de autenticación (Google Authenticator, Microsoft Authenticator, FreeOTP u otra). Se configura una sola vez:
            </Text>
            <List type="ordered" size="sm" spacing="xs">
              <List.Item>
                En la aplicación, añada una cuenta con esta clave (tipo «basada en el tiempo»):{' '}
                <Code fz="md" data-testid="clave-totp">{grouped(step.secret)}</Code>
                <Text size="sm" mt={4}>En el teléfono donde tiene la aplicación puede <Anchor href={step.uri}>abrir la clave en la aplicación de autenticación</Anchor>.</Text>
              </List.Item>
              <List.Item>Escriba aquí el código de 6 dígitos que muestra la aplicación.</List.Item>
            </List>
            {alert}
            {codeInput}
            <Group gap="sm">
              <Button type="submit" loading={busy}>Confirmar</Button>
              <Button variant="subtle" onClick={() => { setFailure(null); setChoice('aplicacion'); setStep({ kind: 'elegir', secret: step.secret, uri: step.uri }); }}>Volver</Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    );
  }

  if (step.kind === 'codigo') {
    const hasPasskey = step.factors.includes('llave_de_acceso');
    const hasApp = step.factors.includes('aplicacion');
    const others = (
      <Group gap="sm">
        {mode !== 'llave' && hasPasskey && <Button variant="subtle" onClick={() => switchTo('llave')}>Usar mi llave de acceso</Button>}
        {mode !== 'aplicacion' && hasApp && <Button variant="subtle" onClick={() => switchTo('aplicacion')}>Usar el código de la aplicación</Button>}
        {mode !== 'recuperacion' && <Button variant="subtle" onClick={() => switchTo('recuperacion')}>Usar un código de recuperación</Button>}
      </Group>
    );
    return (
      <Stack gap="lg" maw={420}>
        <form key="codigo" onSubmit={(e) => void submitCode(e)} noValidate aria-labelledby="staff-code-title">
          <Stack gap="sm">
            <StepTitle id="staff-code-title">{hasPasskey ? 'Confirme que es usted' : 'Código de verificación'}</StepTitle>
            <Text size="sm">
              {mode === 'llave'
                ? 'Use la llave de acceso que creó: su teléfono o computadora le pedirá el rostro, la huella o el PIN, o toque su llave de seguridad.'
                : recovery
                  ? 'Escriba uno de sus códigos de recuperación.'
                  : 'Escriba el código de 6 dígitos que muestra su aplicación de autenticación.'}
            </Text>
            {alert}
            {mode === 'llave' ? (
              <Button ref={passkeyRef} type="submit" loading={busy} style={{ alignSelf: 'flex-start' }}>Usar mi llave de acceso</Button>
            ) : (
              <>
                {codeInput}
                <Button type="submit" loading={busy} style={{ alignSelf: 'flex-start' }}>Verificar</Button>
              </>
            )}
            {others}
            <Button variant="subtle" onClick={() => restart()} style={{ alignSelf: 'flex-start' }}>Volver</Button>
          </Stack>
        </form>
        <SandboxAccounts onUse={(e, p) => { restart(); setEmail(e); setPassword(p); }} />
      </Stack>
    );
  }

  return (
    <Stack gap="lg" maw={420}>
      <form onSubmit={(e) => void submitPassword(e)} noValidate aria-labelledby="staff-login-title">
        <Stack gap="sm">
          <Title order={1} id="staff-login-title">Ingreso del personal</Title>
          <Text size="sm">Para oficiales y administradores de las instituciones. Los ciudadanos ingresan desde el portal.</Text>
          {alert}
          <TextInput ref={emailRef} label="Correo electrónico" type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.currentTarget.value)} required />
          <PasswordInput
            ref={passwordRef}
            label="Contraseña"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            required
            visibilityToggleFocusable
            visibilityToggleButtonProps={{ 'aria-label': 'Mostrar lo escrito' }}
          />
          <Button type="submit" loading={busy} style={{ alignSelf: 'flex-start' }}>Ingresar</Button>
        </Stack>
      </form>
      <SandboxAccounts onUse={(e, p) => { setEmail(e); setPassword(p); setFailure(null); }} />
    </Stack>
  );
}
