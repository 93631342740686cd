import { documentSchema as documentItem } from '@portal/api-contract';
import { authErrors, citizenSecurity, errorSchema } from '../../http/commonSchemas';

const security = citizenSecurity;

export const uploadSchema = {
  tags: ['Documentos'],
  operationId: 'uploadOwnDocument',
  summary: 'Sube un documento del ciudadano (multipart: file, citizen_profile_id, description opcional)',
  description:
    'Máximo 50 MB (52428800 bytes), un archivo; las extensiones del portal (imágenes jpeg, png, jpg; documentos pdf, dwg, 3ds, ' +
    'docx, xlsx, pptx, ppsx, doc, xls, ppt, pps, ods, odp, odt, ai, ps, eps, cmx, cdr, rtf, vsd, txt, tif, tiff) y dxf de los ' +
    'formularios, comprobadas por su contenido; ' +
    'nombre de archivo solo con letras, dígitos, espacios, puntos y Ññ; sin JavaScript ni acciones de ejecución en PDF ' +
    'ni marcado HTML en ninguna codificación. Cada ciudadano tiene un espacio y un número de documentos máximos ' +
    '(UPLOAD_QUOTA_BYTES, UPLOAD_QUOTA_FILES): 413 al alcanzarlos. Con el disco lleno, 507 y nada guardado.',
  consumes: ['multipart/form-data'],
  security,
  response: {
    ...authErrors,
    201: {
      type: 'object',
      properties: {
        data: {
          type: 'object',
          properties: { ...documentItem.properties, status: { type: 'string', enum: ['ok'] } },
          required: [...documentItem.required, 'status'],
        },
      },
      required: ['data'],
    },
    403: errorSchema,
    413: errorSchema,
    415: errorSchema,
    507: errorSchema,
  },
} as const;

export const listSchema = {
  tags: ['Documentos'],
  operationId: 'listOwnDocuments',
  summary: 'Documentos del ciudadano de la sesión',
  security,
  response: {
    ...authErrors,
    200: { type: 'object', properties: { data: { type: 'array', items: documentItem } }, required: ['data'] },
  },
} as const;

export const downloadSchema = {
  tags: ['Documentos'],
  operationId: 'downloadOwnDocument',
  summary: 'Descarga un documento propio (adjunto)',
  security,
  params: {
    type: 'object',
    properties: { id: { type: 'string', pattern: '^[0-9]{1,9}$' } },
    required: ['id'],
  },
  response: {
    ...authErrors,
    200: { description: 'El archivo, como adjunto', type: 'string', format: 'binary' },
    404: errorSchema,
  },
} as const;

export const deleteSchema = {
  tags: ['Documentos'],
  operationId: 'deleteOwnDocument',
  summary: 'Elimina un documento propio (libera espacio de la cuota)',
  description: 'No se puede eliminar un documento que forma parte de una solicitud enviada (409). Un borrador que lo cite lo mostrará como no encontrado.',
  security,
  params: downloadSchema.params,
  response: { ...authErrors, 200: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] }, 404: errorSchema, 409: errorSchema },
} as const;

/** Download route of a stored document. */
export const documentRoute = (id: number) => `/v1/portals/documents/${id}/download`;
