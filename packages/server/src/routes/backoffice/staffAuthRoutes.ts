/** Sign-in of institution staff, apart from the citizens' (/v1/backoffice/auth). */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { staffLoginBodySchema, staffLoginResponseSchema, staffSchema } from '@portal/api-contract';
import { authErrors, messageSchema, publicSecurity, staffSecurity } from '../../http/commonSchemas';
import { HttpError } from '../../http/HttpError';
import { TOO_MANY_ATTEMPTS } from '../../http/installErrorHandler';
import type { SchemaTypeProvider } from '../../http/schemaTypeProvider';
import { requireStaff, STAFF_COOKIE, STAFF_COOKIE_PATH } from '../../plugins/app/registerStaffAuth';
import { clearAttempts, takeAttempt, type Limit } from '../../services/attemptCounter';
import { createStaffSession, findStaffByEmail, revokeStaffSession, toStaffView } from '../../services/staff/staffStore';

const tags = ['Oficina de la institución'];
const security = staffSecurity;
const WRONG = 'Correo o contraseña incorrecta';
/** Staff sessions are shorter than citizens': a shared office computer. */
const STAFF_SESSION_HOURS = 8;

const limits = (email: string, ip: string): Limit[] => [
  { key: `staff-login:email-ip:${email}:${ip}`, max: 5, windowSeconds: 15 * 60 },
  { key: `staff-login:ip:${ip}`, max: 20, windowSeconds: 15 * 60 },
  { key: `staff-login:email:${email}`, max: 30, windowSeconds: 60 * 60 },
];

async function noStore(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  void reply.header('cache-control', 'no-store');
}

const loginSchema = {
  tags, security: publicSecurity, operationId: 'logInStaff', summary: 'Inicia sesión del personal de una institución: devuelve el token y lo pone en la cookie staff_token',
  body: staffLoginBodySchema,
  response: { ...authErrors, 200: staffLoginResponseSchema },
} as const;
const logoutSchema = { tags, security, operationId: 'logOutStaff', summary: 'Cierra la sesión del personal', response: { ...authErrors, 200: messageSchema } } as const;
const meSchema = { tags, security, operationId: 'getCurrentStaff', summary: 'Personal de la sesión', response: { ...authErrors, 200: { type: 'object', properties: { data: staffSchema }, required: ['data'] } } } as const;

export async function staffAuthRoutes(app: FastifyInstance): Promise<void> {
  const typed = app.withTypeProvider<SchemaTypeProvider>();

  typed.post('/backoffice/auth/login', { schema: loginSchema, onRequest: noStore, config: { rateLimit: { max: 30, timeWindow: '1 minute' } } }, async (request, reply) => {
    const email = request.body.email.trim().toLowerCase();
    const { password } = request.body;
    if (!(await takeAttempt(app.db, limits(email, request.ip)))) throw new HttpError(429, TOO_MANY_ATTEMPTS);
    const staff = await findStaffByEmail(app.db, email);
    let valid = false;
    if (staff === null || !staff.active) await app.passwords.verifyDummy(password);
    else valid = await app.passwords.verify(staff.password_hash, password);
    if (staff === null || !staff.active || !valid) throw new HttpError(401, WRONG);
    await clearAttempts(app.db, `staff-login:email-ip:${email}:${request.ip}`);
    const token = await createStaffSession(app.db, staff.id, STAFF_SESSION_HOURS);
    reply.setCookie(STAFF_COOKIE, token, { path: STAFF_COOKIE_PATH, httpOnly: true, sameSite: 'strict', secure: request.protocol === 'https', maxAge: STAFF_SESSION_HOURS * 3600 });
    return { token, staff: toStaffView(staff) };
  });

  typed.post('/backoffice/auth/logout', { schema: logoutSchema, onRequest: app.authenticateStaff }, async (request, reply) => {
    if (request.staffTokenHash !== null) await revokeStaffSession(app.db, request.staffTokenHash);
    reply.clearCookie(STAFF_COOKIE, { path: STAFF_COOKIE_PATH });
    return { message: 'Sesión cerrada' };
  });

  typed.get('/backoffice/auth/me', { schema: meSchema, onRequest: [app.authenticateStaff, noStore] }, async (request) => ({ data: requireStaff(request) }));
}
