import type { ModalContentProps } from '../../../modals/modalContent';
import { LoginForm } from '../components/LoginForm';
import { flowData } from './flow';
import { withFocusOnMount } from './focusOnMount';

/** LOGIN: the login form in a modal; afterwards the citizen stays where they were, or goes to `returnTo`. */
function LoginContent({ data, close }: ModalContentProps) {
  const { returnTo, cedula } = flowData(data);
  return (
    <LoginForm
      withoutHeading
      returnTo={returnTo}
      initialCedula={cedula}
      // A navigation closes the modal by itself (closing here too would undo it with the history entry).
      onDone={({ navigated }) => !navigated && close()}
    />
  );
}

export default withFocusOnMount(LoginContent);
