/**
 * Registration with e-mail confirmation under /v1/portals/auth/citizens:
 * register → (code by e-mail) → confirm; resend with a one-minute cool-down.
 * No answer tells whether the cédula already has an account.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { isValidCedula } from '@portal/form-engine';
import { passwordProblem } from '@portal/form-engine/password';
import { HttpError, type FieldError } from '../../http/HttpError';
import { TOO_MANY_ATTEMPTS } from '../../http/installErrorHandler';
import type { SchemaTypeProvider } from '../../http/schemaTypeProvider';
import { takeAttempt } from '../../services/attemptCounter';
import { cleanCedula, findCitizenByCedula, insertCitizen, markFirstLoginPending } from '../../services/citizenStore';
import { queueMail } from '../../services/mail/queueMail';
import { codeHmac, newCode, sameHmac } from '../../services/oneTimeCode';
import {
  addPendingRegistration, deleteRegistrationsOf, findPendingRegistration, replaceRegistrationCode, takeCodeAttempt,
  REGISTRATION_CODE_MINUTES,
} from '../../services/registrationStore';
import { hashToken } from '../../services/sessionStore';
import { confirmSchema, registerSchema, resendSchema } from './authSchemas';

export const REGISTER_MESSAGE = 'Le enviamos un código de confirmación a su correo. Escríbalo para activar su cuenta.';
export const INVALID_CODE = 'Código inválido o vencido';
const INVALID_CEDULA = 'Cédula inválida';
const JCE_MISMATCH = 'La cédula y la fecha de nacimiento no coinciden con el registro de la JCE';
export const RESEND_COOL_DOWN_SECONDS = 60;
const HOUR = 3600;

const codeMail = (to: string, nombres: string, code: string) => ({
  to,
  subject: 'Código para confirmar su cuenta del Portal Ciudadano',
  body:
    `Hola ${nombres}:\n\nSu código para confirmar su cuenta es ${code}. Vence en ${REGISTRATION_CODE_MINUTES} minutos.\n` +
    'Si usted no creó una cuenta en el Portal Ciudadano, ignore este mensaje.',
});

const alreadyRegisteredMail = (to: string, nombres: string) => ({
  to,
  subject: 'Intento de registro con su cédula en el Portal Ciudadano',
  body:
    `Hola ${nombres}:\n\nAlguien intentó crear una cuenta nueva con su cédula. Su cuenta no cambió.\n` +
    'Si fue usted, ya tiene una cuenta: ingrese con su cédula y contraseña, o use "¿Olvidó su contraseña?" para restablecerla.',
});

export async function registrationRoutes(app: FastifyInstance): Promise<void> {
  const typed = app.withTypeProvider<SchemaTypeProvider>();
  const base = '/portals/auth/citizens';
  const perAddress = { rateLimit: { max: 20, timeWindow: '15 minutes' } };

  typed.post(`${base}/register`, { schema: registerSchema, config: perAddress }, async (request, reply) => {
    const { email, password, password_confirmation: confirmation, fecha_nacimiento: fechaNacimiento } = request.body;
    const cedula = cleanCedula(request.body.cedula);
    if (!isValidCedula(cedula)) throw new HttpError(400, INVALID_CEDULA, [{ path: 'cedula', message: INVALID_CEDULA }]);
    const errors: FieldError[] = [];
    if (confirmation !== undefined && confirmation !== password) errors.push({ path: 'password_confirmation', message: 'Las contraseñas no coinciden' });
    const problem = passwordProblem(password, cedula, [email]);
    if (problem !== null) errors.push({ path: 'password', message: problem });
    if (errors.length > 0) throw new HttpError(400, 'Datos inválidos', errors);
    // Guessing a date of birth: bounded per cédula as well as per address.
    if (!(await takeAttempt(app.db, [{ key: `register:cedula:${cedula}`, max: 10, windowSeconds: HOUR }]))) {
      throw new HttpError(429, TOO_MANY_ATTEMPTS);
    }
    const person = await app.agencies.jce.lookup(cedula);
    if (person === null || !(await app.agencies.jce.birthDateMatches(cedula, fechaNacimiento))) {
      throw new HttpError(400, JCE_MISMATCH, [{ path: 'fecha_nacimiento', message: JCE_MISMATCH }]);
    }
    const personalProblem = passwordProblem(password, cedula, [email, person.nombres, person.apellidos]);
    if (personalProblem !== null) throw new HttpError(400, 'Datos inválidos', [{ path: 'password', message: personalProblem }]);

    // Both branches hash the password and write one row and one message: the same answer, about the same time.
    const passwordHash = await app.passwords.hash(password);
    const token = randomBytes(32).toString('base64url');
    const existing = await findCitizenByCedula(app.db, cedula);
    await app.db.transaction(async (tx) => {
      if (existing !== null) {
        await queueMail(tx, alreadyRegisteredMail(existing.email, existing.nombres));
        return;
      }
      const code = newCode();
      const tokenHash = hashToken(token);
      await addPendingRegistration(tx, {
        tokenHash, cedula, email: email.trim().toLowerCase(), passwordHash, nombres: person.nombres, apellidos: person.apellidos,
        codeHmac: codeHmac(app.secretKey, 'registro', tokenHash, code),
      });
      await queueMail(tx, codeMail(email.trim(), person.nombres, code));
    });
    app.kickMail();
    return reply.code(202).send({ message: REGISTER_MESSAGE, registration_token: token, resend_after_seconds: RESEND_COOL_DOWN_SECONDS });
  });

  typed.post(`${base}/confirm`, { schema: confirmSchema, config: perAddress }, async (request, reply) => {
    const tokenHash = hashToken(request.body.registration_token);
    const pending = await findPendingRegistration(app.db, tokenHash);
    // Counted before the comparison: parallel guesses cannot exceed five per registration.
    if (pending === null || !(await takeCodeAttempt(app.db, tokenHash))) throw new HttpError(400, INVALID_CODE, [{ path: 'code', message: INVALID_CODE }]);
    if (!sameHmac(pending.codeHmac, codeHmac(app.secretKey, 'registro', tokenHash, request.body.code))) {
      throw new HttpError(400, INVALID_CODE, [{ path: 'code', message: INVALID_CODE }]);
    }
    const citizen = await app.db.transaction(async (tx) => {
      const created = await insertCitizen(tx, {
        cedula: pending.cedula, email: pending.email, passwordHash: pending.passwordHash, nombres: pending.nombres, apellidos: pending.apellidos,
      });
      await deleteRegistrationsOf(tx, pending.cedula);
      // Its first login will answer first_login: true (the browser's welcome, FIRST_LOGIN).
      if (created !== null) await markFirstLoginPending(tx, created.id);
      return created;
    });
    // Another registration of the cédula was confirmed first: a confirmed account is never replaced.
    if (citizen === null) throw new HttpError(400, INVALID_CODE, [{ path: 'code', message: INVALID_CODE }]);
    return reply.code(201).send({ message: 'Su cuenta está activa. Ya puede ingresar con su cédula y contraseña.', data: citizen });
  });

  typed.post(`${base}/resend`, { schema: resendSchema, config: perAddress }, async (request, reply) => {
    const token = request.body.registration_token;
    const tokenHash = hashToken(token);
    const pending = await findPendingRegistration(app.db, tokenHash);
    // Within the cool-down nothing is sent; the answer never differs (a made-up token looks the same).
    if (pending !== null && pending.sentAgo >= RESEND_COOL_DOWN_SECONDS) {
      const code = newCode();
      await app.db.transaction(async (tx) => {
        await replaceRegistrationCode(tx, tokenHash, codeHmac(app.secretKey, 'registro', tokenHash, code));
        await queueMail(tx, codeMail(pending.email, pending.nombres, code));
      });
      app.kickMail();
    }
    return reply.code(202).send({ message: REGISTER_MESSAGE, registration_token: token, resend_after_seconds: RESEND_COOL_DOWN_SECONDS });
  });
}
