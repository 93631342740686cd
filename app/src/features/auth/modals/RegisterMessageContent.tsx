import type { ModalContentProps } from '../../../modals/modalContent';
import { flowData } from './flow';
import { SignInOrRegister } from './SignInOrRegister';
import { withFocusOnMount } from './focusOnMount';

/**
 * REGISTER_MESSAGE: "Inicie sesión o regístrese", both ways on for a visitor
 * (the phone drawer's account entry; any signed-in action may open it with a `message` and a `returnTo`).
 */
function RegisterMessageContent({ data, open, close }: ModalContentProps) {
  const flow = flowData(data);
  return (
    <SignInOrRegister
      reason={flow.message ?? 'Inicie sesión con su cédula. Si todavía no tiene una cuenta del portal, créela en unos minutos con su cédula y su correo.'}
      flow={flow}
      open={open}
      close={close}
    />
  );
}

export default withFocusOnMount(RegisterMessageContent);
