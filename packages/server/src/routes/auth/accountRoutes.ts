import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isValidCedula } from '@portal/form-engine';
import { HttpError } from '../../http/HttpError';
import type { SchemaTypeProvider } from '../../http/schemaTypeProvider';
import { requireCitizen } from '../../plugins/app/registerAuth';
import { cleanCedula, findCitizenByCedula, takeFirstLogin, toCitizenView } from '../../services/citizenStore';
import { loginSucceeded, takeLoginAttempt } from '../../services/loginThrottle';
import { createSession, revokeSession, type CitizenView } from '../../services/sessionStore';
import { DEVICE_COOKIE, deviceCookieOptions, issueDevice, trustedDeviceHash } from '../../services/trustedDevices';
import { loginSchema, logoutSchema, meSchema } from './authSchemas';

const WRONG_CREDENTIALS = 'Cédula o contraseña incorrecta';
/**
 * A login over a limit (the same for every cédula, with or without an account): it names the owner's ways in that
 * guesses from elsewhere cannot use up (docs/operations.md «Cuentas»).
 */
export const LOGIN_LIMITED =
  'Demasiados intentos con esta cédula. Entre desde un navegador donde ya haya iniciado sesión, o cree una contraseña nueva con ' +
  '«¿Olvidó su contraseña?»: al hacerlo, este navegador quedará reconocido.';

/** Answers that carry a token or personal data are never stored by a browser or a proxy cache. */
async function noStore(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  void reply.header('cache-control', 'no-store');
}

/** Login under /v1/portals/auth/citizens: public, it starts the session (registration: registrationRoutes.ts). */
export async function accountPublicRoutes(app: FastifyInstance): Promise<void> {
  const typed = app.withTypeProvider<SchemaTypeProvider>();
  const base = '/portals/auth/citizens';

  typed.post(`${base}/login`, { schema: loginSchema, onRequest: noStore }, async (request, reply) => {
    const cedula = cleanCedula(request.body.cedula);
    const { password } = request.body;
    const citizen = isValidCedula(cedula) ? await findCitizenByCedula(app.db, cedula) : null;
    const device = await trustedDeviceHash(app.db, request.cookies?.[DEVICE_COOKIE], citizen?.id ?? null);
    // Counted before any password work: over a limit, the answer costs no hash.
    if (!(await takeLoginAttempt(app.db, cedula, request.ip, device))) throw new HttpError(429, LOGIN_LIMITED);
    let valid = false;
    if (citizen === null) {
      // Same work as a real check, so response time does not reveal which cédulas have accounts.
      await app.passwords.verifyDummy(password);
    } else {
      valid = await app.passwords.verify(citizen.passwordHash, password, { priority: device !== null });
    }
    if (citizen === null || !valid) throw new HttpError(401, WRONG_CREDENTIALS);
    await loginSucceeded(app.db, cedula, request.ip);
    return startCitizenSession(app, request, reply, citizen, device);
  });
}

/**
 * Opens the citizen's session once they proved who they are (password, or a passkey:
 * passkeyRoutes.ts): the first-login mark, the session and its cookie, and the trusted-browser
 * cookie when `device` (the browser's, already checked) is null. The login's answer.
 */
export async function startCitizenSession(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, citizen: CitizenView, device: string | null) {
  // The first login after registration: cleared atomically, so two parallel logins welcome once.
  const first = await takeFirstLogin(app.db, citizen.id);
  const token = await createSession(app.db, citizen.id, app.config.sessionTtlHours);
  const secure = request.protocol === 'https';
  reply.setCookie('token', token, { path: '/', httpOnly: true, sameSite: 'strict', secure, maxAge: Math.floor(app.config.sessionTtlHours * 3600) });
  if (device === null) {
    reply.setCookie(DEVICE_COOKIE, await issueDevice(app.db, citizen.id), deviceCookieOptions(secure));
  }
  return { token, citizen: toCitizenView(citizen), first_login: first };
}

/** Logout and me under /v1/portals/auth/citizens: registered in the citizen context (registerRoutes.ts), which adds app.authenticate. */
export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const typed = app.withTypeProvider<SchemaTypeProvider>();
  const base = '/portals/auth/citizens';

  typed.post(`${base}/logout`, { schema: logoutSchema }, async (request, reply) => {
    if (request.sessionTokenHash !== null) {
      await revokeSession(app.db, request.sessionTokenHash);
      app.sessionCache.forgetToken(request.sessionTokenHash);
    }
    reply.clearCookie('token', { path: '/' });
    return { message: 'Sesión cerrada' };
  });

  typed.get(`${base}/me`, { schema: meSchema, onRequest: noStore }, async (request) => ({
    data: requireCitizen(request),
  }));
}
