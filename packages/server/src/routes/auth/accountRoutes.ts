import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isValidCedula } from '@portal/form-engine';
import { HttpError } from '../../http/HttpError';
import { TOO_MANY_ATTEMPTS } from '../../http/installErrorHandler';
import type { SchemaTypeProvider } from '../../http/schemaTypeProvider';
import { requireCitizen } from '../../plugins/app/registerAuth';
import { cleanCedula, findCitizenByCedula, takeFirstLogin, toCitizenView } from '../../services/citizenStore';
import { loginSucceeded, takeLoginAttempt } from '../../services/loginThrottle';
import { createSession, revokeSession } from '../../services/sessionStore';
import { DEVICE_COOKIE, DEVICE_TTL_DAYS, issueDevice, trustedDeviceHash } from '../../services/trustedDevices';
import { loginSchema, logoutSchema, meSchema } from './authSchemas';

const WRONG_CREDENTIALS = 'Cédula o contraseña incorrecta';

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
    if (!(await takeLoginAttempt(app.db, cedula, request.ip, device))) throw new HttpError(429, TOO_MANY_ATTEMPTS);
    let valid = false;
    if (citizen === null) {
      // Same work as a real check, so response time does not reveal which cédulas have accounts.
      await app.passwords.verifyDummy(password);
    } else {
      valid = await app.passwords.verify(citizen.passwordHash, password, { priority: device !== null });
    }
    if (citizen === null || !valid) throw new HttpError(401, WRONG_CREDENTIALS);
    await loginSucceeded(app.db, cedula, request.ip);
    // The first login after registration: cleared atomically, so two parallel logins welcome once.
    const first = await takeFirstLogin(app.db, citizen.id);
    const token = await createSession(app.db, citizen.id, app.config.sessionTtlHours);
    const secure = request.protocol === 'https';
    reply.setCookie('token', token, { path: '/', httpOnly: true, sameSite: 'strict', secure, maxAge: Math.floor(app.config.sessionTtlHours * 3600) });
    if (device === null) {
      reply.setCookie(DEVICE_COOKIE, await issueDevice(app.db, citizen.id), {
        path: '/v1/portals/auth/citizens', httpOnly: true, sameSite: 'strict', secure, maxAge: DEVICE_TTL_DAYS * 86400,
      });
    }
    return { token, citizen: toCitizenView(citizen), first_login: first };
  });
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
