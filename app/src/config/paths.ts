/**
 * The route registry: every page of the portal, each with its pattern (what
 * the router matches), its href builder (what links use) and its title
 * (document.title and the heading of a page still under construction).
 * `signedIn` pages show the login form to an anonymous visitor and come back
 * to the page once they have logged in.
 */
import { FORMALIZATION_FORM } from '@portal/api-contract';

export interface RouteEntry<Args extends unknown[] = []> {
  /** wouter pattern, e.g. '/formalizacion/:id'. */
  readonly pattern: string;
  /** The address of the page, for links and navigation. */
  href(...args: Args): string;
  /** The page's name, in Spanish. */
  readonly title: string;
  /** Only for a signed-in citizen. Default: false. */
  readonly signedIn?: boolean;
}

function entry<Args extends unknown[] = []>(pattern: string, title: string, href: (...args: Args) => string, signedIn = false): RouteEntry<Args> {
  return { pattern, title, href, signedIn };
}

/** A page at a fixed address. */
function fixed(pattern: string, title: string, signedIn = false): RouteEntry {
  return entry(pattern, title, () => pattern, signedIn);
}

const segment = (value: number | string) => encodeURIComponent(String(value));
// Application ids are numbers and step keys come from the form's schema: used as they are, as before.

export const paths = {
  home: fixed('/', 'Inicio'),
  /** `returnTo`: a local address to go back to after logging in. */
  login: entry('/ingresar', 'Iniciar sesión', (returnTo?: string) => (returnTo ? `/ingresar?volver=${encodeURIComponent(returnTo)}` : '/ingresar')),
  services: fixed('/servicios', 'Servicios'),
  service: entry('/servicios/:slug', 'Servicio', (slug: string) => `/servicios/${segment(slug)}`),
  institutions: fixed('/instituciones', 'Instituciones'),
  puntosGob: fixed('/puntos-gob', 'Puntos GOB'),
  myRequests: fixed('/mis-solicitudes', 'Mis solicitudes', true),
  myClaims: fixed('/mis-reclamos', 'Mis reclamos', true),
  request: entry('/mis-solicitudes/:id', 'Detalle de la solicitud', (id: number | string) => `/mis-solicitudes/${segment(id)}`, true),
  // The card payment page's return routes (spec §1): the approved one first, '/my-requests/vuf' would not match it anyway.
  cardPaymentApproved: fixed('/my-requests/vuf/azul_callback', 'Pago con tarjeta', true),
  cardPaymentReturn: fixed('/my-requests/vuf', 'Pago con tarjeta', true),
  profile: fixed('/perfil', 'Mi perfil', true),
  /** The link mailed to the old address when the account's e-mail changed (`?token=`): public, the session may be the attacker's. */
  emailUndo: fixed('/cuenta/deshacer-cambio-correo', 'Deshacer el cambio de correo'),
  /** The link of the password-reset mail (`?token=`): public, it works even when wrong guesses blocked the code. */
  passwordResetLink: fixed('/cuenta/restablecer', 'Crear una contraseña nueva'),
  notifications: fixed('/notificaciones', 'Notificaciones', true),
  accessibility: fixed('/accesibilidad', 'Declaración de accesibilidad'),
  privacy: fixed('/privacidad', 'Política de privacidad'),
  terms: fixed('/terminos', 'Términos de uso'),
  contact: fixed('/contacto', 'Contacto'),
  // The review and confirmation patterns come before the step's: '/formalizacion/:id/:step' would match them too.
  // The formalization keeps its own addresses; every other online service is /en-linea/<form>/<id>.
  review: entry('/formalizacion/:id/revisar', 'Revisar la solicitud', (id: number | string) => `/formalizacion/${id}/revisar`, true),
  confirmation: entry('/formalizacion/:id/confirmacion', 'Solicitud enviada', (id: number | string) => `/formalizacion/${id}/confirmacion`, true),
  application: entry(
    '/formalizacion/:id/:step?',
    'Solicitud de formalización',
    (id: number | string, step?: string) => (step ? `/formalizacion/${id}/${step}` : `/formalizacion/${id}`),
    true,
  ),
  onlineStart: entry('/en-linea/:form', 'Solicitud en línea', (form: string) => `/en-linea/${segment(form)}`, true),
  onlineReview: entry('/en-linea/:form/:id/revisar', 'Revisar la solicitud', (form: string, id: number | string) => `/en-linea/${segment(form)}/${id}/revisar`, true),
  onlineConfirmation: entry('/en-linea/:form/:id/confirmacion', 'Solicitud enviada', (form: string, id: number | string) => `/en-linea/${segment(form)}/${id}/confirmacion`, true),
  onlineApplication: entry(
    '/en-linea/:form/:id/:step?',
    'Solicitud en línea',
    (form: string, id: number | string, step?: string) => (step ? `/en-linea/${segment(form)}/${id}/${step}` : `/en-linea/${segment(form)}/${id}`),
    true,
  ),
} as const;

