import { Link, useLocation } from 'wouter';
import { isCurrent, NAV_ITEMS } from './navItems';

export interface MainNavProps {
  /** 'bar': a row in the header (desktop); 'list': a column (the phone's drawer). Required. */
  variant: 'bar' | 'list';
  /** Called after a link is followed (the drawer closes). */
  onNavigate?: () => void;
}

/** The main navigation; the current page's link carries aria-current="page". */
export function MainNav({ variant, onNavigate }: MainNavProps) {
  const [location] = useLocation();
  return (
    <nav aria-label="Navegación principal" className={`main-nav main-nav-${variant}`}>
      <ul>
        {NAV_ITEMS.map((item) => (
          <li key={item.href}>
            <Link href={item.href} aria-current={isCurrent(item.href, location) ? 'page' : undefined} onClick={onNavigate}>
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
