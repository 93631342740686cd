import { Anchor, Container, Stack, Text, Title } from '@mantine/core';

/** Portal home. The application pages are added on top of this shell. */
export function App() {
  return (
    <Container size="sm" py="xl" component="main">
      <Stack gap="md">
        <Title order={1}>Portal ciudadano</Title>
        <Text>Formalice su empresa en línea: SRL, EIRL o persona física, ante la Cámara de Comercio y Producción de Santo Domingo.</Text>
        <Anchor href="/docs">Documentación de la API del portal</Anchor>
      </Stack>
    </Container>
  );
}
