import { Alert } from '@mantine/core';
import type { CallFailure } from './formErrors';

/** The form-level message of a failed call: red for a refusal, yellow "Servicio ocupado" for 503/429. Nothing when a field shows it. */
export function FailureAlert({ failure }: { failure: CallFailure | null }) {
  if (!failure?.form) return null;
  if (failure.busy) {
    return <Alert color="yellow" role="alert" title="Servicio ocupado">{failure.form}</Alert>;
  }
  return <Alert color="red" role="alert">{failure.form}</Alert>;
}
