import { useState, type FormEvent } from 'react';
import { Alert, Button, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { applyMask, unmask } from '@portal/form-mantine/mask';
import { errorMessage } from '../../../lib/apiError';
import { login } from '../api/login';

const CEDULA_MASK = '###-#######-#';

export interface LoginFormProps {
  /** Called once logged in. Default: none (the session store tells the pages). */
  onDone?: () => void;
  /** Level of the form's heading: 1 on a page of its own. Default: 2. */
  headingOrder?: 1 | 2;
}

/** Log in with cédula and password. */
export function LoginForm({ onDone, headingOrder = 2 }: LoginFormProps) {
  const [cedula, setCedula] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const digits = unmask(cedula);
    if (digits.length !== 11 || password === '') {
      setError('Escriba su cédula (11 dígitos) y su contraseña.');
      return;
    }
    setBusy(true);
    try {
      await login(digits, password);
      onDone?.();
    } catch (err) {
      setError(errorMessage(err, 'No se pudo iniciar sesión.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby="login-title">
      <Stack gap="sm" maw={360}>
        <Title order={headingOrder} id="login-title">Iniciar sesión</Title>
        {error && <Alert color="red" role="alert">{error}</Alert>}
        <TextInput
          label="Cédula"
          inputMode="numeric"
          autoComplete="username"
          placeholder="000-0000000-0"
          value={applyMask(unmask(cedula), CEDULA_MASK)}
          onChange={(e) => setCedula(unmask(e.currentTarget.value).slice(0, 11))}
          required
        />
        <PasswordInput label="Contraseña" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} required />
        <Button type="submit" loading={busy}>Ingresar</Button>
      </Stack>
    </form>
  );
}
