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
    sandbox: {
      description: 'Solo con AGENCIES=sandbox (registros simulados, personas ficticias): lo que quien prueba el portal necesita para crear una cuenta sin leer el README; null con agencias reales',
      type: ['object', 'null'],
      properties: {
        identities: {
          type: 'array',
          description: 'Personas ficticias de la JCE simulada con las que se puede registrar una cuenta',
          items: {
            type: 'object',
            properties: { cedula: { type: 'string' }, nombre: { type: 'string' }, fechaNacimiento: { type: 'string', format: 'date' } },
            required: ['cedula', 'nombre', 'fechaNacimiento'],
          },
        },
        mailInLog: { type: 'boolean', description: 'Sin SMTP_URL: los correos (y sus códigos) aparecen en la salida del servidor' },
      },
      required: ['identities', 'mailInLog'],
    },
  },
  required: ['headerScriptUrl', 'surveyUrl', 'registroUnicoUrl', 'analytics', 'sandbox'],
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