export type RouteName = keyof typeof paths;

/** The addresses of one form's application pages (steps, review, confirmation). */
export interface FormPaths {
  application(id: number | string, step?: string): string;
  review(id: number | string): string;
  confirmation(id: number | string): string;
}

/** The pages of a form's applications: the formalization's own addresses, or /en-linea/<form>/…. */
export function formPaths(form: string): FormPaths {
  if (form === FORMALIZATION_FORM) return { application: paths.application.href, review: paths.review.href, confirmation: paths.confirmation.href };
  return {
    application: (id, step) => paths.onlineApplication.href(form, id, step),
    review: (id) => paths.onlineReview.href(form, id),
    confirmation: (id) => paths.onlineConfirmation.href(form, id),
  };
}

/** A local address (same origin, a path) that is safe to navigate to after logging in; else null. */
export function localReturnTo(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

/** The institution back office's area: its own layout and sign-in, apart from the citizen's pages (features/backoffice). */
export const STAFF_AREA = '/institucion';

/** The back office's pages (features/backoffice/StaffArea.tsx routes them; the citizen router never sees /institucion). */
export const staffPaths = {
  /** `returnTo`: a back-office address to go back to after signing in. */
  staffLogin: entry('/institucion/ingresar', 'Ingreso del personal', (returnTo?: string) => (returnTo ? `/institucion/ingresar?volver=${encodeURIComponent(returnTo)}` : '/institucion/ingresar')),
  staffQueue: fixed('/institucion/solicitudes', 'Solicitudes'),
  staffRequest: entry('/institucion/solicitudes/:id', 'Solicitud', (id: number | string) => `/institucion/solicitudes/${segment(id)}`),
  staffPayments: fixed('/institucion/pagos', 'Pagos por verificar'),
  staffClaims: fixed('/institucion/reclamos', 'Quejas y reclamaciones'),
  staffClaim: entry('/institucion/reclamos/:id', 'Reclamo', (id: number | string) => `/institucion/reclamos/${segment(id)}`),
  staffSuggestions: fixed('/institucion/sugerencias', 'Sugerencias'),
  staffReports: fixed('/institucion/reportes', 'Reportes de error'),
  /** Administrators only (StaffArea shows an officer the not-allowed page). */
  staffAudit: fixed('/institucion/auditoria', 'Registro de auditoría'),
  /** Administrators: the staff members and their second factor (issue 25 §2). */
  staffMembers: fixed('/institucion/personal', 'Personal'),
  /** Administrators: the published forms and their versions (issue 26 §2). */
  staffForms: fixed('/institucion/formularios', 'Formularios'),
} as const;

/** Whether an address belongs to the back office's area. */
export const isStaffArea = (pathname: string): boolean => pathname === STAFF_AREA || pathname.startsWith(`${STAFF_AREA}/`);
