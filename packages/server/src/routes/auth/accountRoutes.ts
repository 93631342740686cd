import type { FastifyInstance } from 'fastify';
import { isValidCedula } from '@portal/form-engine';
import { HttpError, type FieldError } from '../../http/HttpError';
import { TOO_MANY_ATTEMPTS } from '../../http/installErrorHandler';
import type { SchemaTypeProvider } from '../../http/schemaTypeProvider';
import { requireCitizen } from '../../plugins/app/registerAuth';
import { cleanCedula, findCitizenByCedula, insertCitizen, toCitizenView } from '../../services/citizenStore';
import { clearLoginFailures, isLoginLocked, recordLoginFailure } from '../../services/loginThrottle';
import { passwordProblem } from '../../services/passwordPolicy';
import { createSession, revokeSession } from '../../services/sessionStore';
import { loginSchema, logoutSchema, meSchema, registerSchema } from './authSchemas';

const WRONG_CREDENTIALS = 'Cédula o contraseña incorrecta';
const INVALID_CEDULA = 'Cédula inválida';

/** Register, login, logout and me under /v1/portals/auth/citizens. */
export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const typed = app.withTypeProvider<SchemaTypeProvider>();
  const base = '/portals/auth/citizens';

  typed.post(
    `${base}/register`,
    { schema: registerSchema, config: { rateLimit: { max: 20, timeWindow: '15 minutes' } } },
    async (request, reply) => {
      const { email, password, password_confirmation: confirmation } = request.body;
      const cedula = cleanCedula(request.body.cedula);
      if (!isValidCedula(cedula)) throw new HttpError(400, INVALID_CEDULA, [{ path: 'cedula', message: INVALID_CEDULA }]);
      const errors: FieldError[] = [];
      if (confirmation !== undefined && confirmation !== password) {
        errors.push({ path: 'password_confirmation', message: 'Las contraseñas no coinciden' });
      }
      const problem = passwordProblem(password, cedula);
      if (problem !== null) errors.push({ path: 'password', message: problem });
      if (errors.length > 0) throw new HttpError(400, 'Datos inválidos', errors);

      const person = await app.agencies.jce.lookup(cedula);
      if (person === null) throw new HttpError(400, INVALID_CEDULA, [{ path: 'cedula', message: INVALID_CEDULA }]);
      const duplicate = new HttpError(409, 'Ya existe una cuenta con esta cédula');
      if ((await findCitizenByCedula(app.db, cedula)) !== null) throw duplicate;
      const citizen = await insertCitizen(app.db, {
        cedula,
        email: email.trim().toLowerCase(),
        passwordHash: await app.passwords.hash(password),
        nombres: person.nombres,
        apellidos: person.apellidos,
      });
      if (citizen === null) throw duplicate;
      return reply.code(201).send({ data: citizen });
    },
  );

  typed.post(`${base}/login`, { schema: loginSchema }, async (request, reply) => {
    const cedula = cleanCedula(request.body.cedula);
    const { password } = request.body;
    if (await isLoginLocked(app.db, cedula, request.ip)) throw new HttpError(429, TOO_MANY_ATTEMPTS);
    const citizen = isValidCedula(cedula) ? await findCitizenByCedula(app.db, cedula) : null;
    let valid = false;
    if (citizen === null) {
      // Same work as a real check, so response time does not reveal which cédulas have accounts.
      await app.passwords.verifyDummy(password);
    } else {
      valid = await app.passwords.verify(citizen.passwordHash, password);
    }
    if (citizen === null || !valid) {
      await recordLoginFailure(app.db, cedula, request.ip);
      throw new HttpError(401, WRONG_CREDENTIALS);
    }
    await clearLoginFailures(app.db, cedula);
    const token = await createSession(app.db, citizen.id, app.config.sessionTtlHours);
    reply.setCookie('token', token, {
      path: '/',
      httpOnly: true,
      sameSite: 'strict',
      secure: request.protocol === 'https',
      maxAge: Math.floor(app.config.sessionTtlHours * 3600),
    });
    return { token, citizen: toCitizenView(citizen) };
  });

  typed.post(`${base}/logout`, { schema: logoutSchema, onRequest: app.authenticate }, async (request, reply) => {
    if (request.sessionTokenHash !== null) await revokeSession(app.db, request.sessionTokenHash);
    reply.clearCookie('token', { path: '/' });
    return { message: 'Sesión cerrada' };
  });

  typed.get(`${base}/me`, { schema: meSchema, onRequest: app.authenticate }, async (request) => ({
    data: requireCitizen(request),
  }));
}
