import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import { paths } from '../config/paths';

/** An address that matches no page. */
export function NotFoundPage() {
  return (
    <Stack gap="md">
      <Title order={1}>Página no encontrada</Title>
      <Text>La dirección que abrió no corresponde a ninguna página del portal.</Text>
      <Anchor component={Link} href={paths.home.href()}>Ir al inicio</Anchor>
    </Stack>
  );
}
