/**
 * WebAuthn ceremonies (passkeys), with @simplewebauthn/server: every check of the signatures,
 * the origin, the RP ID, the user verification and the counter is the library's. This module
 * adds what the library leaves to the server: the challenges, stored server-side, used once,
 * short-lived and tied to their ceremony (`purpose`), to who asked (`subject`) and from which
 * session; the owner of the credential (its user handle); and the counter written back only
 * when it is still the one checked.
 *
 * It knows no citizen table: the caller says whose ceremony it is and finds the credential.
 * Two kinds of owner use it: citizens (citizenPasskeys.ts: their session) and staff members
 * (staff/staffPasskeys.ts: their second factor, where the "session" is the pending sign-in
 * between the password and the session), each with credentials of their own.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Queryable } from '../../db/Db';
import { saveChallenge, takeChallenge } from './passkeyStore';

/** Who the passkeys are for: the site's name, its RP ID (a domain) and its origin, from PUBLIC_URL. */
export interface RelyingParty {
  name: string;
  rpId: string;
  origin: string;
}

/** A challenge lives five minutes: enough for a citizen to find the phone, short for a thief. */
export const CHALLENGE_TTL_SECONDS = 300;
const TIMEOUT_MS = CHALLENGE_TTL_SECONDS * 1000;

/**
 * Who a ceremony is for: 'citizen:12', 'staff:3'; and the hash of the token that asked: a
 * citizen's session, or a staff member's pending sign-in (the step between password and session).
 */
export interface CeremonyOwner {
  subject: string;
  sessionHash: string | null;
}

/** A stored credential, as the ceremonies need it. */
export interface KnownCredential {
  credentialId: string;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
  /** The user handle of its owner (the one given at registration), checked against the answer's. */
  userHandle: Uint8Array | null;
}

/** Options for navigator.credentials.create/get, with the id of their challenge (sent back with the answer). */
export interface CeremonyStart<T> {
  challengeId: string;
  options: T;
}

const asTransports = (list: readonly string[]) => [...list];

/**
 * Registration options: user verification required, 'none' attestation, the owner's existing
 * credentials excluded. A discoverable credential (resident key) by default: the citizens sign in
 * with it alone. `discoverable: false` (the staff's second factor, always asked with the member's
 * credentials listed) lets a security key keep it without a resident slot, and keeps it out of the
 * browser's passkey suggestions on the citizens' sign-in.
 */
export async function startRegistration(
  db: Queryable,
  rp: RelyingParty,
  purpose: string,
  owner: CeremonyOwner,
  user: { handle: Uint8Array; name: string; displayName: string; existing: readonly { credentialId: string; transports: string[] }[] },
  { discoverable = true }: { discoverable?: boolean } = {},
): Promise<CeremonyStart<PublicKeyCredentialCreationOptionsJSON>> {
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.rpId,
    userID: new Uint8Array(user.handle),
    userName: user.name,
    userDisplayName: user.displayName,
    timeout: TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: user.existing.map((c) => ({ id: c.credentialId, transports: asTransports(c.transports) })),
    authenticatorSelection: discoverable
      ? { residentKey: 'required', requireResidentKey: true, userVerification: 'required' }
      : { residentKey: 'discouraged', requireResidentKey: false, userVerification: 'required' },
  });
  const challengeId = await saveChallenge(db, { purpose, challenge: options.challenge, subject: owner.subject, sessionHash: owner.sessionHash }, CHALLENGE_TTL_SECONDS);
  return { challengeId, options };
}

/** A new credential, verified; or why it was refused (for the log, never for the answer). */
export type RegistrationOutcome =
  | { ok: true; credential: { credentialId: string; publicKey: Uint8Array; counter: number; transports: string[]; backedUp: boolean } }
  | { ok: false; reason: string };

