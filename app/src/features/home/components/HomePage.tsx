import type { ReactNode } from 'react';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { env } from '../../../config/env';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';

/** Link to the single-account registry; it brings the citizen back here (return-to parameter). */
export function registroUnicoHref(): string {
  const url = new URL(env.registroUnicoUrl);
  url.searchParams.set('return_to', window.location.origin + paths.home.href());
  return url.toString();
}

export interface HomePageProps {
  /** What a signed-in citizen sees below the introduction (the app layer passes their requests). Required. */
  signedIn: ReactNode;
  /** What an anonymous visitor sees (the app layer passes the login form). Required. */
  anonymous: ReactNode;
}

/**
 * Home: the introduction, then the citizen's requests or the login form. The
 * two come from other features, so the app layer composes them (features do
 * not import each other).
 */
export function HomePage({ signedIn, anonymous }: HomePageProps) {
  const session = useSession();
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Formalice su empresa en línea</Title>
        <Text mt="xs">SRL, EIRL o persona física, ante la Cámara de Comercio y Producción de Santo Domingo. Puede guardar y continuar cuando quiera.</Text>
      </div>
      {session ? signedIn : anonymous}
      <Text size="sm">
        ¿No tiene cuenta? <Anchor href={registroUnicoHref()} rel="noopener">Regístrese en el registro único de cuenta</Anchor>; al terminar volverá a este portal.
      </Text>
    </Stack>
  );
}
