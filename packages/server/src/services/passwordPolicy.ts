export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 256;

/**
 * Spanish reason why a new password is not acceptable, or null when it is:
 * at least 10 characters and not containing the citizen's cédula (with or without dashes).
 */
export function passwordProblem(password: string, cedula: string): string | null {
  if ([...password].length < MIN_PASSWORD_LENGTH) return `La contraseña debe tener al menos ${MIN_PASSWORD_LENGTH} caracteres`;
  const digitsOnly = password.replace(/\D/g, '');
  if (password.includes(cedula) || digitsOnly.includes(cedula)) return 'La contraseña no puede contener la cédula';
  return null;
}
