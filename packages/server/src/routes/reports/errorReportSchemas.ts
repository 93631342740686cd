/** Schema of POST /v1/portals/error-reports (validation, OpenAPI and the handler's types). */
import { ERROR_REPORT_DESCRIPTION_MAX, ERROR_REPORT_DESCRIPTION_MIN, errorReportBodySchema, errorReportCreatedSchema } from '@portal/api-contract';
import { commonErrors, optionalSecurity } from '../../http/commonSchemas';

/** Shortest and longest description of a problem (the API contract's, which the app's form also uses). */
export const DESCRIPTION_MIN = ERROR_REPORT_DESCRIPTION_MIN;
export const DESCRIPTION_MAX = ERROR_REPORT_DESCRIPTION_MAX;

export const errorReportSchema = {
  tags: ['Portal'],
  operationId: 'reportProblem',
  summary: 'Reportar un problema (con o sin sesión)',
  description:
    'Guarda el reporte para los operadores (se leen con `npx tsx packages/server/src/cli/listErrorReports.ts`). ' +
    'Si llega una sesión válida, el reporte queda asociado al ciudadano; sin sesión, o con una vencida, es anónimo. ' +
    'De la ruta se quitan la consulta (?…), el fragmento (#…) y los segmentos que parecen datos de una persona. ' +
    '10 reportes por hora por dirección.',
  // The handler reads a session if one comes (the report is then the citizen's); none is no 401.
  security: optionalSecurity,
  body: errorReportBodySchema,
  response: {
    ...commonErrors,
    201: errorReportCreatedSchema,
  },
} as const;
