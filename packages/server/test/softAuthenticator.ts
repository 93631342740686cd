/**
 * A software authenticator for the API tests: real WebAuthn answers, built as the spec says
 * (https://www.w3.org/TR/webauthn-3/ §6.1 authenticator data, §5.8.1 client data), signed with
 * a real ES256 key pair of node:crypto. No part of the server is mocked: what it receives is
 * what a platform authenticator with user verification (face or fingerprint) would send, with
 * 'none' attestation. The CBOR is @simplewebauthn/server's own encoder.
 *
 * It also plays the browser's part: the client data carries the origin the test says, so a
 * test can answer from another origin, replay an answer or alter one.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | Buffer | string) => createHash('sha256').update(data).digest();

/** Authenticator data flags (§6.1). */
const FLAGS = { UP: 0x01, UV: 0x04, AT: 0x40 } as const;

/** Registration options as the server sends them (the fields this authenticator reads). */
interface CreationOptions {
  challenge: string;
  rp: { id?: string; name: string };
  user: { id: string; name: string; displayName: string };
  excludeCredentials?: { id: string }[];
}

/** Authentication options as the server sends them. */
interface RequestOptions {
  challenge: string;
  rpId?: string;
  allowCredentials?: { id: string }[];
}

/** A credential held by this authenticator (a resident key: it keeps its user handle). */
export interface SoftCredential {
  id: string;
  rpId: string;
  userHandle: string;
  privateKey: KeyObject;
  publicKeyJwk: { x: string; y: string };
  signCount: number;
}

export interface RegistrationAnswer {
  id: string;
  rawId: string;
  type: 'public-key';
  authenticatorAttachment: 'platform';
  clientExtensionResults: Record<string, never>;
  response: { clientDataJSON: string; attestationObject: string; transports: string[] };
}

export interface AssertionAnswer {
  id: string;
  rawId: string;
  type: 'public-key';
  authenticatorAttachment: 'platform';
  clientExtensionResults: Record<string, never>;
  response: { clientDataJSON: string; authenticatorData: string; signature: string; userHandle: string };
}

export interface CeremonyOptions {
  /** The origin the browser puts in the client data (default: the authenticator's). */
  origin?: string;
  /** User verification done (face or fingerprint); default true. */
  userVerified?: boolean;
}

function authenticatorData(rpId: string, flags: number, signCount: number, attested?: Uint8Array): Buffer {
  const count = Buffer.alloc(4);
  count.writeUInt32BE(signCount);
  return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [Buffer.from(attested)] : [])]);
}

/** The COSE_Key of an EC2 P-256 public key for ES256 (RFC 9053): kty 2, alg -7, crv 1, x, y. */
function coseKey(jwk: { x: string; y: string }): Uint8Array {
  return isoCBOR.encode(new Map<number, number | Uint8Array>([
    [1, 2],
    [3, -7],
    [-1, 1],
    [-2, new Uint8Array(Buffer.from(jwk.x, 'base64url'))],
    [-3, new Uint8Array(Buffer.from(jwk.y, 'base64url'))],
  ]));
}

export class SoftAuthenticator {
  readonly credentials: SoftCredential[] = [];

  /** `origin`: the page's origin the browser reports (http://localhost:3000 is the test config's). */
  constructor(readonly origin: string = 'http://localhost:3000') {}

  /** navigator.credentials.create: a new ES256 resident credential, answered with 'none' attestation. */
  create(options: CreationOptions, ceremony: CeremonyOptions = {}): RegistrationAnswer {
    const rpId = options.rp.id ?? new URL(this.origin).hostname;
    if (options.excludeCredentials?.some((c) => this.credentials.some((own) => own.id === c.id))) throw new Error('InvalidStateError: credencial excluida');
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' }) as { x: string; y: string };
    const id = randomBytes(32);
    const credential: SoftCredential = { id: b64url(id), rpId, userHandle: options.user.id, privateKey, publicKeyJwk: jwk, signCount: 0 };
    // Attested credential data (§6.5.2): AAGUID (zeros: 'none'), length of the id, the id, the COSE key.
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, id, Buffer.from(coseKey(jwk))]);
    const flags = FLAGS.UP | (ceremony.userVerified === false ? 0 : FLAGS.UV) | FLAGS.AT;
    const authData = authenticatorData(rpId, flags, credential.signCount, attested);
    const clientDataJSON = JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin: ceremony.origin ?? this.origin, crossOrigin: false });
    const attestationObject = isoCBOR.encode(new Map<string, unknown>([['fmt', 'none'], ['attStmt', new Map()], ['authData', new Uint8Array(authData)]]) as never);
    this.credentials.push(credential);
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: { clientDataJSON: b64url(Buffer.from(clientDataJSON)), attestationObject: b64url(attestationObject), transports: ['internal'] },
    };
  }

  /** navigator.credentials.get: signs with the first allowed credential (or, discoverable, the first one for the RP). */
  get(options: RequestOptions, ceremony: CeremonyOptions & { credential?: SoftCredential } = {}): AssertionAnswer {
    const rpId = options.rpId ?? new URL(this.origin).hostname;
    const allowed = options.allowCredentials?.map((c) => c.id);
    const credential = ceremony.credential
      ?? this.credentials.find((c) => c.rpId === rpId && (allowed === undefined || allowed.length === 0 || allowed.includes(c.id)));
    if (!credential) throw new Error('NotAllowedError: ninguna credencial para este sitio');
    credential.signCount += 1;
    const flags = FLAGS.UP | (ceremony.userVerified === false ? 0 : FLAGS.UV);
    const authData = authenticatorData(credential.rpId, flags, credential.signCount);
    const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin: ceremony.origin ?? this.origin, crossOrigin: false }));
    // ES256: ECDSA P-256 with SHA-256 over authenticatorData ‖ SHA-256(clientDataJSON), DER-encoded (§6.3.3).
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey);
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: { clientDataJSON: b64url(clientDataJSON), authenticatorData: b64url(authData), signature: b64url(signature), userHandle: credential.userHandle },
    };
  }
}
