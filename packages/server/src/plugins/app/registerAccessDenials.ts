/**
 * Who is asking, and who was refused (issue 25 §1.3 and §1.8; ASVS V14.3.2, V16).
 *
 * - {@link signedIn}, called where authentication is decided (app.authenticate,
 *   app.authenticateStaff), marks the request: every later log line of it
 *   carries the actor's id (`citizenId`, or `staffId` and `institution`), and
 *   its answer `Cache-Control: no-store` (a route may set a stricter or more
 *   specific one, e.g. a document download's `private, no-store`).
 * - A refusal after authentication (403, and the 404 that hides another
 *   citizen's or institution's resource: a route answers 404 alike for "not
 *   yours" and "does not exist") is logged with the actor, the route, its
 *   path parameters and the status; a staff member's is also an audit row
 *   (`acceso_denegado`). So is a session of the wrong kind (a citizen's token
 *   on a back-office route, a staff token on a citizen's route: 401).
 * - Flooding: citizens' refusals are log lines only (the audit log is of
 *   staff actions). A staff member's are written as audit rows up to
 *   {@link DENIAL_AUDIT_LIMIT} per minute and server; the rest of that minute
 *   only in the log (`auditado: false`), and the next row written says how
 *   many were left out (`detail.omitted`). Every refusal is always in the log.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { redactLogUrl } from '../../http/redactLogUrl';
import { recordAudit } from '../../services/audit/auditLog';
import { findSessionCitizen, type CitizenView } from '../../services/sessionStore';
import { findSessionStaff, type StaffView } from '../../services/staff/staffStore';

/** Audit rows of refusals per staff member, minute and server; the rest go to the log only. */
export const DENIAL_AUDIT_LIMIT = 20;
const WINDOW_MS = 60_000;
/** The audit action of a refusal (AUDIT_ACTION_LABELS: «Acceso denegado»). */
export const ACCESS_DENIED_ACTION = 'acceso_denegado';

type Actor = { kind: 'citizen'; citizen: CitizenView } | { kind: 'staff'; staff: StaffView };

interface AccessDenials {
  /** Logs (and for staff audits) a refusal of `request` to `actor` with `status`. */
  record(request: FastifyRequest, actor: Actor, status: number, reason: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    accessDenials: AccessDenials;
  }
}

const actorFields = (actor: Actor) =>
  actor.kind === 'citizen' ? { citizenId: actor.citizen.id } : { staffId: actor.staff.id, institution: actor.staff.institution };

/** The authenticated actor on every later log line of the request, and `Cache-Control: no-store` on its answer. */
export function signedIn(request: FastifyRequest, reply: FastifyReply, actor: Actor): void {
  const log = request.log.child(actorFields(actor));
  request.log = log;
  reply.log = log;
  void reply.header('cache-control', 'no-store');
}

function createAccessDenials(app: FastifyInstance): AccessDenials {
  const windows = new Map<number, { start: number; written: number; omitted: number }>();
  return {
    async record(request, actor, status, reason) {
      const route = request.routeOptions.url ?? request.url.split('?')[0];
      const params = request.params ?? {};
      // After authentication the request's logger already names the actor (signedIn); a wrong-kind session's does not.
      const who = request.staff === null && request.citizen === null ? actorFields(actor) : {};
      const what = { event: ACCESS_DENIED_ACTION, status, reason, method: request.method, route, url: redactLogUrl(request.url), params, ...who };
      if (actor.kind === 'citizen') {
        request.log.warn(what, 'acceso denegado');
        return;
      }
      const now = Date.now();
      let window = windows.get(actor.staff.id);
      if (window === undefined || now - window.start >= WINDOW_MS) {
        window = { start: now, written: 0, omitted: window?.omitted ?? 0 };
        windows.set(actor.staff.id, window);
        // Forget the staff members who stopped: the map holds at most the active ones.
        for (const [id, w] of windows) if (now - w.start >= WINDOW_MS && w.omitted === 0) windows.delete(id);
      }
      const audited = window.written < DENIAL_AUDIT_LIMIT;
      request.log.warn({ ...what, auditado: audited }, 'acceso denegado');
      if (!audited) {
        window.omitted += 1;
        return;
      }
      window.written += 1;
      const omitted = window.omitted;
      window.omitted = 0;
      try {
        await recordAudit(app.db, {
          staffId: actor.staff.id,
          action: ACCESS_DENIED_ACTION,
          // The resource's id stays in detail.params, not in application_id/claim_id: a request's or claim's
          // own rows (what was done to it) are not mixed with the attempts of those it was refused to.
          detail: { status, reason, request: `${request.method} ${what.url}`, route, params, ...(omitted > 0 ? { omitted } : {}) },
        });
      } catch (error) {
        window.omitted += omitted;
        request.log.error({ err: error }, 'no se pudo registrar en la auditoría un acceso denegado');
      }
    },
  };
}

/**
 * A well-formed token that is no session of the kind the route needs (the
 * caller is answered 401 all the same): if it is a live session of the
 * other kind, the refusal is recorded with who holds it.
 */
export async function reportWrongSession(app: FastifyInstance, request: FastifyRequest, tokenHash: string, routeNeeds: 'citizen' | 'staff'): Promise<void> {
  try {
    const actor: Actor | null =
      routeNeeds === 'staff'
        ? await findSessionCitizen(app.db, tokenHash).then((citizen) => (citizen ? { kind: 'citizen', citizen } : null))
        : await findSessionStaff(app.db, tokenHash).then((staff) => (staff ? { kind: 'staff', staff } : null));
    if (actor !== null) await app.accessDenials.record(request, actor, 401, routeNeeds === 'staff' ? 'sesión de ciudadano en una ruta de la oficina' : 'sesión de la oficina en una ruta del ciudadano');
  } catch (error) {
    request.log.error({ err: error }, 'no se pudo comprobar el tipo de sesión de un acceso denegado');
  }
}

const ID_KEY = /^id$|_id$|[a-z]Id$/;
const namesId = (values: unknown) => typeof values === 'object' && values !== null && !Array.isArray(values) && Object.keys(values).some((key) => ID_KEY.test(key));

/**
 * A 404 that may hide someone else's resource: the request names one by id (path, query or body: `:id`,
 * `claim_id`, `notify_id`, `documentId`…). A lookup's "not registered" (a cédula at the JCE, a certificate
 * at ONAPI) is an answer, not a refusal.
 */
const namesResource = (request: FastifyRequest) => namesId(request.params) || namesId(request.query) || namesId(request.body);

/** The refusals after authentication: 403, and 404 of a request that names a resource, whose citizen or staff member is known. */
export function registerAccessDenials(app: FastifyInstance): void {
  app.decorate('accessDenials', createAccessDenials(app));
  app.addHook('onSend', async (request, reply, payload) => {
    const status = reply.statusCode;
    if (status !== 403 && !(status === 404 && namesResource(request))) return payload;
    const actor: Actor | null = request.staff ? { kind: 'staff', staff: request.staff } : request.citizen ? { kind: 'citizen', citizen: request.citizen } : null;
    if (actor !== null) await app.accessDenials.record(request, actor, status, status === 403 ? 'no autorizado' : 'no encontrado o ajeno');
    return payload;
  });
}
