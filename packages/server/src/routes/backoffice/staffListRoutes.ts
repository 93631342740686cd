/**
 * Lists the back office reads: the service suggestions and error reports
 * citizens sent (any staff member) and the audit log (administrators only).
 * Registered inside backofficeRoutes' staff-only context.
 */
import type { FastifyInstance } from 'fastify';
import { auditPageSchema, errorReportPageSchema, errorSchema, suggestionPageSchema } from '@portal/api-contract';
import { authErrors, staffSecurity } from '../../http/commonSchemas';
import type { SchemaTypeProvider } from '../../http/schemaTypeProvider';
import { requireAdministrator, requireStaff } from '../../plugins/app/registerStaffAuth';
import { auditPage, errorReportPage, suggestionPage } from '../../services/backoffice/backofficeStore';
import { pagingQuery } from './staffRequestRoutes';

const tags = ['Oficina de la institución'];
const security = staffSecurity;
const pageQuery = { type: 'object', additionalProperties: false, properties: pagingQuery } as const;

const suggestionsSchema = { tags, security, operationId: 'listServiceSuggestions', summary: 'Sugerencias de servicios de los ciudadanos, la más reciente primero', querystring: pageQuery, response: { ...authErrors, 200: suggestionPageSchema } } as const;
const reportsSchema = { tags, security, operationId: 'listErrorReports', summary: 'Reportes de error de los visitantes, el más reciente primero', querystring: pageQuery, response: { ...authErrors, 200: errorReportPageSchema } } as const;
const auditSchema = {
  tags, security, operationId: 'listAuditLog', summary: 'Registro de auditoría de las acciones del personal (solo administradores)',
  querystring: { type: 'object', additionalProperties: false, properties: { application_id: { type: 'integer', minimum: 1, maximum: 2147483647 }, ...pagingQuery } },
  response: { ...authErrors, 200: auditPageSchema, 403: errorSchema },
} as const;

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
    return auditPage(app.db, request.query.application_id ?? null, { page: request.query.page ?? 1, perPage: request.query.per_page ?? 20 });
  });
}
