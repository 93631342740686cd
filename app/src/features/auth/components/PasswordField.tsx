import { forwardRef, type ReactNode } from 'react';
import { PasswordInput, Progress } from '@mantine/core';
import { usePasswordVerdict } from './passwordRules';

/** Names of zxcvbn's scores 0–4, as the hint shows them. */
export const STRENGTH_LABELS = ['Muy débil', 'Débil', 'Regular', 'Buena', 'Muy buena'] as const;
const STRENGTH_COLORS = ['red', 'red', 'orange', 'teal', 'green'] as const;
export const PASSWORD_ADVICE = 'Al menos 10 caracteres, sin su cédula. Una frase de varias palabras es fácil de recordar y difícil de adivinar.';
/** The hint when the server could not judge the password (no connection, a limit): the form still goes on. */
export const STRENGTH_UNAVAILABLE = 'No se pudo comprobar ahora si la contraseña es fácil de adivinar; el portal la revisará al enviarla.';

export interface PasswordFieldProps {
  /** Required. */
  label: string;
  /** Required. */
  value: string;
  /** Required. */
  onChange(value: string): void;
  /** The message under the field (a refusal). */
  error?: string | null;
  /** Shows the strength hint (a new password). Default: false (a current password). */
  withStrength?: boolean;
  /** For the hint: the cédula (digits) and personal words (names, e-mail) the password must not be built on. */
  cedula?: string;
  personal?: readonly string[];
  /** Default: 'new-password' with the hint, else 'current-password'. */
  autoComplete?: string;
  'data-autofocus'?: boolean;
}

/**
 * A password with a show/hide button (reachable by keyboard, its state in
 * aria-pressed) and, for a new password, a strength hint: a bar and the
 * Spanish reason the server gives (the cheap rules at once, guessability asked
 * of the server when the typing pauses), while typing.
 */
export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(function PasswordField(
  { label, value, onChange, error, withStrength = false, cedula = '', personal = [], autoComplete, ...rest },
  ref,
) {
  // The cheap rules at once; guessability from the server once the typing pauses (passwordRules.ts).
  const { verdict, unavailable } = usePasswordVerdict(withStrength ? value : '', cedula, personal);
  // The hint is the field's description (after the input and its error), so the input is described by both.
  let hint: ReactNode = null;
  if (withStrength) {
    hint = verdict ? (
      <>
        Seguridad: <strong>{STRENGTH_LABELS[verdict.score]}</strong>
        {/* A refusal shown under the field already is not repeated here. */}
        {verdict.problem ? (error ? '.' : `. ${verdict.problem}`) : '. Cumple las reglas del portal.'}
      </>
    ) : unavailable ? (
      STRENGTH_UNAVAILABLE
    ) : (
      PASSWORD_ADVICE
    );
  }
  return (
    <PasswordInput
      ref={ref}
      label={label}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error ?? undefined}
      // Mantine marks the wrapper (data-invalid) but not the inner input of a PasswordInput.
      aria-invalid={error ? true : undefined}
      description={hint}
      descriptionProps={withStrength ? { 'data-password-hint': true } : undefined}
      inputWrapperOrder={['label', 'input', 'error', 'description']}
      inputContainer={(input) => (
        <>
          {input}
          {verdict && <Progress value={(verdict.score + 1) * 20} color={STRENGTH_COLORS[verdict.score]} size="sm" mt={6} aria-hidden="true" />}
        </>
      )}
      autoComplete={autoComplete ?? (withStrength ? 'new-password' : 'current-password')}
      required
      visibilityToggleFocusable
      visibilityToggleButtonProps={{ 'aria-label': 'Mostrar lo escrito' }}
      {...rest}
    />
  );
});
