/**
 * Passkeys of citizens (issue 25 §3): «Desbloqueo facial o con huella». The ceremonies are in
 * services/passkeys/webauthn.ts (@simplewebauthn/server); the relying party comes from PUBLIC_URL.
 *
 * - Public (passkeyPublicRoutes): sign-in options and the sign-in itself, which opens the same
 *   session as a password login (accountRoutes.ts startCitizenSession). Counted on limits of
 *   their own (services/passkeys/passkeyThrottle.ts), never on the password's.
 * - Signed in (passkeyRoutes, in the citizen context): the list; adding one and removing one,
 *   each needing in the request the current password or an answer of one of the account's
 *   passkeys (step-up options); both tell the account's address and end the other sessions.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  loginResponseSchema,
  passkeyCreateBodySchema,
  passkeyCreatedSchema,
  passkeyListSchema,
  signInProofBodySchema,
  webAuthnAnswerBodySchema,
  webAuthnOptionsSchema,
  type SignInProofBody,
} from '@portal/api-contract';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { authErrors, citizenSecurity, commonErrors, errorSchema, messageSchema, publicSecurity } from '../../http/commonSchemas';
import { HttpError } from '../../http/HttpError';
import { TOO_MANY_ATTEMPTS } from '../../http/installErrorHandler';
import type { SchemaTypeProvider } from '../../http/schemaTypeProvider';
import type { Queryable } from '../../db/Db';
import { requireCitizen } from '../../plugins/app/registerAuth';
import { findCitizenById } from '../../services/citizenStore';
import { verifyCurrentPassword } from '../../services/currentPassword';
import { citizenCredentialFinder, citizenSubject, maskedCedula, passkeyView, PURPOSES, queueSignInMethodMail } from '../../services/passkeys/citizenPasskeys';
import { citizenUserHandle, deleteCitizenPasskey, insertCitizenPasskey, listCitizenPasskeys, recordPasskeyUse } from '../../services/passkeys/passkeyStore';
import { passkeySignInSucceeded, takePasskeySignIn } from '../../services/passkeys/passkeyThrottle';
import { finishAuthentication, finishRegistration, startAuthentication, startRegistration, type CeremonyOwner } from '../../services/passkeys/webauthn';
import { revokeCitizenSessions, type CitizenView } from '../../services/sessionStore';
import { DEVICE_COOKIE, trustedDeviceHash } from '../../services/trustedDevices';
import { startCitizenSession } from './accountRoutes';

const base = '/portals/auth/citizens/passkeys';
export const PASSKEY_REFUSED = 'No se pudo verificar el desbloqueo facial o con huella. Intente de nuevo o ingrese con su cédula y contraseña.';
const PROOF_REFUSED = 'No se pudo confirmar con su llave de acceso. Intente de nuevo o use su contraseña.';
const PROOF_MISSING = 'Confirme el cambio con su contraseña actual o con otra llave de acceso';
const NOT_FOUND = 'No se encontró esa llave de acceso';
const REGISTRATION_REFUSED = 'No se pudo registrar el desbloqueo facial o con huella. Intente de nuevo.';
/** Per address, on the options (cheap, but they store a challenge). */
const optionsLimit = { rateLimit: { max: 60, timeWindow: '15 minutes' } };
/** Per address, on the changes (they check a password or a passkey). */
const changeLimit = { rateLimit: { max: 20, timeWindow: '15 minutes' } };

/** Answers with tokens, challenges or the account's passkeys are never cached. */
async function noStore(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  void reply.header('cache-control', 'no-store');
}

/** The library's options type, as the JSON the schema describes. */
const asJson = (options: object) => options as Record<string, unknown>;

const optionsResponse = { 200: webAuthnOptionsSchema } as const;

export const loginOptionsSchema = {
  tags: ['Cuenta'],
  security: publicSecurity,
  operationId: 'startCitizenPasskeySignIn',
  summary: 'Opciones para ingresar con una llave de acceso (desbloqueo facial o con huella)',
  description: 'Un reto de un solo uso (5 minutos) para navigator.credentials.get; sin allowCredentials: el navegador ofrece las llaves que tenga para el portal.',
  response: { ...commonErrors, ...optionsResponse },
} as const;

export const loginWithPasskeySchema = {
  tags: ['Cuenta'],
  security: publicSecurity,
  operationId: 'signInCitizenWithPasskey',
  summary: 'Ingresa con una llave de acceso: devuelve el token y lo pone en la cookie token, como el inicio de sesión con contraseña',
  description: 'Cuenta en un límite propio por dirección, aparte de los intentos de contraseña.',
  body: webAuthnAnswerBodySchema,
  response: { ...authErrors, 200: loginResponseSchema },
} as const;

export const listSchema = {
  tags: ['Cuenta'],
  security: citizenSecurity,
  operationId: 'listCitizenPasskeys',
  summary: 'Llaves de acceso (desbloqueo facial o con huella) de la cuenta',
  response: { ...authErrors, 200: passkeyListSchema },
} as const;

