import { useEffect, useState } from 'react';
import { Stack, Text } from '@mantine/core';
import { useLocation, useSearch } from 'wouter';
import { localReturnTo, paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';
import { LoginForm } from './LoginForm';

/**
 * /ingresar: the login form on its own page. After logging in the citizen goes
 * to `?volver=` (a local address only, so a link cannot send them elsewhere),
 * else to Inicio; a citizen already signed in goes there at once.
 */
export function LoginPage() {
  const session = useSession();
  const search = useSearch();
  const [, navigate] = useLocation();
  const target = localReturnTo(new URLSearchParams(search).get('volver')) ?? paths.home.href();

  // Signed in on arrival: on at once. A login here goes on through the form (its welcome included).
  const [signedInOnArrival] = useState(() => session !== null);
  useEffect(() => {
    if (signedInOnArrival) navigate(target, { replace: true });
  }, [signedInOnArrival, navigate, target]);

  return (
    <Stack gap="md">
      <Text>Inicie sesión con su cédula y la contraseña de su cuenta del portal.</Text>
      <LoginForm headingOrder={1} returnTo={target} />
    </Stack>
  );
}
