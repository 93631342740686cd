/** Schema of POST /v1/portals/error-reports (validation, OpenAPI and the handler's types). */
import { errorReportCreatedSchema } from '@portal/api-contract';
import { commonErrors, optionalSecurity } from '../../http/commonSchemas';
import { PAGE_PATH_MAX } from '../../services/analytics/pagePath';

/** Shortest and longest description of a problem. */
export const DESCRIPTION_MIN = 10;
export const DESCRIPTION_MAX = 2000;

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
  body: {
    type: 'object',
    properties: {
      description: { type: 'string', minLength: DESCRIPTION_MIN, maxLength: DESCRIPTION_MAX, description: 'Qué pasó (10 a 2000 caracteres)' },
      path: { type: ['string', 'null'], maxLength: PAGE_PATH_MAX, description: 'Ruta de la página donde ocurrió, por ejemplo /mis-solicitudes' },
      email: { type: ['string', 'null'], maxLength: 254, description: 'Correo de contacto (opcional)' },
    },
    required: ['description'],
  },
  response: {
    ...commonErrors,
    201: errorReportCreatedSchema,
  },
} as const;
