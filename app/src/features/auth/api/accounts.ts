/** The account calls of the browser: registration with e-mail confirmation, password recovery and change. */
import type {
  EmailUndoBody,
  PasswordChangeBody,
  PasswordCheckAnswer,
  PasswordCheckBody,
  PasswordResetBody,
  PasswordResetLinkBody,
  RegistrationAnswer,
  RegistrationBody,
  RegistrationConfirmAnswer,
  RegistrationConfirmBody,
  RegistrationResendBody,
} from '@portal/api-contract';
import { api } from '../../../lib/api-client';

/**
 * The answer of /register and /resend; its registration_token is kept in memory only (the modal's
 * data) and sent with the code and with a resend.
 */
export type { RegistrationAnswer } from '@portal/api-contract';

const BASE = 'portals/auth/citizens';

/** Starts a registration (the registration form: cédula without mask, birth date AAAA-MM-DD as in the JCE registry): the server mails a 6-digit code. */
export function register(input: RegistrationBody): Promise<RegistrationAnswer> {
  return api.post<RegistrationAnswer>(`${BASE}/register`, { json: input });
}

/** Confirms the e-mail with the code: the account exists from here on. */
export function confirmRegistration(registrationToken: string, code: string): Promise<RegistrationConfirmAnswer> {
  return api.post<RegistrationConfirmAnswer>(`${BASE}/confirm`, { json: { registration_token: registrationToken, code } satisfies RegistrationConfirmBody });
}

/** Asks for another code (the server sends none within its cool-down). */
export function resendCode(registrationToken: string): Promise<RegistrationAnswer> {
  return api.post<RegistrationAnswer>(`${BASE}/resend`, { json: { registration_token: registrationToken } satisfies RegistrationResendBody });
}

/** Asks for a password reset code by e-mail (the answer never says whether the cédula has an account). */
export function forgotPassword(cedula: string): Promise<{ message: string }> {
  return api.get('portals/forgot', { searchParams: { dni: cedula } });
}

/** Sets a new password with the code received by e-mail. */
export function resetPassword(cedula: string, code: string, password: string): Promise<{ message: string }> {
  return api.post(`${BASE}/reset`, { json: { dni: cedula, code, password } satisfies PasswordResetBody });
}

/**
 * Sets a new password with the token of the link in the reset mail (no cédula, no code: the token names the
 * account). Like a reset by code, the server marks this browser trusted.
 */
export function resetPasswordWithLink(token: string, password: string, confirmation: string): Promise<{ message: string }> {
  return api.post(`${BASE}/reset-link`, { json: { token, password, password_confirmation: confirmation } satisfies PasswordResetLinkBody });
}

/**
 * How the server would judge a new password ({ score, problem }): the guessability the browser does not
 * judge itself (zxcvbn's dictionaries stay on the server). No session needed; `timeoutMs` bounds the wait.
 */
export function checkPassword(input: PasswordCheckBody, timeoutMs: number): Promise<PasswordCheckAnswer> {
  return api.post<PasswordCheckAnswer>(`${BASE}/password-check`, { json: input, timeout: timeoutMs });
}

/** Changes the signed-in citizen's password; the server ends their other sessions. */
export function changePassword(currentPassword: string, newPassword: string): Promise<{ message: string }> {
  return api.post(`${BASE}/changepassword`, { json: { current_password: currentPassword, new_password: newPassword } satisfies PasswordChangeBody });
}

/** Undoes a change of the account's e-mail with the token of the link mailed to the old address (no session needed). */
export function undoEmailChange(token: string): Promise<{ message: string }> {
  return api.post(`${BASE}/email-undo`, { json: { token } satisfies EmailUndoBody });
}
