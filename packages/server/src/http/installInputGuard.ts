import type { FastifyInstance } from 'fastify';
import { HttpError } from './HttpError';
import { numericTextErrors } from './numericText';
import { findUnstorable } from './unstorableInput';

const PARTS = ['params', 'querystring', 'body'] as const;

/**
 * A preValidation hook on every route, before the schema is applied: input the
 * database cannot store (U+0000, a lone surrogate, nesting deeper than the
 * limit) anywhere in the path parameters, query string or parsed body is a
 * 400 with that message; numbers given as text that are not plain decimals
 * ("1e309", "Infinity", "1.5" for an integer) are a 400 "Datos inválidos"
 * naming the field. It runs after onRequest, so authentication answers first.
 */
export function installInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const values = { params: request.params, querystring: request.query, body: request.body };
    for (const part of PARTS) {
      const problem = findUnstorable(values[part]);
      if (problem) throw new HttpError(400, problem.message, [{ path: problem.path.length > 0 ? problem.path.join('.') : part, message: problem.message }]);
    }
    const schema = request.routeOptions.schema;
    if (!schema) return;
    const errors = PARTS.flatMap((part) => numericTextErrors(schema[part], values[part], part));
    if (errors.length > 0) throw new HttpError(400, 'Datos inválidos', errors);
  });
}
