import type { FastifyInstance } from 'fastify';
import { isValidCedula } from '@portal/form-engine';
import { authErrors, citizenSecurity, errorSchema } from '../../http/commonSchemas';
import { HttpError } from '../../http/HttpError';
import type { SchemaTypeProvider } from '../../http/schemaTypeProvider';

const INVALID = 'Cédula inválida';

const personSchema = {
  type: 'object',
  properties: { cedula: { type: 'string' }, nombres: { type: 'string' }, apellidos: { type: 'string' } },
  required: ['cedula', 'nombres', 'apellidos'],
} as const;

const lookupSchema = {
  tags: ['Registros'],
  operationId: 'lookUpJceCitizen',
  summary: 'Consulta una cédula en el registro de la JCE (con sesión)',
  security: citizenSecurity,
  description: '200 significa cédula válida. Mal formada: 400; no registrada: 404; ambas con "Cédula inválida".',
  params: {
    type: 'object',
    properties: { cedula: { type: 'string', description: '11 dígitos, con o sin guiones' } },
    required: ['cedula'],
  },
  response: {
    ...authErrors,
    200: { type: 'object', properties: { data: personSchema }, required: ['data'] },
    404: errorSchema,
  },
} as const;

/** GET /v1/jce/:cedula */
export async function jceRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<SchemaTypeProvider>().get(
    '/jce/:cedula',
    { schema: lookupSchema, config: { rateLimit: { max: 300, timeWindow: '1 minute' } }, ...app.lookupGuard },
    async (request) => {
      const cedula = request.params.cedula.replace(/-/g, '');
      if (!isValidCedula(cedula)) throw new HttpError(400, INVALID);
      const person = await app.agencies.jce.lookup(cedula);
      if (person === null) throw new HttpError(404, INVALID);
      return { data: person };
    },
  );
}
