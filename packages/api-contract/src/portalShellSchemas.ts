/**
 * The portal shell's routes: GET /v1/portals/shell-config (what the browser
 * needs to draw the shell), the answer of POST /v1/portals/error-reports and
 * the body of POST /v1/portals/analytics/page-views.
 */

/** Answer of GET /v1/portals/shell-config. */
export const shellConfigSchema = {
  type: 'object',
  properties: {
    headerScriptUrl: { type: ['string', 'null'], description: 'Script externo que dibuja el encabezado (HEADER_SCRIPT_URL); null: el encabezado propio del portal' },
    surveyUrl: { type: 'string', description: 'Encuesta del aviso "Mejoremos juntos" (SURVEY_URL)' },
    registroUnicoUrl: { type: 'string', description: 'Alta en el registro único, botón "REGISTRATE" (REGISTRO_UNICO_URL)' },
    analytics: { type: 'string', enum: ['propio', 'ninguno'], description: 'Adónde van las visitas (ANALYTICS)' },
  },
  required: ['headerScriptUrl', 'surveyUrl', 'registroUnicoUrl', 'analytics'],
} as const;

/** 201 answer of POST /v1/portals/error-reports: the thanks message and the report's reference (REP-AAAA-NNNNNN). */
export const errorReportCreatedSchema = {
  type: 'object',
  properties: {
    message: { type: 'string' },
    data: { type: 'object', properties: { reference: { type: 'string' } }, required: ['reference'] },
  },
  required: ['message', 'data'],
} as const;
