/** A formalization application (draft or submitted) as /v1/portals/formalizaciones returns it. */

/** The statuses of an application, in the order a request goes through them. */
export const APPLICATION_STATUSES = ['borrador', 'enviada', 'en_revision', 'aprobada', 'rechazada'] as const;

export const applicationSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    status: { type: 'string', enum: APPLICATION_STATUSES },
    version: { type: 'integer', description: 'Aumenta con cada guardado; envíelo en PUT para no pisar cambios de otro dispositivo' },
    request_code: { type: ['string', 'null'], description: 'Código de solicitud (VUF-AAAA-NNNNNN) una vez enviada' },
    data: { type: 'object', additionalProperties: true, description: 'Datos del formulario schemas/formalizacion' },
    company_name: { type: ['string', 'null'], description: 'Nombre de la empresa, cuando la solicitud ya lo tiene (para listarla)' },
    created_at: { type: 'string' },
    updated_at: { type: 'string' },
    submitted_at: { type: ['string', 'null'] },
  },
  required: ['id', 'status', 'version', 'request_code', 'data', 'company_name', 'created_at', 'updated_at', 'submitted_at'],
} as const;
