import type { FastifyInstance } from 'fastify';
import { authErrors, citizenSecurity } from '../../http/commonSchemas';
import type { SchemaTypeProvider } from '../../http/schemaTypeProvider';

const existSchema = {
  type: 'object',
  properties: { exist: { type: 'boolean' } },
  required: ['exist'],
} as const;

function schemaFor(param: string, operationId: string, summary: string) {
  return {
    tags: ['Registros'],
    operationId,
    summary: `${summary} (con sesión)`,
    security: citizenSecurity,
    querystring: {
      type: 'object',
      properties: { [param]: { type: 'string', maxLength: 40 } },
      required: [param],
    },
    response: { ...authErrors, 200: existSchema },
  } as const;
}

const limit = { rateLimit: { max: 300, timeWindow: '1 minute' } };
const digits = (value: string) => value.replace(/[-\s]/g, '');

/** GET /v1/portals/exists/{dni,rnc,inapa}: `{ exist }` for the masked inputs' existence checks. */
export async function existsRoutes(app: FastifyInstance): Promise<void> {
  const typed = app.withTypeProvider<SchemaTypeProvider>();
  typed.get('/portals/exists/dni', { schema: schemaFor('dni', 'checkCedulaExists', 'Existe la cédula en la JCE'), config: limit, ...app.lookupGuard }, async (request) => {
    const { dni } = request.query as { dni: string };
    return { exist: (await app.agencies.jce.lookup(digits(dni))) !== null };
  });
  typed.get('/portals/exists/rnc', { schema: schemaFor('rnc', 'checkRncExists', 'Existe el RNC en la DGII'), config: limit, ...app.lookupGuard }, async (request) => {
    const { rnc } = request.query as { rnc: string };
    return { exist: (await app.agencies.dgii.taxpayer(digits(rnc))) !== null };
  });
  typed.get('/portals/exists/inapa', { schema: schemaFor('contract', 'checkInapaContractExists', 'Existe el contrato en INAPA'), config: limit, ...app.lookupGuard }, async (request) => {
    const { contract } = request.query as { contract: string };
    return { exist: await app.agencies.inapa.contractExists(digits(contract)) };
  });
}
