import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { ModalContentProps } from '../../../modals/modalContent';
import { FailureAlert } from '../components/FailureAlert';
import { flowData } from './flow';
import { useEmailConfirmation } from './useEmailConfirmation';
import { withFocusOnMount } from './focusOnMount';

/** FACIAL_AUTH: facial verification is not offered by this deployment; the e-mail code is. */
function FacialAuthContent({ data, open }: ModalContentProps) {
  const flow = flowData(data);
  const { start, busy, failure } = useEmailConfirmation(flow, open);
  return (
    <Stack gap="sm">
      <Alert color="blue" title="No disponible en este portal">
        La verificación facial no está disponible en esta instalación del portal. Puede activar su cuenta con un código que le enviamos a su correo electrónico.
      </Alert>
      <FailureAlert failure={failure} />
      {flow.form && <Text size="sm">El código irá a <strong>{flow.form.email}</strong>.</Text>}
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Button variant="default" onClick={() => open('CHOOSE_AUTH_METHOD', { data: flow })} disabled={busy}>Volver</Button>
        <Button onClick={() => void start()} loading={busy} data-autofocus>Usar el correo electrónico</Button>
      </Group>
    </Stack>
  );
}

export default withFocusOnMount(FacialAuthContent);
