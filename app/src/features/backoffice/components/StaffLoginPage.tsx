import { useRef, useState, type FormEvent } from 'react';
import { Alert, Button, List, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useSWRConfig } from 'swr';
import { useLocation, useSearch } from 'wouter';
import { useShellConfig } from '../../../api/shellConfig';
import { staffPaths, isStaffArea, localReturnTo } from '../../../config/paths';
import { ApiError } from '../../../lib/apiError';
import { STAFF_ME_KEY, staffLogin } from '../api/backoffice';

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
    </Alert>
  );
}

/** Staff sign-in (e-mail and password), apart from the citizens' login. */
export function StaffLoginPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [, navigate] = useLocation();
  const search = useSearch();
  const { mutate } = useSWRConfig();
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const submit = async (e: FormEvent) => {
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
      const { staff } = await staffLogin(email.trim(), password);
      await mutate(STAFF_ME_KEY, staff, { revalidate: false });
      const back = localReturnTo(new URLSearchParams(search).get('volver'));
      navigate(back && isStaffArea(back) && !back.startsWith(staffPaths.staffLogin.pattern) ? back : staffPaths.staffQueue.href());
    } catch (err) {
      setFailure(err instanceof ApiError ? err.message : 'No se pudo iniciar sesión.');
      setBusy(false);
    }
  };

  return (
    <Stack gap="lg" maw={420}>
      <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby="staff-login-title">
        <Stack gap="sm">
          <Title order={1} id="staff-login-title">Ingreso del personal</Title>
          <Text size="sm">Para oficiales y administradores de las instituciones. Los ciudadanos ingresan desde el portal.</Text>
          {failure && <Alert color="red" role="alert">{failure}</Alert>}
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
