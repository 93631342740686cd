import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Checkbox, Code, Group, List, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { SANDBOX_STAFF_TOTP_SECRET } from '@portal/api-contract';
import { useSWRConfig } from 'swr';
import { useLocation, useSearch } from 'wouter';
import { useShellConfig } from '../../../api/shellConfig';
import { staffPaths, isStaffArea, localReturnTo } from '../../../config/paths';
import { ApiError } from '../../../lib/apiError';
import { STAFF_ME_KEY, staffEnrol, staffLogin, staffSecondFactor } from '../api/backoffice';

/** The sandbox's back-office accounts, as README documents them (only shown with the simulated agencies). */
const SANDBOX_ACCOUNTS = [
  { who: 'Ventanilla Única (VUF)', email: 'oficial.vuf@sandbox.gob.do', password: 'Oficial-VUF-2026' },
  { who: 'PGR', email: 'oficial.pgr@sandbox.gob.do', password: 'Oficial-PGR-2026' },
  { who: 'INTRANT', email: 'oficial.intrant@sandbox.gob.do', password: 'Oficial-INTRANT-2026' },
  { who: 'INAPA', email: 'oficial.inapa@sandbox.gob.do', password: 'Oficial-INAPA-2026' },
  { who: 'Administración', email: 'admin@sandbox.gob.do', password: 'Admin-Portal-2026' },
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

type Step =
  | { kind: 'password' }
  | { kind: 'codigo' }
  | { kind: 'alta'; secret: string; uri: string }
  | { kind: 'codigos'; codes: string[] };

/** Focuses the step's heading when the step changes (a screen reader hears where it is). */
function StepTitle({ id, children }: { id: string; children: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return <Title order={1} id={id} ref={ref} tabIndex={-1}>{children}</Title>;
}

/** The recovery codes, shown once after the enrolment: download, copy, and «Guardé mis códigos» before going on. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone(): void }) {
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
        Si pierde el teléfono con la aplicación de autenticación, cada uno de estos códigos le deja ingresar una vez en lugar del código de la
        aplicación. Guárdelos en un lugar seguro: <strong>no se vuelven a mostrar</strong>.
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
  const [recovery, setRecovery] = useState(false);
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [, navigate] = useLocation();
  const search = useSearch();
  const { mutate } = useSWRConfig();
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);

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
    setRecovery(false);
    setPassword('');
    setFailure(message);
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
      setCode('');
      setStep(answer.step === 'alta' && answer.totp_secret && answer.totp_uri ? { kind: 'alta', secret: answer.totp_secret, uri: answer.totp_uri } : { kind: 'codigo' });
      setBusy(false);
    } catch (err) {
      fail(err, 'No se pudo iniciar sesión.');
    }
  };

  const submitCode = async (e: FormEvent) => {
    e.preventDefault();
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
      if (step.kind === 'alta') {
        const { staff, recovery_codes: codes } = await staffEnrol(value);
        await mutate(STAFF_ME_KEY, staff, { revalidate: false });
        setBusy(false);
        setStep({ kind: 'codigos', codes: codes ?? [] });
        return;
      }
      const { staff } = await staffSecondFactor(recovery ? { recovery_code: value } : { code: value });
      await mutate(STAFF_ME_KEY, staff, { revalidate: false });
      goIn();
    } catch (err) {
      // The pending sign-in ended (5 minutes, or used): back to the password.
      if (err instanceof ApiError && err.status === 401 && /venció/.test(err.message)) return restart(err.message);
      fail(err, 'No se pudo comprobar el código.');
      codeRef.current?.focus();
    }
  };

  if (step.kind === 'codigos') return <RecoveryCodes codes={step.codes} onDone={goIn} />;

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

  if (step.kind === 'alta') {
    return (
      <Stack gap="lg" maw={560}>
        <form onSubmit={(e) => void submitCode(e)} noValidate aria-labelledby="staff-enrol-title">
          <Stack gap="sm">
            <StepTitle id="staff-enrol-title">Configure su segundo factor</StepTitle>
            <Text size="sm">
              Para proteger los datos de los ciudadanos, el personal ingresa con su contraseña y un código de una aplicación de autenticación
              (Google Authenticator, Microsoft Authenticator, FreeOTP u otra). Se configura una sola vez:
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
              <Button variant="subtle" onClick={() => restart()}>Volver</Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    );
  }

  if (step.kind === 'codigo') {
    return (
      <Stack gap="lg" maw={420}>
        <form onSubmit={(e) => void submitCode(e)} noValidate aria-labelledby="staff-code-title">
          <Stack gap="sm">
            <StepTitle id="staff-code-title">Código de verificación</StepTitle>
            <Text size="sm">
              {recovery
                ? 'Escriba uno de sus códigos de recuperación.'
                : 'Escriba el código de 6 dígitos que muestra su aplicación de autenticación.'}
            </Text>
            {alert}
            {codeInput}
            <Group gap="sm">
              <Button type="submit" loading={busy}>Verificar</Button>
              <Button
                variant="subtle"
                onClick={() => {
                  setRecovery(!recovery);
                  setCode('');
                  setFailure(null);
                  setTimeout(() => codeRef.current?.focus(), 0);
                }}
              >
                {recovery ? 'Usar el código de la aplicación' : 'Usar un código de recuperación'}
              </Button>
            </Group>
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
