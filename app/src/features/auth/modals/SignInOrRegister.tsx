import { Button, Group, Stack, Text } from '@mantine/core';
import type { ModalContentProps } from '../../../modals/modalContent';
import type { AccountFlowData } from './flow';

export interface SignInOrRegisterProps {
  /** Why an account is needed. Required. */
  reason: string;
  flow: AccountFlowData;
  open: ModalContentProps['open'];
  close: ModalContentProps['close'];
}

/** The two ways on for an anonymous visitor: log in, or create an account; both come back to `returnTo`. */
export function SignInOrRegister({ reason, flow, open, close }: SignInOrRegisterProps) {
  const data = { returnTo: flow.returnTo };
  return (
    <Stack gap="sm">
      <Text>{reason}</Text>
      <Text size="sm">Con su cuenta del portal puede guardar sus solicitudes, seguir su estado y pagar en línea.</Text>
      <Group justify="flex-end" wrap="wrap" gap="xs">
        <Button variant="subtle" onClick={close}>Ahora no</Button>
        <Button variant="default" onClick={() => open('REGISTER', { data })}>Crear una cuenta</Button>
        <Button onClick={() => open('LOGIN', { data })} data-autofocus>Iniciar sesión</Button>
      </Group>
    </Stack>
  );
}
