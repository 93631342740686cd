import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { SIGN_IN_METHOD_TITLE } from '../../../api/passkeys';
import { Link } from 'wouter';
import { paths } from '../../../config/paths';
import type { ModalContentProps } from '../../../modals/modalContent';
import { flowData } from './flow';
import { withFocusOnMount } from './focusOnMount';

/** FIRST_LOGIN: the welcome on the account's first login (the server says which one), with the way to the profile. */
function FirstLoginContent({ data, close, open }: ModalContentProps) {
  const { nombres } = flowData(data);
  return (
    <Stack gap="sm">
      <Text fw={700} size="lg">¡Hola{nombres ? `, ${nombres}` : ''}! Su cuenta está lista.</Text>
      <Text>
        Complete su perfil con su teléfono y su dirección: las instituciones podrán contactarle y sus solicitudes se llenarán más rápido.
      </Text>
      <Text>
        También puede ingresar la próxima vez con el desbloqueo de este dispositivo, sin escribir la contraseña.{' '}
        <Anchor component="button" type="button" onClick={() => open('CHOOSE_AUTH_METHOD', { title: SIGN_IN_METHOD_TITLE })}>
          Elegir cómo ingresar
        </Anchor>
      </Text>
      <Group justify="flex-end" wrap="wrap" gap="xs">
        <Button variant="default" onClick={close}>Ahora no</Button>
        <Button component={Link} href={paths.profile.href()} data-autofocus>Completar mi perfil</Button>
      </Group>
    </Stack>
  );
}

export default withFocusOnMount(FirstLoginContent);
