import type { FastifyInstance } from 'fastify';
import { inputRules } from '../../agencies/inputRules';
import { authErrors, citizenSecurity, errorSchema } from '../../http/commonSchemas';
import { HttpError } from '../../http/HttpError';
import type { SchemaTypeProvider } from '../../http/schemaTypeProvider';

const INVALID_CERTIFICATE = 'Número de certificado inválido';

const certificateSchema = {
  tags: ['Registros'],
  operationId: 'lookUpOnapiCertificate',
  summary: 'Consulta un certificado de nombre comercial en ONAPI (con sesión)',
  security: citizenSecurity,
  params: {
    type: 'object',
    properties: { certificateNumber: { type: 'string', description: '6 caracteres' } },
    required: ['certificateNumber'],
  },
  response: {
    ...authErrors,
    200: {
      type: 'object',
      properties: {
        data: {
          type: 'object',
          properties: {
            data: {
              type: 'object',
              properties: {
                numero: { type: 'string' },
                vencimiento: { type: 'string', description: 'Fecha ISO (AAAA-MM-DD)' },
                titular: { type: 'string' },
              },
              required: ['numero', 'vencimiento', 'titular'],
            },
          },
          required: ['data'],
        },
      },
      required: ['data'],
    },
    404: errorSchema,
  },
} as const;

const verifySchema = {
  tags: ['Registros'],
  operationId: 'searchOnapiTradeNames',
  summary: 'Busca nombres comerciales registrados que contienen el nombre propuesto (con sesión)',
  security: citizenSecurity,
  description: 'Sin distinguir mayúsculas ni acentos. Lista vacía: no hay coincidencias.',
  params: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
  response: {
    ...authErrors,
    200: {
      type: 'object',
      properties: {
        data: {
          type: 'object',
          properties: {
            data: { type: 'array', items: { type: 'object', properties: { nombre: { type: 'string' } }, required: ['nombre'] } },
          },
          required: ['data'],
        },
      },
      required: ['data'],
    },
  },
} as const;

/** GET /v1/institution-onapi/registro/:certificateNumber and /verify/:name */
export async function onapiRoutes(app: FastifyInstance): Promise<void> {
  const typed = app.withTypeProvider<SchemaTypeProvider>();
  const limit = { rateLimit: { max: 300, timeWindow: '1 minute' } };

  typed.get('/institution-onapi/registro/:certificateNumber', { schema: certificateSchema, config: limit, ...app.lookupGuard }, async (request) => {
    const numero = request.params.certificateNumber.trim();
    if (!inputRules.certificate(numero)) throw new HttpError(400, INVALID_CERTIFICATE);
    const certificate = await app.agencies.onapi.certificate(numero);
    if (certificate === null) throw new HttpError(404, INVALID_CERTIFICATE);
    return { data: { data: certificate } };
  });

  typed.get('/institution-onapi/verify/:name', { schema: verifySchema, config: limit, ...app.lookupGuard }, async (request) => {
    if (!inputRules.name(request.params.name)) throw new HttpError(400, 'Nombre inválido');
    const matches = await app.agencies.onapi.verifyName(request.params.name);
    return { data: { data: matches } };
  });
}
