/**
 * POST /v2/service-suggested: a citizen or an anonymous visitor suggests a
 * service missing from the catalogue (the SERVICE_RECOMENDED modal). The
 * engine checks it with schemas/sugerencia-servicio, as the browser does, and
 * it is stored for the catalogue's editors; nothing reads it back over HTTP.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, type FieldError } from '../../http/HttpError';
import type { SchemaTypeProvider } from '../../http/schemaTypeProvider';
import { readToken } from '../../plugins/app/registerAuth';
import { findSessionCitizen, hashToken } from '../../services/sessionStore';
import { SUGGESTION_FIELDS, suggestionValues, suggestionVerdict } from '../../services/suggestions/suggestionForm';
import { insertSuggestion } from '../../services/suggestions/suggestionStore';
import { serviceSuggestedRouteSchema } from './suggestionSchemas';

/** Suggestions one address may send in SUGGESTIONS_WINDOW: plenty for a person, too few to flood the table. */
export const SUGGESTIONS_PER_WINDOW = 5;
export const SUGGESTIONS_WINDOW = '10 minutes';

/** Message of a 400 (wrong shape) and of the engine's 422. */
export const BAD_SUGGESTION = 'Datos inválidos';
export const NOT_AN_OBJECT = 'Se esperaba un objeto con los campos de la sugerencia';
export const NOT_A_FIELD = 'Campo no permitido';
export const NOT_TEXT = 'Tipo de dato inválido';

const KNOWN = new Set<string>(SUGGESTION_FIELDS);

/**
 * The body's shape, before the schema runs: a plain object with only the six
 * fields, each one text. Checked here because the schema's validator would
 * turn a number into text and silently drop unknown fields.
 */
function shapeErrors(body: unknown): FieldError[] {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return [{ path: 'body', message: NOT_AN_OBJECT }];
  const errors: FieldError[] = [];
  for (const [key, value] of Object.entries(body)) {
    if (!KNOWN.has(key)) errors.push({ path: key.slice(0, 100), message: NOT_A_FIELD });
    else if (typeof value !== 'string') errors.push({ path: key, message: NOT_TEXT });
  }
  return errors;
}

/**
 * The citizen behind a session, if the request brings a live one. Optional: a
 * missing, malformed or expired token makes an anonymous suggestion, never a 401.
 */
async function optionalCitizenId(app: FastifyInstance, request: FastifyRequest): Promise<number | null> {
  const token = readToken(request);
  if (token === null) return null;
  return (await findSessionCitizen(app.db, hashToken(token)))?.id ?? null;
}

export async function suggestionRoutes(app: FastifyInstance): Promise<void> {
  const typed = app.withTypeProvider<SchemaTypeProvider>();
  const limit = { rateLimit: { max: SUGGESTIONS_PER_WINDOW, timeWindow: SUGGESTIONS_WINDOW } };

  typed.post(
    '/service-suggested',
    {
      schema: serviceSuggestedRouteSchema,
      config: limit,
      preValidation: async (request) => {
        const errors = shapeErrors(request.body);
        if (errors.length > 0) throw new HttpError(400, BAD_SUGGESTION, errors);
      },
    },
    async (request, reply) => {
      const verdict = suggestionVerdict(suggestionValues(request.body));
      if (!verdict.ok) throw new HttpError(422, BAD_SUGGESTION, verdict.errors);
      const citizenId = await optionalCitizenId(app, request);
      const id = await insertSuggestion(app.db, verdict.values, citizenId);
      return reply.code(201).send({ data: { id } });
    },
  );
}
