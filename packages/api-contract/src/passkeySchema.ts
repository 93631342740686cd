/**
 * Passkeys (issue 25 §3): a citizen signs in with the face or fingerprint unlock of a device
 * (WebAuthn). The server's routes: /v1/portals/auth/citizens/passkeys…
 */
import type { FromSchema } from './fromSchema';

/** A passkey of the account, as «Mi cuenta» lists it. */
export const passkeySchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    device_name: { type: 'string', description: 'el nombre que el ciudadano dio al dispositivo' },
    created_at: { type: 'string', format: 'date-time' },
    last_used_at: { type: ['string', 'null'], format: 'date-time', description: 'último ingreso con esta llave (null: nunca)' },
  },
  required: ['id', 'device_name', 'created_at', 'last_used_at'],
} as const;

export const passkeyListSchema = {
  type: 'object',
  properties: { data: { type: 'array', items: passkeySchema } },
  required: ['data'],
} as const;

/** The answer of navigator.credentials.create/get as JSON (@simplewebauthn/browser); the server's library checks its contents. */
export const webAuthnResponseSchema = {
  type: 'object',
  properties: {
    id: { type: 'string', minLength: 1, maxLength: 1024 },
    rawId: { type: 'string', minLength: 1, maxLength: 1024 },
    type: { type: 'string', maxLength: 32 },
    authenticatorAttachment: { type: 'string', maxLength: 32 },
    clientExtensionResults: { type: 'object' },
    response: {
      type: 'object',
      properties: {
        clientDataJSON: { type: 'string', maxLength: 8192 },
        authenticatorData: { type: 'string', maxLength: 8192 },
        signature: { type: 'string', maxLength: 2048 },
        userHandle: { type: 'string', maxLength: 512 },
        attestationObject: { type: 'string', maxLength: 65536 },
        publicKey: { type: 'string', maxLength: 8192 },
        publicKeyAlgorithm: { type: 'integer' },
        transports: { type: 'array', maxItems: 10, items: { type: 'string', maxLength: 32 } },
      },
      required: ['clientDataJSON'],
    },
  },
  required: ['id', 'rawId', 'type', 'response'],
} as const;

/** Options for the browser's WebAuthn call, with the id of the challenge to send back with the answer. */
export const webAuthnOptionsSchema = {
  type: 'object',
  properties: {
    challenge_id: { type: 'string' },
    options: { type: 'object', additionalProperties: true, description: 'PublicKeyCredentialCreationOptionsJSON o PublicKeyCredentialRequestOptionsJSON (WebAuthn nivel 3)' },
  },
  required: ['challenge_id', 'options'],
} as const;

const challengeId = { type: 'string', minLength: 1, maxLength: 64 } as const;

/** An answer to a ceremony: the challenge's id and the browser's response. */
export const webAuthnAnswerBodySchema = {
  type: 'object',
  properties: { challenge_id: challengeId, response: webAuthnResponseSchema },
  required: ['challenge_id', 'response'],
} as const;

/**
 * Changing a sign-in method (adding or removing a passkey) needs, in the same request, the
 * current password or a passkey of the account (an answer to the step-up options).
 */
export const signInProofBodySchema = {
  type: 'object',
  properties: {
    current_password: { type: 'string', minLength: 1, maxLength: 256 },
    passkey: webAuthnAnswerBodySchema,
  },
} as const;

/** POST /passkeys: the new passkey (answer to the registration options) and the device's name. */
export const passkeyCreateBodySchema = {
  type: 'object',
  properties: {
    challenge_id: challengeId,
    device_name: { type: 'string', minLength: 1, maxLength: 60 },
    response: webAuthnResponseSchema,
  },
  required: ['challenge_id', 'device_name', 'response'],
} as const;

export const passkeyCreatedSchema = {
  type: 'object',
  properties: { message: { type: 'string' }, data: passkeySchema },
  required: ['message', 'data'],
} as const;

export type Passkey = FromSchema<typeof passkeySchema>;
export type WebAuthnOptions = FromSchema<typeof webAuthnOptionsSchema>;
export type SignInProofBody = FromSchema<typeof signInProofBodySchema>;
export type PasskeyCreateBody = FromSchema<typeof passkeyCreateBodySchema>;
export type WebAuthnAnswerBody = FromSchema<typeof webAuthnAnswerBodySchema>;