export const registrationOptionsSchema = {
  tags: ['Cuenta'],
  security: citizenSecurity,
  operationId: 'startCitizenPasskeyRegistration',
  summary: 'Opciones para agregar una llave de acceso; pide la contraseña actual u otra llave de la cuenta',
  body: signInProofBodySchema,
  response: { ...authErrors, ...optionsResponse },
} as const;

export const stepUpOptionsSchema = {
  tags: ['Cuenta'],
  security: citizenSecurity,
  operationId: 'startCitizenPasskeyConfirmation',
  summary: 'Opciones para confirmar un cambio con una llave de acceso de la cuenta (en lugar de la contraseña)',
  response: { ...authErrors, 404: errorSchema, ...optionsResponse },
} as const;

export const createSchema = {
  tags: ['Cuenta'],
  security: citizenSecurity,
  operationId: 'addCitizenPasskey',
  summary: 'Agrega la llave de acceso creada con las opciones de registro (avisa al correo y cierra las demás sesiones)',
  body: passkeyCreateBodySchema,
  response: { ...authErrors, 201: passkeyCreatedSchema },
} as const;

export const deleteSchema = {
  tags: ['Cuenta'],
  security: citizenSecurity,
  operationId: 'removeCitizenPasskey',
  summary: 'Elimina una llave de acceso; pide la contraseña actual u otra llave de la cuenta (avisa al correo y cierra las demás sesiones)',
  params: { type: 'object', properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } }, required: ['id'] },
  body: signInProofBodySchema,
  response: { ...authErrors, 404: errorSchema, 200: messageSchema },
} as const;

/** Sign-in with a passkey: public. */
export async function passkeyPublicRoutes(app: FastifyInstance): Promise<void> {
  const typed = app.withTypeProvider<SchemaTypeProvider>();
  const rp = app.config.webauthn;

  typed.post(`${base}/login-options`, { schema: loginOptionsSchema, onRequest: noStore, config: optionsLimit }, async () => {
    const { challengeId, options } = await startAuthentication(app.db, rp, PURPOSES.signIn, null);
    return { challenge_id: challengeId, options: asJson(options) };
  });

  typed.post(`${base}/login`, { schema: loginWithPasskeySchema, onRequest: noStore }, async (request, reply) => {
    if (!(await takePasskeySignIn(app.db, request.ip))) throw new HttpError(429, TOO_MANY_ATTEMPTS);
    const { challenge_id: challengeId, response } = request.body;
    const outcome = await finishAuthentication(app.db, rp, PURPOSES.signIn, null, challengeId, response as unknown as AuthenticationResponseJSON, citizenCredentialFinder(app.db, null));
    if (!outcome.ok) {
      request.log.info({ reason: outcome.reason }, 'ingreso con llave de acceso rechazado');
      throw new HttpError(401, PASSKEY_REFUSED);
    }
    const { credential } = outcome;
    // The counter is written only if it is still the one checked: of two answers racing, one counts.
    if (!(await recordPasskeyUse(app.db, credential.id, credential.counter, outcome.newCounter, outcome.backedUp))) throw new HttpError(401, PASSKEY_REFUSED);
    const citizen = await findCitizenById(app.db, credential.citizenId);
    if (citizen === null) throw new HttpError(401, PASSKEY_REFUSED);
    await passkeySignInSucceeded(app.db, request.ip);
    const device = await trustedDeviceHash(app.db, request.cookies?.[DEVICE_COOKIE], citizen.id);
    return startCitizenSession(app, request, reply, citizen, device);
  });
}

