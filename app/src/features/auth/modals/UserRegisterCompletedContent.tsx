import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { ModalContentProps } from '../../../modals/modalContent';
import { flowData } from './flow';
import { withFocusOnMount } from './focusOnMount';

/** USER_REGISTER_COMPLETED: the account is active; on to LOGIN with the cédula filled in. */
function UserRegisterCompletedContent({ data, open }: ModalContentProps) {
  const flow = flowData(data);
  return (
    <Stack gap="sm">
      <Alert color="green" title="Su cuenta está activa" role="status">
        {flow.message ?? 'Ya puede ingresar con su cédula y contraseña.'}
      </Alert>
      <Text>Ingrese ahora con su cédula y la contraseña que eligió.</Text>
      <Group justify="flex-end">
        <Button onClick={() => open('LOGIN', { data: { returnTo: flow.returnTo, cedula: flow.cedula } })} data-autofocus>Iniciar sesión</Button>
      </Group>
    </Stack>
  );
}

export default withFocusOnMount(UserRegisterCompletedContent);
