import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { paths } from '../config/paths';

interface Props {
  children: ReactNode;
  /** Changing it (the address) clears a shown error: a new page gets a new chance. */
  resetKey: string;
}

interface State {
  failed: boolean;
  resetKey: string;
}

/**
 * A page that throws while rendering (or a chunk that still fails after the
 * reload of importWithReload) shows a Spanish message with a way back to
 * Inicio instead of a blank screen; the header stays usable.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { failed: false, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Error al mostrar la página', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Stack gap="md">
        <Title order={1}>No se pudo mostrar esta página</Title>
        <Alert color="red" role="alert">
          <Text>Ocurrió un error inesperado. Sus datos guardados no se han perdido. Intente de nuevo en unos minutos.</Text>
        </Alert>
        {/* A full load, not an in-app link: whatever broke is left behind. */}
        <Anchor href={paths.home.href()}>Volver a Inicio</Anchor>
      </Stack>
    );
  }
}
