import { useState } from 'react';
import type { ModalContentProps } from '../../../modals/modalContent';
import { register } from '../api/accounts';
import { describeFailure, type CallFailure } from '../components/formErrors';
import { isoDate, type AccountFlowData } from './flow';

const FORM_FIELDS = ['cedula', 'fecha_nacimiento', 'email', 'password', 'password_confirmation'];

/**
 * Starts the e-mail confirmation (POST /register) with the form of REGISTER:
 * on to CONFIRMATION_EMAIL; a refusal of the form goes back to REGISTER with
 * the form and the message; a busy server or a lost connection stays here.
 */
export function useEmailConfirmation(flow: AccountFlowData, open: ModalContentProps['open']) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<CallFailure | null>(null);
  const start = async () => {
    const form = flow.form;
    if (!form) return open('REGISTER', { data: { returnTo: flow.returnTo } });
    setBusy(true);
    setFailure(null);
    try {
      const answer = await register({
        cedula: form.cedula,
        fecha_nacimiento: isoDate(form.fecha) ?? form.fecha,
        email: form.email,
        password: form.password,
        password_confirmation: form.confirmation,
      });
      open('CONFIRMATION_EMAIL', {
        data: { ...flow, token: answer.registration_token, resendAfter: answer.resend_after_seconds, message: answer.message, failure: undefined },
      });
    } catch (error) {
      const found = describeFailure(error, FORM_FIELDS, 'No se pudo iniciar el registro. Intente de nuevo.');
      setBusy(false);
      // 400: something of the form (the JCE date, the password): corrected there. Otherwise try again from here.
      if (!found.busy && (Object.keys(found.fields).length > 0 || (error as { status?: number }).status === 400)) {
        open('REGISTER', { data: { ...flow, failure: found } });
        return;
      }
      setFailure(found);
    }
  };
  return { start, busy, failure };
}
