/**
 * The staff's passkey as a second factor (issue 25 §2), in the browser: the WebAuthn ceremonies
 * (@simplewebauthn/browser, as the citizens' app/src/api/passkeys.ts) around the back office's
 * calls, through its own client. Only the sign-in page imports this file (its own chunk).
 */
import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { StaffEnrolmentBody, StaffPasskeyOptionsBody, StaffSecondFactorBody, StaffSessionResponse, WebAuthnAnswerBody, WebAuthnOptions } from '@portal/api-contract';
import { staffApi } from './staffClient';

/** The browser library's answer, as the contract's schema describes it (the server's library checks its contents). */
const asAnswer = (response: object) => response as WebAuthnAnswerBody['response'];

/** The options' body: the pending sign-in travels in its HttpOnly cookie. */
const PENDING_IN_COOKIE: StaffPasskeyOptionsBody = {};

/** Whether this browser can use passkeys at all. */
export function staffPasskeysSupported(): boolean {
  return browserSupportsWebAuthn();
}

/** First sign-in (or after a reset): creates the member's passkey on this device; answers the session and the recovery codes, once. */
export async function staffEnrolPasskey(): Promise<StaffSessionResponse> {
  const start = await staffApi.post<WebAuthnOptions>('auth/enrolment/passkey-options', { json: PENDING_IN_COOKIE, login: true });
  const response = await startRegistration({ optionsJSON: start.options as unknown as PublicKeyCredentialCreationOptionsJSON });
  const passkey: WebAuthnAnswerBody = { challenge_id: start.challenge_id, response: asAnswer(response) };
  return staffApi.post<StaffSessionResponse>('auth/enrolment', { json: { passkey } satisfies StaffEnrolmentBody, login: true });
}

/** The second step with the member's passkey (the server offers only theirs). */
export async function staffPasskeySecondFactor(): Promise<StaffSessionResponse> {
  const start = await staffApi.post<WebAuthnOptions>('auth/second-factor/passkey-options', { json: PENDING_IN_COOKIE, login: true });
  const response = await startAuthentication({ optionsJSON: start.options as unknown as PublicKeyCredentialRequestOptionsJSON });
  const passkey: WebAuthnAnswerBody = { challenge_id: start.challenge_id, response: asAnswer(response) };
  return staffApi.post<StaffSessionResponse>('auth/second-factor', { json: { passkey } satisfies StaffSecondFactorBody, login: true });
}

/** What went wrong in the device (not in the portal), in Spanish; null when the error is the portal's. */
export function staffDeviceProblem(error: unknown): string | null {
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'NotAllowedError' || name === 'AbortError') return 'Se canceló o venció la verificación en su dispositivo. Intente de nuevo.';
  if (name === 'InvalidStateError') return 'Este dispositivo ya tiene una llave de acceso para su cuenta.';
  if (name === 'NotSupportedError' || name === 'SecurityError') return 'Este navegador o dispositivo no permite usar llaves de acceso en este portal.';
  return null;
}
