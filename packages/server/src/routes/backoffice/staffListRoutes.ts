/**
 * Lists the back office reads: the service suggestions and error reports
 * citizens sent (any staff member) and the audit log (administrators only).
 * Registered inside backofficeRoutes' staff-only context.
 */
import type { FastifyInstance } from 'fastify';
import { AUDIT_ACTIONS, auditPageSchema, errorReportPageSchema, errorSchema, suggestionPageSchema } from '@portal/api-contract';
import { authErrors, staffSecurity } from '../../http/commonSchemas';
import { HttpError } from '../../http/HttpError';
import type { SchemaTypeProvider } from '../../http/schemaTypeProvider';
import { requireAdministrator, requireStaff } from '../../plugins/app/registerStaffAuth';
import { auditPage, errorReportPage, suggestionPage } from '../../services/backoffice/backofficeStore';
import { pagingQuery } from './staffRequestRoutes';

const tags = ['Oficina de la institución'];
const security = staffSecurity;
const pageQuery = { type: 'object', additionalProperties: false, properties: pagingQuery } as const;

const suggestionsSchema = { tags, security, operationId: 'listServiceSuggestions', summary: 'Sugerencias de servicios de los ciudadanos, la más reciente primero', querystring: pageQuery, response: { ...authErrors, 200: suggestionPageSchema } } as const;
const reportsSchema = { tags, security, operationId: 'listErrorReports', summary: 'Reportes de error de los visitantes, el más reciente primero', querystring: pageQuery, response: { ...authErrors, 200: errorReportPageSchema } } as const;
const DAY = { type: 'string', maxLength: 10, description: 'Día AAAA-MM-DD, en la hora de Santo Domingo; incluido' } as const;
const auditSchema = {
  tags, security, operationId: 'listAuditLog', summary: 'Registro de auditoría de las acciones del personal (solo administradores), el más reciente primero',
  description: 'Filtros: institución del miembro del personal (su sigla), miembro del personal, acción, solicitud y días desde/hasta (incluidos). '
    + 'Responde además las instituciones y el personal para los filtros. 400 con el motivo si una fecha no existe o «desde» es posterior a «hasta».',
  querystring: {
    type: 'object', additionalProperties: false,
    properties: {
      application_id: { type: 'integer', minimum: 1, maximum: 2147483647 },
      institution: { type: 'string', pattern: '^[A-Z]{2,20}$', description: 'Sigla de la institución del personal, p. ej. DGII' },
      staff_id: { type: 'integer', minimum: 1, maximum: 2147483647 },
      action: { type: 'string', enum: AUDIT_ACTIONS },
      from: DAY,
      to: DAY,
      ...pagingQuery,
    },
  },
  response: { ...authErrors, 200: auditPageSchema, 403: errorSchema },
} as const;

/** A real calendar day YYYY-MM-DD. */
function isDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The audit filter's days, checked: a Spanish 400 naming the field otherwise. */
function auditDays(from: string | undefined, to: string | undefined): { from: string | null; to: string | null } {
  for (const [path, value, name] of [['from', from, 'desde'], ['to', to, 'hasta']] as const) {
    if (value !== undefined && !isDay(value)) {
      const message = `La fecha «${name}» no es válida: escríbala como AAAA-MM-DD (por ejemplo 2026-11-27)`;
      throw new HttpError(400, message, [{ path, message }]);
    }
  }
  if (from !== undefined && to !== undefined && from > to) {
    const message = 'La fecha «desde» es posterior a la fecha «hasta»';
    throw new HttpError(400, message, [{ path: 'from', message }]);
  }
  return { from: from ?? null, to: to ?? null };
}

export async function staffListRoutes(app: FastifyInstance): Promise<void> {
  const typed = app.withTypeProvider<SchemaTypeProvider>();
  typed.get('/backoffice/suggestions', { schema: suggestionsSchema }, async (request) => {
    requireStaff(request);
    return suggestionPage(app.db, { page: request.query.page ?? 1, perPage: request.query.per_page ?? 20 });
  });
  typed.get('/backoffice/error-reports', { schema: reportsSchema }, async (request) => {
    requireStaff(request);
    return errorReportPage(app.db, { page: request.query.page ?? 1, perPage: request.query.per_page ?? 20 });
  });
  typed.get('/backoffice/audit', { schema: auditSchema }, async (request) => {
    requireAdministrator(request);
    const q = request.query;
    const days = auditDays(q.from, q.to);
    return auditPage(
      app.db,
      { applicationId: q.application_id ?? null, institution: q.institution ?? null, staffId: q.staff_id ?? null, action: q.action ?? null, ...days },
      { page: q.page ?? 1, perPage: q.per_page ?? 20 },
    );
  });
}
