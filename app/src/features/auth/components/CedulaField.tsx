import { forwardRef } from 'react';
import { TextInput } from '@mantine/core';
import { isValidCedula } from '@portal/form-engine/cedula';
import { applyMask, unmask } from '@portal/form-mantine/mask';

export const CEDULA_MASK = '###-#######-#';
/** The spec's shared message for a cédula whose check digit fails. */
export const INVALID_CEDULA = 'Cédula no válida, introduzca otra cédula';

/**
 * The browser's check of a typed cédula (11 digits, check digit, the engine's
 * isValidCedula): its Spanish message, or null. The rule alone
 * (`@portal/form-engine/cedula`, a few hundred bytes), not the engine.
 */
export async function cedulaProblem(digits: string): Promise<string | null> {
  if (digits === '') return 'Este campo es requerido';
  if (digits.length !== 11) return INVALID_CEDULA;
  return isValidCedula(digits) ? null : INVALID_CEDULA;
}

export interface CedulaFieldProps {
  /** The digits typed (no mask). Required. */
  value: string;
  /** Called with the digits (at most 11). Required. */
  onChange(digits: string): void;
  /** The message under the field. */
  error?: string | null;
  /** Label. Default: 'Cédula'. */
  label?: string;
  'data-autofocus'?: boolean;
  /** Autocomplete tokens. Default: 'username' ('username webauthn' also offers passkeys there). */
  autoComplete?: string;
}

/** A cédula with its ###-#######-# mask; keeps digits only. */
export const CedulaField = forwardRef<HTMLInputElement, CedulaFieldProps>(function CedulaField({ value, onChange, error, label = 'Cédula', autoComplete = 'username', ...rest }, ref) {
  return (
    <TextInput
      ref={ref}
      label={label}
      inputMode="numeric"
      autoComplete={autoComplete}
      placeholder="000-0000000-0"
      value={applyMask(value, CEDULA_MASK)}
      onChange={(e) => onChange(unmask(e.currentTarget.value).slice(0, 11))}
      error={error ?? undefined}
      required
      {...rest}
    />
  );
});
