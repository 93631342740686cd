/**
 * Passkeys («Desbloqueo facial o con huella»): the WebAuthn ceremonies in the browser
 * (@simplewebauthn/browser) and the portal's calls around them. The face or fingerprint never
 * leaves the device: the device signs the server's challenge and the portal checks the signature.
 * Shared by the sign-in (features/auth) and «Mi perfil» (features/profile).
 */
import useSWR from 'swr';
import {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  startRegistration,
  WebAuthnAbortService,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { LoginResponse, Passkey, PasskeyCreateBody, SignInProofBody, WebAuthnAnswerBody, WebAuthnOptions } from '@portal/api-contract';
import { api } from '../lib/api-client';
import { setSession } from '../lib/session';

export type { Passkey } from '@portal/api-contract';

const BASE = 'portals/auth/citizens/passkeys';

/** The browser library's answer, as the contract's schema describes it (the server's library checks its contents). */
const asAnswer = (response: object) => response as WebAuthnAnswerBody['response'];
/** SWR key (and path) of the account's passkeys. */
export const PASSKEYS_KEY = BASE;

/** Whether this browser can use passkeys at all. */
export function passkeysSupported(): boolean {
  return browserSupportsWebAuthn();
}

/** The account's passkeys. */
export async function listPasskeys(): Promise<Passkey[]> {
  return (await api.get<{ data: Passkey[] }>(BASE)).data;
}

/** SWR hook of the account's passkeys. */
export function usePasskeys() {
  return useSWR(PASSKEYS_KEY, listPasskeys);
}

/**
 * What went wrong in the device (not in the portal), in Spanish; null when the error is the
 * portal's (an ApiError, said by its own message).
 */
export function deviceProblem(error: unknown): string | null {
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'NotAllowedError' || name === 'AbortError') return 'Se canceló o venció la verificación en su dispositivo. Intente de nuevo.';
  if (name === 'InvalidStateError') return 'Este dispositivo ya tiene un desbloqueo facial o con huella para su cuenta.';
  if (name === 'NotSupportedError' || name === 'SecurityError') return 'Este navegador o dispositivo no permite usar el desbloqueo facial o con huella en este portal.';
  return null;
}

/**
 * Signs in with a passkey: the browser offers the passkeys it has for the portal (face,
 * fingerprint or the device's PIN). With `autofill`, the offer waits in the cédula field's
 * suggestions (conditional UI); only where the browser has it.
 */
export async function signInWithPasskey({ autofill = false }: { autofill?: boolean } = {}): Promise<LoginResponse> {
  const start = await api.post<WebAuthnOptions>(`${BASE}/login-options`);
  const response = await startAuthentication({ optionsJSON: start.options as unknown as PublicKeyCredentialRequestOptionsJSON, useBrowserAutofill: autofill });
  const answer = await api.post<LoginResponse>(`${BASE}/login`, { json: { challenge_id: start.challenge_id, response: asAnswer(response) } satisfies WebAuthnAnswerBody });
  setSession(answer.citizen);
  return answer;
}

/** Whether the browser offers passkeys among the cédula field's suggestions (conditional UI). */
export function passkeyAutofillSupported(): Promise<boolean> {
  return browserSupportsWebAuthnAutofill().catch(() => false);
}

/** Stops a waiting passkey offer (the autofill one, when the form goes away). */
export function cancelPasskeyCeremony(): void {
  WebAuthnAbortService.cancelCeremony();
}

/** A change of sign-in method is confirmed with the current password or with a passkey of the account. */
export type SignInProof = { password: string } | { passkey: true };

/** The proof as the request carries it: the password, or a passkey's answer to a confirmation challenge. */
async function proofBody(proof: SignInProof): Promise<SignInProofBody> {
  if ('password' in proof) return { current_password: proof.password };
  const start = await api.post<WebAuthnOptions>(`${BASE}/confirmation-options`);
  const response = await startAuthentication({ optionsJSON: start.options as unknown as PublicKeyCredentialRequestOptionsJSON });
  return { passkey: { challenge_id: start.challenge_id, response: asAnswer(response) } };
}

/** Adds this device's passkey, named `deviceName`, confirmed with `proof`. The other sessions end. */
export async function addPasskey(deviceName: string, proof: SignInProof): Promise<{ message: string; data: Passkey }> {
  const body: SignInProofBody = await proofBody(proof);
  const start = await api.post<WebAuthnOptions>(`${BASE}/registration-options`, { json: body });
  const response = await startRegistration({ optionsJSON: start.options as unknown as PublicKeyCredentialCreationOptionsJSON });
  return api.post<{ message: string; data: Passkey }>(BASE, { json: { challenge_id: start.challenge_id, device_name: deviceName, response: asAnswer(response) } satisfies PasskeyCreateBody });
}

/** Removes a passkey of the account, confirmed with `proof`. The other sessions end. */
export async function removePasskey(id: number, proof: SignInProof): Promise<{ message: string }> {
  const body: SignInProofBody = await proofBody(proof);
  return api.delete<{ message: string }>(`${BASE}/${id}`, { json: body });
}

/** A name for this device, to start with («Teléfono Android», «iPhone», «Computadora con Windows»…). */
export function guessDeviceName(userAgent: string = typeof navigator === 'undefined' ? '' : navigator.userAgent): string {
  if (/iPhone/.test(userAgent)) return 'iPhone';
  if (/iPad/.test(userAgent)) return 'iPad';
  if (/Android/.test(userAgent)) return /Mobile/.test(userAgent) ? 'Teléfono Android' : 'Tableta Android';
  if (/Windows/.test(userAgent)) return 'Computadora con Windows';
  if (/Mac OS X/.test(userAgent)) return 'Mac';
  if (/Linux/.test(userAgent)) return 'Computadora con Linux';
  return 'Mi dispositivo';
}

/** The title of CHOOSE_AUTH_METHOD when a signed-in citizen chooses how to sign in. */
export const SIGN_IN_METHOD_TITLE = 'Elija cómo ingresar';