/** The challenge `challengeId` when it was issued for this ceremony, owner and session (it is used up either way). */
async function challengeFor(db: Queryable, challengeId: string, purpose: string, owner: CeremonyOwner | null): Promise<string | null> {
  const issued = await takeChallenge(db, challengeId);
  if (issued === null || issued.purpose !== purpose) return null;
  if (owner === null) return issued.subject === null ? issued.challenge : null;
  if (issued.subject !== owner.subject || issued.sessionHash !== owner.sessionHash) return null;
  return issued.challenge;
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Verifies an answer to navigator.credentials.create (user verification required). */
export async function finishRegistration(
  db: Queryable,
  rp: RelyingParty,
  purpose: string,
  owner: CeremonyOwner,
  challengeId: string,
  response: RegistrationResponseJSON,
): Promise<RegistrationOutcome> {
  const challenge = await challengeFor(db, challengeId, purpose, owner);
  if (challenge === null) return { ok: false, reason: 'reto desconocido, usado, vencido o de otra ceremonia' };
  try {
    const verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpId,
      requireUserVerification: true,
    });
    if (!verified.verified) return { ok: false, reason: 'registro no verificado' };
    const { credential, credentialBackedUp } = verified.registrationInfo;
    return {
      ok: true,
      credential: {
        credentialId: credential.id,
        publicKey: credential.publicKey,
        counter: credential.counter,
        transports: [...(credential.transports ?? response.response.transports ?? [])],
        backedUp: credentialBackedUp,
      },
    };
  } catch (error) {
    return { ok: false, reason: reasonOf(error) };
  }
}

/**
 * Authentication options. Without `allow`, a sign-in with a discoverable credential (the
 * browser offers the passkeys it has for the site; `owner` null); with it, a step-up of a
 * signed-in owner limited to their credentials.
 */
export async function startAuthentication(
  db: Queryable,
  rp: RelyingParty,
  purpose: string,
  owner: CeremonyOwner | null,
  allow?: readonly { credentialId: string; transports: string[] }[],
): Promise<CeremonyStart<PublicKeyCredentialRequestOptionsJSON>> {
  const options = await generateAuthenticationOptions({
    rpID: rp.rpId,
    timeout: TIMEOUT_MS,
    userVerification: 'required',
    ...(allow === undefined ? {} : { allowCredentials: allow.map((c) => ({ id: c.credentialId, transports: asTransports(c.transports) })) }),
  });
  const challengeId = await saveChallenge(db, { purpose, challenge: options.challenge, subject: owner?.subject ?? null, sessionHash: owner?.sessionHash ?? null }, CHALLENGE_TTL_SECONDS);
  return { challengeId, options };
}

export type AuthenticationOutcome<C> = { ok: true; credential: C; newCounter: number; backedUp: boolean } | { ok: false; reason: string };

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((byte, i) => byte === b[i]);

/**
 * Verifies an answer to navigator.credentials.get: the challenge (once, this ceremony and owner),
 * the credential (`find`: null when unknown or not the owner's), its owner's user handle, then the
 * library's checks (origin, RP ID, user presence and verification, signature, counter).
 * The caller records the new counter (recordPasskeyUse) before trusting the outcome.
 */
export async function finishAuthentication<C extends KnownCredential>(
  db: Queryable,
  rp: RelyingParty,
  purpose: string,
  owner: CeremonyOwner | null,
  challengeId: string,
  response: AuthenticationResponseJSON,
  find: (credentialId: string) => Promise<C | null>,
): Promise<AuthenticationOutcome<C>> {
  const challenge = await challengeFor(db, challengeId, purpose, owner);
  if (challenge === null) return { ok: false, reason: 'reto desconocido, usado, vencido o de otra ceremonia' };
  const credential = typeof response.id === 'string' ? await find(response.id) : null;
  if (credential === null) return { ok: false, reason: 'credencial desconocida' };
  const handle = response.response?.userHandle;
  if (handle !== undefined && handle !== null && handle !== '') {
    if (credential.userHandle === null || !sameBytes(Buffer.from(handle, 'base64url'), credential.userHandle)) return { ok: false, reason: 'el usuario de la respuesta no es el dueño de la credencial' };
  }
  try {
    const verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpId,
      requireUserVerification: true,
      credential: { id: credential.credentialId, publicKey: new Uint8Array(credential.publicKey), counter: credential.counter, transports: asTransports(credential.transports) },
    });
    if (!verified.verified) return { ok: false, reason: 'firma no verificada' };
    return { ok: true, credential, newCounter: verified.authenticationInfo.newCounter, backedUp: verified.authenticationInfo.credentialBackedUp };
  } catch (error) {
    return { ok: false, reason: reasonOf(error) };
  }
}
