/**
 * POST /v1/portals/auth/citizens/password-check: the server's verdict on a new password
 * ({ score, problem }, judgePassword of @portal/form-engine/password), asked by the browser for
 * the strength hint while typing and before sending the registration, a reset or a change. The
 * browser checks the cheap rules itself (@portal/form-engine/password-rules) and never loads
 * zxcvbn's dictionaries. Public (registration has no session); nothing is stored, and the body is
 * never logged (http/loggerOptions.ts logs no bodies; a schema refusal names the field, not its
 * value). What counts is still the verdict of the route that sets the password.
 */
import type { FastifyInstance } from 'fastify';
import { judgePassword } from '@portal/form-engine/password';
import type { SchemaTypeProvider } from '../../http/schemaTypeProvider';
import { passwordCheckSchema } from './authSchemas';

/**
 * Per address. The hint asks after each pause in the typing (~300 ms) once the cheap rules pass,
 * so a password costs a handful of checks; 60 leave room for a few tries within the window and
 * bound what one address can make zxcvbn do. Over it, 429: the browser says nothing about
 * strength and the registration's own verdict still counts.
 */
export const PASSWORD_CHECK_LIMIT = { max: 60, timeWindow: '15 minutes' } as const;

export async function passwordCheckRoutes(app: FastifyInstance): Promise<void> {
  const typed = app.withTypeProvider<SchemaTypeProvider>();

  typed.post('/portals/auth/citizens/password-check', { schema: passwordCheckSchema, config: { rateLimit: PASSWORD_CHECK_LIMIT } }, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    const { password, cedula = '', personal = [] } = request.body;
    return judgePassword(password, cedula, personal);
  });
}
