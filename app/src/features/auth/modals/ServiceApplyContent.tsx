import type { ModalContentProps } from '../../../modals/modalContent';
import { flowData } from './flow';
import { SignInOrRegister } from './SignInOrRegister';
import { withFocusOnMount } from './focusOnMount';

/** SERVICE_APPLY: an anonymous visitor tried to apply for a service; after logging in or registering they come back to it. */
function ServiceApplyContent({ data, open, close }: ModalContentProps) {
  const flow = flowData(data);
  const service = flow.service ? `«${flow.service}»` : 'este servicio';
  return (
    <SignInOrRegister
      reason={`Para solicitar ${service} necesita una cuenta del portal. Inicie sesión o cree su cuenta; al terminar volverá a este servicio.`}
      flow={flow}
      open={open}
      close={close}
    />
  );
}

export default withFocusOnMount(ServiceApplyContent);
