/**
 * The route registry: every page of the portal, each with its pattern (what
 * the router matches), its href builder (what links use) and its title
 * (document.title and the heading of a page still under construction).
 * `signedIn` pages show the login form to an anonymous visitor and come back
 * to the page once they have logged in.
 */

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
  profile: fixed('/perfil', 'Mi perfil', true),
  notifications: fixed('/notificaciones', 'Notificaciones', true),
  accessibility: fixed('/accesibilidad', 'Declaración de accesibilidad'),
  privacy: fixed('/privacidad', 'Política de privacidad'),
  terms: fixed('/terminos', 'Términos de uso'),
  contact: fixed('/contacto', 'Contacto'),
  // The review and confirmation patterns come before the step's: '/formalizacion/:id/:step' would match them too.
  review: entry('/formalizacion/:id/revisar', 'Revisar la solicitud', (id: number | string) => `/formalizacion/${id}/revisar`, true),
  confirmation: entry('/formalizacion/:id/confirmacion', 'Solicitud enviada', (id: number | string) => `/formalizacion/${id}/confirmacion`, true),
  application: entry(
    '/formalizacion/:id/:step?',
    'Solicitud de formalización',
    (id: number | string, step?: string) => (step ? `/formalizacion/${id}/${step}` : `/formalizacion/${id}`),
    true,
  ),
} as const;

export type RouteName = keyof typeof paths;

/** A local address (same origin, a path) that is safe to navigate to after logging in; else null. */
export function localReturnTo(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}
