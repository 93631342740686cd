/**
 * What the browser's form asks while the citizen fills it in, asked again by
 * the server on submit through its own GET routes (in-process, app.inject):
 * the same URLs the schema declares (`x-lookup`, `x-source`), answered by the
 * same code, so the server's verdict cannot drift from the browser's.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { LookupFetch } from '@portal/form-engine';
import { HttpError } from '../../http/HttpError';
import { TOO_MANY_ATTEMPTS, UNAUTHENTICATED } from '../../http/installErrorHandler';

const AGENCY_DOWN = 'Servicio externo no disponible, intente más tarde';

function parse(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return null;
  }
}

/**
 * Answers of the lookup routes (JCE, ONAPI) for the citizen who submits: their
 * session and address, so the routes' per-account and per-address limits count
 * the submit too. 200, 400 and 404 are the registry's word (valid, malformed,
 * unknown) and go to the schema's `valid` rule; a limit, a lost session or an
 * agency that does not answer stop the submit instead of judging a field.
 */
export function lookupAnswers(app: FastifyInstance, request: FastifyRequest): LookupFetch {
  const headers: Record<string, string> = {};
  if (typeof request.headers.authorization === 'string') headers.authorization = request.headers.authorization;
  if (typeof request.headers.cookie === 'string') headers.cookie = request.headers.cookie;
  return async (url) => {
    const res = await app.inject({ method: 'GET', url, headers, remoteAddress: request.ip });
    if (res.statusCode === 401) throw new HttpError(401, UNAUTHENTICATED);
    if (res.statusCode === 429) throw new HttpError(429, TOO_MANY_ATTEMPTS);
    if (res.statusCode >= 500) throw new HttpError(502, AGENCY_DOWN);
    return { status: res.statusCode, body: parse(res.body) };
  };
}

/** Answers of the reference-list routes (`x-source`); a list that refuses its parameters is an empty list. */
export function listAnswers(app: FastifyInstance): (url: string) => Promise<unknown> {
  return async (url) => {
    const res = await app.inject({ method: 'GET', url });
    // A parameter the list refuses (a provincia that is not a number) means an empty list.
    if (res.statusCode >= 400 && res.statusCode < 500) return null;
    if (res.statusCode !== 200) throw new HttpError(503, 'No se pudieron verificar las listas de referencia; intente más tarde');
    return parse(res.body);
  };
}
