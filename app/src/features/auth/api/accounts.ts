/** The account calls of the browser: registration with e-mail confirmation, password recovery and change. */
import type { Citizen } from '@portal/api-contract';
import { api } from '../../../lib/api-client';

const BASE = 'portals/auth/citizens';

/** What the registration form sends. */
export interface RegistrationInput {
  /** 11 digits, no mask. */
  cedula: string;
  /** AAAA-MM-DD, as in the JCE registry. */
  fecha_nacimiento: string;
  email: string;
  password: string;
  password_confirmation: string;
}

/** The answer of /register and /resend: the same whether or not the cédula already has an account. */
export interface RegistrationAnswer {
  message: string;
  /** Kept in memory only (the modal's data); sent with the code and with a resend. */
  registration_token: string;
  resend_after_seconds: number;
}

/** Starts a registration: the server mails a 6-digit code. */
export function register(input: RegistrationInput): Promise<RegistrationAnswer> {
  return api.post<RegistrationAnswer>(`${BASE}/register`, { json: input });
}

/** Confirms the e-mail with the code: the account exists from here on. */
export function confirmRegistration(registrationToken: string, code: string): Promise<{ message: string; data: Citizen }> {
  return api.post(`${BASE}/confirm`, { json: { registration_token: registrationToken, code } });
}

/** Asks for another code (the server sends none within its cool-down). */
export function resendCode(registrationToken: string): Promise<RegistrationAnswer> {
  return api.post<RegistrationAnswer>(`${BASE}/resend`, { json: { registration_token: registrationToken } });
}

/** Asks for a password reset code by e-mail (the answer never says whether the cédula has an account). */
export function forgotPassword(cedula: string): Promise<{ message: string }> {
  return api.get('portals/forgot', { searchParams: { dni: cedula } });
}

/** Sets a new password with the code received by e-mail. */
export function resetPassword(cedula: string, code: string, password: string): Promise<{ message: string }> {
  return api.post(`${BASE}/reset`, { json: { dni: cedula, code, password } });
}

/** Changes the signed-in citizen's password; the server ends their other sessions. */
export function changePassword(currentPassword: string, newPassword: string): Promise<{ message: string }> {
  return api.post(`${BASE}/changepassword`, { json: { current_password: currentPassword, new_password: newPassword } });
}
