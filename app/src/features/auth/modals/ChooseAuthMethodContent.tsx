import { Button, Card, Group, Stack, Text } from '@mantine/core';
import type { ModalContentProps } from '../../../modals/modalContent';
import { FailureAlert } from '../components/FailureAlert';
import { flowData } from './flow';
import { useEmailConfirmation } from './useEmailConfirmation';
import { withFocusOnMount } from './focusOnMount';

/**
 * CHOOSE_AUTH_METHOD: how the citizen proves the account is theirs. The
 * e-mail code (here the registration is sent to the server) or facial
 * verification (FACIAL_AUTH, which explains it is not available here).
 */
function ChooseAuthMethodContent({ data, open }: ModalContentProps) {
  const flow = flowData(data);
  const { start, busy, failure } = useEmailConfirmation(flow, open);
  return (
    <Stack gap="sm">
      <Text>Para activar su cuenta debemos comprobar que usted es el titular de la cédula. Elija cómo:</Text>
      <FailureAlert failure={failure} />
      <Card withBorder padding="md">
        <Text fw={700}>Código por correo electrónico</Text>
        <Text size="sm" mb="sm">Le enviamos un código de 6 dígitos a <strong>{flow.form?.email}</strong>. Lo escribe en el paso siguiente.</Text>
        <Button onClick={() => void start()} loading={busy} data-autofocus>Enviar el código a mi correo</Button>
      </Card>
      <Card withBorder padding="md">
        <Text fw={700}>Verificación facial</Text>
        <Text size="sm" mb="sm">Con una foto de su rostro, comparada con la de la JCE.</Text>
        <Button variant="default" onClick={() => open('FACIAL_AUTH', { data: flow })} disabled={busy}>Usar la verificación facial</Button>
      </Card>
      <Group justify="flex-start">
        <Button variant="default" onClick={() => open('REGISTER', { data: flow })} disabled={busy}>Volver y corregir mis datos</Button>
      </Group>
    </Stack>
  );
}

export default withFocusOnMount(ChooseAuthMethodContent);
