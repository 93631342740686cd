/**
 * Route schemas of the online services' applications (/v1/portals/solicitudes-en-linea/{form}
 * and the formalization's /v1/portals/formalizaciones): validation, serialization, OpenAPI and types in one place.
 */
import { APPLICATION_STATUSES, applicationSchema, draftCreateBodySchema, draftSaveBodySchema } from '@portal/api-contract';
import { authErrors, citizenSecurity, errorSchema } from '../../http/commonSchemas';
import { FORM_PARAM } from '../../services/applications/onlineForms';

// The application's shape is part of the API contract the app reads its types from.
export { applicationSchema };
export const STATUSES = APPLICATION_STATUSES;

const one = { type: 'object', properties: { data: applicationSchema }, required: ['data'] } as const;
const idParams = { type: 'object', properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } }, required: ['id'] } as const;

const tags = ['Solicitudes en línea'];
/** Every route here needs a session (bearer token or the token cookie). */
const security = citizenSecurity;

/*
 * The schemas of /portals/formalizaciones (their operationIds name the formalization),
 * which withForm turns into those of /portals/solicitudes-en-linea/{form}, with ids of their own;
 * listAllSchema is only /portals/solicitudes-en-linea's.
 */
export const createSchema = {
  tags, security, operationId: 'createFormalizationDraft', summary: 'Crea un borrador',
  description: 'Cada ciudadano puede tener como máximo MAX_OPEN_DRAFTS borradores abiertos (10 por defecto); con más, 429 hasta que elimine alguno.',
  body: draftCreateBodySchema, response: { ...authErrors, 201: one, 507: errorSchema },
} as const;
export const deleteSchema = {
  tags, security, operationId: 'deleteFormalizationDraft', summary: 'Elimina un borrador propio',
  description: 'Solo borradores del propio ciudadano: 404 si no existe o es de otro ciudadano; 409 si ya fue enviada (una solicitud enviada no se elimina).',
  params: idParams,
  response: { ...authErrors, 204: { type: 'null', description: 'Borrador eliminado' }, 404: errorSchema, 409: errorSchema },
} as const;
export const listSchema = {
  tags, security, operationId: 'listOwnFormalizations', summary: 'Lista las solicitudes del ciudadano',
  response: { ...authErrors, 200: { type: 'object', properties: { data: { type: 'array', items: applicationSchema } }, required: ['data'] } },
} as const;
export const listAllSchema = {
  tags, security, operationId: 'listAllOwnOnlineApplications', summary: 'Lista las solicitudes en línea del ciudadano, de todos los servicios',
  response: { ...authErrors, 200: { type: 'object', properties: { data: { type: 'array', items: applicationSchema } }, required: ['data'] } },
} as const;
export const getSchema = { tags, security, operationId: 'getOwnFormalization', summary: 'Lee una solicitud propia', params: idParams, response: { ...authErrors, 200: one, 404: errorSchema } } as const;
export const saveSchema = {
  tags, security, operationId: 'saveFormalizationDraft', summary: 'Guarda el borrador (autoguardado)', params: idParams, body: draftSaveBodySchema,
  description: '507 (con el mensaje para el ciudadano) cuando el disco está lleno: la versión guardada no cambia.',
  response: { ...authErrors, 200: one, 404: errorSchema, 409: errorSchema, 507: errorSchema },
} as const;
export const submitSchema = {
  tags, security, operationId: 'submitFormalization', summary: 'Envía la solicitud',
  description: 'Descarta los valores ocultos; repite las consultas remotas del esquema (x-lookup: cédulas en la JCE, certificado y nombre en ONAPI) y guarda los valores que rellenan tomados del registro (nombres, titular y vencimiento del certificado), nunca los del navegador; valida con el mismo motor y esquema que el navegador y comprueba que cada documento sea del ciudadano y cada opción elegida de una lista (provincia, municipio, sector, nacionalidad, CIIU, banco) esté en esa lista. 422 con [{path, message}] si no es válida.',
  params: idParams,
  response: { ...authErrors, 200: one, 404: errorSchema, 409: errorSchema, 422: errorSchema, 503: errorSchema },
} as const;
export const validateSchema = {
  tags, security, operationId: 'validateFormalizationData', summary: 'Valida datos sin guardarlos (el veredicto del motor, sin consultas remotas)',
  body: { type: 'object', properties: { data: {} }, required: ['data'], additionalProperties: false },
  response: {
    ...authErrors,
    200: {
      type: 'object',
      properties: { valid: { type: 'boolean' }, errors: errorSchema.properties.errors },
      required: ['valid', 'errors'],
    },
  },
} as const;

/** The form segment of /portals/solicitudes-en-linea/{form}: a folder name of schemas/. */
const formParam = FORM_PARAM;

/** What the formalization's operationIds say where the online services' say «OnlineApplication». */
const FORMALIZATION_WORD = 'Formalization';

/**
 * The operationId of a formalization route's twin under /portals/solicitudes-en-linea/{form}:
 * createFormalizationDraft → createOnlineApplicationDraft, listOwnFormalizations → listOwnOnlineApplications.
 */
export function onlineApplicationOperationId(operationId: string): string {
  if (!operationId.includes(FORMALIZATION_WORD)) {
    throw new Error(`El operationId ${operationId} no nombra la formalización (${FORMALIZATION_WORD}): withForm no puede darle uno propio a su ruta de /portals/solicitudes-en-linea/{form}`);
  }
  return operationId.replace(FORMALIZATION_WORD, 'OnlineApplication');
}

/**
 * A route schema for /portals/solicitudes-en-linea/{form}: the same schema
 * with `form` added to its params (a 404 answers a form no online service uses)
 * and its own operationId (onlineApplicationOperationId).
 */
export function withForm<S extends { operationId: string; params?: { properties: object; required: readonly string[] }; response: object; description?: string }>(schema: S) {
  const params = schema.params ?? { type: 'object', properties: {}, required: [] as const };
  return {
    ...schema,
    operationId: onlineApplicationOperationId(schema.operationId),
    params: { type: 'object', properties: { ...params.properties, form: formParam }, required: [...params.required, 'form'] },
    response: { ...schema.response, 404: errorSchema },
  } as const;
}