/** The account's passkeys: registered in the citizen context (registerRoutes.ts), which adds app.authenticate. */
export async function passkeyRoutes(app: FastifyInstance): Promise<void> {
  const typed = app.withTypeProvider<SchemaTypeProvider>();
  const rp = app.config.webauthn;
  const ownerOf = (request: FastifyRequest, citizen: CitizenView): CeremonyOwner => ({ subject: citizenSubject(citizen.id), sessionHash: request.sessionTokenHash });

  /** The current password or an answer of one of the account's passkeys, as the request brings it; throws when neither holds. */
  const checkProof = async (request: FastifyRequest, citizen: CitizenView, proof: SignInProofBody): Promise<void> => {
    if (proof.passkey !== undefined) {
      const outcome = await finishAuthentication(
        app.db, rp, PURPOSES.stepUp, ownerOf(request, citizen), proof.passkey.challenge_id,
        proof.passkey.response as unknown as AuthenticationResponseJSON, citizenCredentialFinder(app.db, citizen.id),
      );
      if (!outcome.ok || !(await recordPasskeyUse(app.db, outcome.credential.id, outcome.credential.counter, outcome.newCounter, outcome.backedUp))) {
        if (!outcome.ok) request.log.info({ reason: outcome.reason }, 'confirmación con llave de acceso rechazada');
        throw new HttpError(400, PROOF_REFUSED, [{ path: 'passkey', message: PROOF_REFUSED }]);
      }
      return;
    }
    if (proof.current_password === undefined) throw new HttpError(400, PROOF_MISSING, [{ path: 'current_password', message: PROOF_MISSING }]);
    await verifyCurrentPassword(app, { citizenId: citizen.id, password: proof.current_password, ip: request.ip });
  };

  /** A change of sign-in method (`write`), then the account's address is told and the other sessions end, in one transaction. */
  const changeSignInMethod = async <T>(request: FastifyRequest, citizen: CitizenView, change: 'agregado' | 'eliminado', deviceName: string, write: (tx: Queryable) => Promise<T>): Promise<T> => {
    const result = await app.db.transaction(async (tx) => {
      const written = await write(tx);
      await queueSignInMethodMail(tx, citizen, change, deviceName);
      await revokeCitizenSessions(tx, citizen.id, request.sessionTokenHash);
      return written;
    });
    app.sessionCache.forgetCitizen(citizen.id);
    app.kickMail();
    return result;
  };

  typed.get(base, { schema: listSchema, onRequest: noStore }, async (request) => {
    const citizen = requireCitizen(request);
    return { data: (await listCitizenPasskeys(app.db, citizen.id)).map(passkeyView) };
  });

  typed.post(`${base}/confirmation-options`, { schema: stepUpOptionsSchema, onRequest: noStore, config: optionsLimit }, async (request) => {
    const citizen = requireCitizen(request);
    const existing = await listCitizenPasskeys(app.db, citizen.id);
    if (existing.length === 0) throw new HttpError(404, 'Su cuenta no tiene llaves de acceso: confirme con su contraseña');
    const { challengeId, options } = await startAuthentication(app.db, rp, PURPOSES.stepUp, ownerOf(request, citizen), existing);
    return { challenge_id: challengeId, options: asJson(options) };
  });

  typed.post(`${base}/registration-options`, { schema: registrationOptionsSchema, onRequest: noStore, config: changeLimit }, async (request) => {
    const citizen = requireCitizen(request);
    // The proof comes first: a challenge to add a passkey is only issued to whoever gave it, to this session.
    await checkProof(request, citizen, request.body);
    const handle = await citizenUserHandle(app.db, citizen.id);
    const existing = await listCitizenPasskeys(app.db, citizen.id);
    const { challengeId, options } = await startRegistration(app.db, rp, PURPOSES.register, ownerOf(request, citizen), {
      handle,
      name: maskedCedula(citizen.cedula),
      displayName: `${citizen.nombres} ${citizen.apellidos}`.trim(),
      existing,
    });
    return { challenge_id: challengeId, options: asJson(options) };
  });

  typed.post(base, { schema: createSchema, onRequest: noStore, config: changeLimit }, async (request, reply) => {
    const citizen = requireCitizen(request);
    const deviceName = request.body.device_name.trim();
    if (deviceName === '') throw new HttpError(400, 'Datos inválidos', [{ path: 'device_name', message: 'Escriba un nombre para este dispositivo' }]);
    const outcome = await finishRegistration(app.db, rp, PURPOSES.register, ownerOf(request, citizen), request.body.challenge_id, request.body.response as unknown as RegistrationResponseJSON);
    if (!outcome.ok) {
      request.log.info({ reason: outcome.reason }, 'registro de llave de acceso rechazado');
      throw new HttpError(400, REGISTRATION_REFUSED);
    }
    const created = await changeSignInMethod(request, citizen, 'agregado', deviceName, async (tx) => {
      const row = await insertCitizenPasskey(tx, citizen.id, { ...outcome.credential, deviceName });
      if (row === null) throw new HttpError(400, 'Esa llave de acceso ya está registrada');
      return row;
    });
    return reply.code(201).send({
      message: 'Listo: ya puede ingresar con el desbloqueo facial o con huella de este dispositivo',
      data: passkeyView({ id: created.id, deviceName, createdAt: created.createdAt, lastUsedAt: null }),
    });
  });

  typed.delete(`${base}/:id`, { schema: deleteSchema, onRequest: noStore, config: changeLimit }, async (request) => {
    const citizen = requireCitizen(request);
    const target = (await listCitizenPasskeys(app.db, citizen.id)).find((p) => p.id === request.params.id);
    // Another citizen's passkey is as unknown as one that does not exist.
    if (target === undefined) throw new HttpError(404, NOT_FOUND);
    await checkProof(request, citizen, request.body ?? {});
    await changeSignInMethod(request, citizen, 'eliminado', target.deviceName, async (tx) => {
      if (!(await deleteCitizenPasskey(tx, citizen.id, target.id))) throw new HttpError(404, NOT_FOUND);
    });
    return { message: 'Llave de acceso eliminada' };
  });
}
