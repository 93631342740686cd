import { Alert, Button, Card, Group, Stack, Text } from '@mantine/core';
import { passkeysSupported } from '../../../api/passkeys';
import { useSession } from '../../../lib/session';
import type { ModalContentProps } from '../../../modals/modalContent';
import { FailureAlert } from '../components/FailureAlert';
import { flowData } from './flow';
import { useEmailConfirmation } from './useEmailConfirmation';
import { withFocusOnMount } from './focusOnMount';

/**
 * CHOOSE_AUTH_METHOD, while registering (the form of REGISTER in the data): how the citizen
 * proves the account is theirs, the e-mail code (here the registration is sent to the server).
 * The face or fingerprint unlock is offered once the account is active (below).
 */
function ConfirmAccountMethod({ data, open }: ModalContentProps) {
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
        <Text fw={700}>Desbloqueo facial o con huella</Text>
        <Text size="sm">
          Cuando su cuenta esté activa podrá ingresar con el desbloqueo de su teléfono o computadora (rostro, huella o PIN), sin escribir la contraseña.
          Se lo ofrecemos al ingresar por primera vez y siempre desde «Mi perfil».
        </Text>
      </Card>
      <Group justify="flex-start">
        <Button variant="default" onClick={() => open('REGISTER', { data: flow })} disabled={busy}>Volver y corregir mis datos</Button>
      </Group>
    </Stack>
  );
}

/**
 * CHOOSE_AUTH_METHOD for a signed-in citizen (after the first login, and from «Mi perfil»): how
 * to sign in from now on. The cédula and password always work; «Desbloqueo facial o con huella»
 * adds a passkey of this device (FACIAL_AUTH walks through it).
 */
function SignInMethod({ data, open, close }: ModalContentProps) {
  const flow = flowData(data);
  const supported = passkeysSupported();
  return (
    <Stack gap="sm">
      <Text>Elija cómo quiere ingresar a su cuenta la próxima vez.</Text>
      <Card withBorder padding="md">
        <Text fw={700}>Desbloqueo facial o con huella</Text>
        <Text size="sm" mb="sm">
          Ingrese con el desbloqueo de este teléfono o computadora: su rostro, su huella o el PIN del dispositivo.
          Su rostro y su huella nunca salen del dispositivo; el portal solo guarda una llave pública.
        </Text>
        {supported ? (
          <Button onClick={() => open('FACIAL_AUTH', { data: { returnTo: flow.returnTo } })} data-autofocus>Agregar desbloqueo facial o con huella</Button>
        ) : (
          <Alert color="yellow" role="status">Este navegador no permite el desbloqueo facial o con huella. Pruebe desde el navegador de su teléfono o de otra computadora.</Alert>
        )}
      </Card>
      <Card withBorder padding="md">
        <Text fw={700}>Cédula y contraseña</Text>
        <Text size="sm" mb="sm">Siempre puede ingresar con su cédula y su contraseña, también si agrega el desbloqueo facial o con huella.</Text>
        <Button variant="default" onClick={close} data-autofocus={!supported || undefined}>Seguir solo con la contraseña</Button>
      </Card>
    </Stack>
  );
}

/** CHOOSE_AUTH_METHOD: confirming the account while registering, or (signed in) choosing how to sign in. */
function ChooseAuthMethodContent(props: ModalContentProps) {
  const flow = flowData(props.data);
  const session = useSession();
  return flow.form === undefined && session !== null ? <SignInMethod {...props} /> : <ConfirmAccountMethod {...props} />;
}

export default withFocusOnMount(ChooseAuthMethodContent);
