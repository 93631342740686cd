import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../http/HttpError';
import { UNAUTHENTICATED } from '../../http/installErrorHandler';
import { announcingSessionCache, createSessionCache, type SessionCache } from '../../services/sessionCache';
import { findSessionCitizen, hashToken, type CitizenView } from '../../services/sessionStore';
import { reportWrongSession, signedIn } from './registerAccessDenials';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in citizen, set by app.authenticate. */
    citizen: CitizenView | null;
    /** SHA-256 of the session token used for this request. */
    sessionTokenHash: string | null;
  }
  interface FastifyInstance {
    /** Recently confirmed sessions (services/sessionCache.ts); routes that end sessions forget them here. */
    sessionCache: SessionCache;
    /** onRequest hook: answers 401 {"message":"Unauthenticated."} unless a live session token is presented, before the body is read or validated. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

const TOKEN = /^[A-Za-z0-9_-]{20,200}$/;

/** The cookie may hold the raw token or, as the portal front end stores it, JSON with a token field. */
function tokenFromCookie(value: string | undefined): string | null {
  if (!value) return null;
  if (value.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(value);
      const token = (parsed as { token?: unknown } | null)?.token;
      return typeof token === 'string' ? token : null;
    } catch {
      return null;
    }
  }
  return value;
}

/** Session token from `Authorization: Bearer <token>`, else from the `token` cookie. */
export function readToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const bearer = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] : undefined;
  const token = bearer ?? tokenFromCookie(request.cookies?.token);
  return token && TOKEN.test(token) ? token : null;
}

/** Adds request.citizen and the app.authenticate hook (the citizen context of routes/registerRoutes.ts puts it first on each citizen route's onRequest: an anonymous caller gets 401 before its body is read, validated or stored). */
export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('citizen', null);
  app.decorateRequest('sessionTokenHash', null);
  // On PostgreSQL other servers may hold the same sessions: an ending is announced to them.
  const here = createSessionCache();
  const cache = app.config.databaseUrl === null
    ? here
    : announcingSessionCache(here, app.db, (error) => app.log.warn({ err: error }, 'no se pudo avisar a los demás servidores del fin de una sesión'));
  app.decorate('sessionCache', cache);
  app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
    const token = readToken(request);
    if (token === null) throw new HttpError(401, UNAUTHENTICATED);
    const tokenHash = hashToken(token);
    let citizen = cache.get(tokenHash) ?? null;
    if (citizen === null) {
      citizen = await findSessionCitizen(app.db, tokenHash);
      if (citizen !== null) cache.set(tokenHash, citizen);
    }
    if (citizen === null) {
      await reportWrongSession(app, request, tokenHash, 'citizen');
      throw new HttpError(401, UNAUTHENTICATED);
    }
    request.citizen = citizen;
    request.sessionTokenHash = tokenHash;
    signedIn(request, reply, { kind: 'citizen', citizen });
  });
}

/** The citizen of an authenticated request (after app.authenticate). */
export function requireCitizen(request: FastifyRequest): CitizenView {
  if (request.citizen === null) throw new HttpError(401, UNAUTHENTICATED);
  return request.citizen;
}
