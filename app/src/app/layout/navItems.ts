import { paths } from '../../config/paths';

/** One entry of the main navigation. */
export interface NavItem {
  /** The link's text. */
  label: string;
  /** The address. */
  href: string;
}

/** The main navigation, in order (the same links in the header and in the phone's drawer). */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Inicio', href: paths.home.href() },
  { label: 'Servicios', href: paths.services.href() },
  { label: 'Instituciones', href: paths.institutions.href() },
  { label: 'Puntos GOB', href: paths.puntosGob.href() },
  { label: 'Mis solicitudes', href: paths.myRequests.href() },
];

/** Whether `href` is the current section: Inicio only on '/', the others on their address and below it. */
export function isCurrent(href: string, location: string): boolean {
  if (href === '/') return location === '/';
  return location === href || location.startsWith(`${href}/`);
}
