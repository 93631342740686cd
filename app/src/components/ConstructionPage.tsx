import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import { paths } from '../config/paths';

export interface ConstructionPageProps {
  /** The page's title (the route registry's). Required. */
  title: string;
}

/** A page of the route registry that is not built yet: says so in Spanish and offers the way home. */
export function ConstructionPage({ title }: ConstructionPageProps) {
  return (
    <Stack gap="md">
      <Title order={1}>{title}</Title>
      <Text>Esta página está en construcción. Muy pronto podrá usarla desde aquí.</Text>
      <Anchor component={Link} href={paths.home.href()}>Volver a Inicio</Anchor>
    </Stack>
  );
}
