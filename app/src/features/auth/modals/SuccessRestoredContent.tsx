import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { ModalContentProps } from '../../../modals/modalContent';
import { flowData } from './flow';
import { withFocusOnMount } from './focusOnMount';

/** SUCCESS_RESTORED: the password was reset; on to LOGIN with the cédula filled in. */
function SuccessRestoredContent({ data, open }: ModalContentProps) {
  const flow = flowData(data);
  return (
    <Stack gap="sm">
      <Alert color="green" title={flow.message ?? 'Contraseña actualizada'} role="status">
        Ya puede ingresar con su nueva contraseña. Por seguridad cerramos las sesiones que estaban abiertas con la anterior.
      </Alert>
      <Text size="sm">Si usted no pidió este cambio, escríbanos desde «Contacto».</Text>
      <Group justify="flex-end">
        <Button onClick={() => open('LOGIN', { data: { returnTo: flow.returnTo, cedula: flow.cedula } })} data-autofocus>Iniciar sesión</Button>
      </Group>
    </Stack>
  );
}

export default withFocusOnMount(SuccessRestoredContent);
