/**
 * POST /v1/portals/error-reports: a citizen or an anonymous visitor reports a
 * problem (the ERROR_REPORT modal). Stored for operators; there is no HTTP
 * route that reads reports back.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, type FieldError } from '../../http/HttpError';
import type { SchemaTypeProvider } from '../../http/schemaTypeProvider';
import { readToken } from '../../plugins/app/registerAuth';
import { cleanPagePath, PAGE_PATH_MESSAGE } from '../../services/analytics/pagePath';
import { insertErrorReport } from '../../services/reports/errorReportStore';
import { findSessionCitizen, hashToken } from '../../services/sessionStore';
import { DESCRIPTION_MIN, errorReportSchema } from './errorReportSchemas';

/** Reports one address may send per hour: enough for a person, too few to fill the operators' table. */
export const ERROR_REPORTS_PER_HOUR = 10;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Confirmation shown to whoever reported the problem. */
export const reportReceived = (reference: string) =>
  `Gracias por avisarnos. Recibimos su reporte con el número ${reference}; el equipo del portal lo revisará.`;

/**
 * The citizen behind a session, if the request brings a live one. Optional: a
 * missing, malformed or expired token makes an anonymous report, never a 401
 * (the visitor is reporting a problem, perhaps with that very session).
 */
async function optionalCitizenId(app: FastifyInstance, request: FastifyRequest): Promise<number | null> {
  const token = readToken(request);
  if (token === null) return null;
  return (await findSessionCitizen(app.db, hashToken(token)))?.id ?? null;
}

const blankToNull = (value: string | null | undefined) => (value === undefined || value === null || value.trim() === '' ? null : value.trim());

export async function errorReportRoutes(app: FastifyInstance): Promise<void> {
  const typed = app.withTypeProvider<SchemaTypeProvider>();
  const limit = { rateLimit: { max: ERROR_REPORTS_PER_HOUR, timeWindow: '1 hour' } };

  typed.post('/portals/error-reports', { schema: errorReportSchema, config: limit }, async (request, reply) => {
    const description = request.body.description.trim();
    const rawPath = blankToNull(request.body.path);
    const email = blankToNull(request.body.email);
    const errors: FieldError[] = [];
    if (description.length < DESCRIPTION_MIN) errors.push({ path: 'description', message: `Debe tener al menos ${DESCRIPTION_MIN} caracteres` });
    const pagePath = rawPath === null ? null : cleanPagePath(rawPath);
    if (rawPath !== null && pagePath === null) errors.push({ path: 'path', message: PAGE_PATH_MESSAGE });
    if (email !== null && !EMAIL.test(email)) errors.push({ path: 'email', message: 'Insertar un correo electrónico válido' });
    if (errors.length > 0) throw new HttpError(400, 'Datos inválidos', errors);

    const citizenId = await optionalCitizenId(app, request);
    const { reference } = await insertErrorReport(app.db, { description, pagePath, contactEmail: email, citizenId });
    return reply.code(201).send({ message: reportReceived(reference), data: { reference } });
  });
}
