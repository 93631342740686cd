import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'wouter';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';
import { bellLabel, refreshNotifications, useNotifications } from '../api';

/**
 * The header's bell for a signed-in citizen: a link to Notificaciones with
 * the unread count (in its name for screen readers, in a badge on screen).
 * Light on purpose (the header is in the first bundle): SWR and the one API
 * client, no Mantine component. The count is read again on every change of
 * page, so an event the citizen just caused (a submitted application) shows.
 */
export function NotificationsBell() {
  const { data } = useNotifications(useSession()?.id ?? null);
  const [location] = useLocation();
  const first = useRef(true);
  useEffect(() => {
    // The first render has just fetched; after that, every new page reads the count again.
    if (first.current) {
      first.current = false;
      return;
    }
    void refreshNotifications();
  }, [location]);
  const unread = data?.unread_count ?? 0;
  return (
    <Link href={paths.notifications.href()} className="header-button" aria-label={bellLabel(unread)} style={{ position: 'relative' }}>
      <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
        <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      </svg>
      {unread > 0 && (
        <span
          aria-hidden="true"
          data-testid="contador-notificaciones"
          style={{
            position: 'absolute', top: 4, right: 2, minWidth: 18, height: 18, padding: '0 4px', borderRadius: 9,
            background: '#ffdd00', color: '#1a1a1a', fontSize: 11, fontWeight: 700, lineHeight: '18px', textAlign: 'center',
          }}
        >
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}

/** The phone drawer's text for the same link: "Notificaciones" and, when there are, "(3 sin leer)". */
export function NotificationsMenuText() {
  const unread = useNotifications(useSession()?.id ?? null).data?.unread_count ?? 0;
  return <>Notificaciones{unread > 0 && ` (${unread} sin leer)`}</>;
}
