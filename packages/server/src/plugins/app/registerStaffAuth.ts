import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../http/HttpError';
import type { WorkflowActor } from '../../services/requests/requestWorkflow';
import { hashToken } from '../../services/sessionStore';
import { findSessionStaff, type StaffView } from '../../services/staff/staffStore';
import { reportWrongSession, signedIn } from './registerAccessDenials';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff member, set by app.authenticateStaff. */
    staff: StaffView | null;
    /** SHA-256 of the staff session token used for this request. */
    staffTokenHash: string | null;
  }
  interface FastifyContextConfig {
    /** The route is open to analysts (issue 26): the published forms, and the staff member's own session. Every other back-office route refuses them. */
    analysts?: boolean;
  }
  interface FastifyInstance {
    /** onRequest hook of every /v1/backoffice route but login: 401 unless a live staff session is presented, before the body is read. */
    authenticateStaff: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/** The staff session cookie: its own name and path, so the citizen app's `token` cookie never stands in for it. */
export const STAFF_COOKIE = 'staff_token';
export const STAFF_COOKIE_PATH = '/v1/backoffice';
/** The 401 of the back office. Not the citizen app's 'Unauthenticated.', which sends a citizen home. */
export const STAFF_UNAUTHENTICATED = 'Inicie sesión con su cuenta de la institución';

const TOKEN = /^[A-Za-z0-9_-]{20,200}$/;

/** Staff token from `Authorization: Bearer <token>`, else from the staff cookie. */
function readStaffToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const bearer = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] : undefined;
  const token = bearer ?? request.cookies?.[STAFF_COOKIE];
  return token && TOKEN.test(token) ? token : null;
}

/** Adds request.staff and the app.authenticateStaff hook. Staff sessions are looked up in staff_sessions only. */
export function registerStaffAuth(app: FastifyInstance): void {
  app.decorateRequest('staff', null);
  app.decorateRequest('staffTokenHash', null);
  app.decorate('authenticateStaff', async (request: FastifyRequest, reply: FastifyReply) => {
    const token = readStaffToken(request);
    if (token === null) throw new HttpError(401, STAFF_UNAUTHENTICATED);
    const tokenHash = hashToken(token);
    const staff = await findSessionStaff(app.db, tokenHash);
    if (staff === null) {
      await reportWrongSession(app, request, tokenHash, 'staff');
      throw new HttpError(401, STAFF_UNAUTHENTICATED);
    }
    request.staff = staff;
    request.staffTokenHash = tokenHash;
    signedIn(request, reply, { kind: 'staff', staff });
    // An analyst belongs to no institution: in the officers' scope that would read as «every one». Only routes marked for them.
    if (staff.role === 'analista' && request.routeOptions.config.analysts !== true) throw new HttpError(403, ANALYSTS_ONLY_FORMS);
  });
}

/** The staff member of an authenticated back-office request (after app.authenticateStaff). */
export function requireStaff(request: FastifyRequest): StaffView {
  if (request.staff === null) throw new HttpError(401, STAFF_UNAUTHENTICATED);
  return request.staff;
}

/** What an analyst is told on any back-office route but the forms'. */
export const ANALYSTS_ONLY_FORMS = 'Su cuenta de analista solo publica formularios y lee sus versiones';

/** Administrators and analysts: publishing forms and reading their versions (403 in Spanish otherwise). */
export function requireFormPublisher(request: FastifyRequest): StaffView {
  const staff = requireStaff(request);
  if (staff.role !== 'administrador' && staff.role !== 'analista') throw new HttpError(403, 'Solo un administrador o un analista puede publicar formularios');
  return staff;
}

/** Only administrators (403 in Spanish otherwise). */
export function requireAdministrator(request: FastifyRequest): StaffView {
  const staff = requireStaff(request);
  if (staff.role !== 'administrador') throw new HttpError(403, 'Solo un administrador puede realizar esta acción');
  return staff;
}

/** The staff member as the request workflow's actor (an officer acts on their institution's requests only). */
export function staffActor(staff: StaffView): WorkflowActor {
  return { kind: 'institucion', staffId: staff.id, institution: staff.role === 'administrador' ? null : staff.institution };
}
