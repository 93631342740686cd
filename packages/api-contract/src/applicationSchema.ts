/** An online service's application (draft or submitted) as /v1/portals/solicitudes-en-linea/{form} (and, for the formalization, /v1/portals/formalizaciones) returns it. */

import { REQUEST_STATUSES } from './requestStatus';

/** The statuses of an application (requestStatus.ts, the one definition). */
export const APPLICATION_STATUSES = REQUEST_STATUSES;

export const applicationSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    form: { type: 'string', description: 'Formulario del servicio en línea (schemas/<form>)' },
    service_name: { type: 'string', description: 'Nombre del servicio en el catálogo' },
    status: { type: 'string', enum: APPLICATION_STATUSES },
    version: { type: 'integer', description: 'Aumenta con cada guardado; envíelo en PUT para no pisar cambios de otro dispositivo' },
    request_code: { type: ['string', 'null'], description: 'Código de solicitud una vez enviada: VUF-AAAA-NNNNNN para una formalización, SOL-AAAA-NNNNNN para otro servicio' },
    data: { type: 'object', additionalProperties: true, description: 'Datos del formulario schemas/<form>' },
    label: { type: ['string', 'null'], description: 'Nombre con el que se lista la solicitud (x-request-label del formulario: la empresa en una formalización), cuando ya lo tiene' },
    company_name: { type: ['string', 'null'], description: 'Igual que label (se mantiene por compatibilidad)' },
    form_version: { type: 'integer', minimum: 1, description: 'Versión del formulario en la que está el borrador o con la que se envió la solicitud (para siempre): GET /v1/forms/{form}/versions/{n}' },
    moved_from_version: { type: ['integer', 'null'], description: 'Versión de la que se pasó el borrador a la actual al abrirlo, hasta el siguiente guardado (la página dice qué cambió); null si no se movió' },
    created_at: { type: 'string' },
    updated_at: { type: 'string' },
    submitted_at: { type: ['string', 'null'] },
  },
  required: ['id', 'form', 'service_name', 'status', 'version', 'request_code', 'data', 'label', 'company_name', 'form_version', 'moved_from_version', 'created_at', 'updated_at', 'submitted_at'],
} as const;
