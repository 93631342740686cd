/**
 * What «Notificaciones» shows of the first page of notifications (the bell's, asked for with the shell): the
 * unread count with «Marcar todas como leídas», and the list. Drawn by the page and by its frame
 * (NotificationsFrame) while the page's code is on its way, with the same components: the page then
 * takes the frame's place without anything moving. In the first bundle; what the buttons do is the page's.
 */
import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { DrawnBeforeCode } from '../../../components/DrawnBeforeCode';
import { formatWhenLong } from '../../../lib/dates';
import { useSession } from '../../../lib/session';
import { useNotifications, type CitizenNotification } from '../api';

export const NOTIFICATIONS_TITLE = 'Notificaciones';
export const NOTIFICATIONS_LOADING = 'Cargando sus notificaciones';
/** The page's gap: the frame stacks what it draws with the same. */
export const NOTIFICATIONS_GAP = 'md';

interface ItemProps {
  item: CitizenNotification;
  /** The first of the list has no line above it. */
  first: boolean;
  onOpen: (item: CitizenNotification) => void;
}

/** One notification: a link to its subject; an unread one is marked in bold with "No leída". */
function NotificationItem({ item, first, onOpen }: ItemProps) {
  const unread = item.read_at === null;
  return (
    <li style={{ borderTop: first ? undefined : '1px solid var(--mantine-color-gray-3)' }}>
      <a
        href={item.link}
        onClick={(event) => {
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          onOpen(item);
        }}
        style={{
          display: 'block', padding: '0.9rem 1rem', color: 'inherit', textDecoration: 'none',
          borderLeft: `4px solid ${unread ? 'var(--mantine-color-blue-7)' : 'transparent'}`,
          background: unread ? 'var(--mantine-color-blue-0)' : undefined,
        }}
      >
        <Group justify="space-between" align="baseline" gap="xs" wrap="wrap">
          <Text component="span" fw={unread ? 700 : 500} td="underline">{item.title}</Text>
          {unread && <Text component="span" size="sm" fw={700} c="blue.9">No leída</Text>}
        </Group>
        <Text component="span" display="block" mt={4}>{item.text}</Text>
        <Text component="span" display="block" size="sm" c="dimmed" mt={4}>
          <time dateTime={item.created_at}>{formatWhenLong(item.created_at)}</time>
        </Text>
      </a>
    </li>
  );
}

/** How many are unread, and the button that marks them all read (`busy` while it does). */
export function UnreadSummary({ unread, busy = false, onReadAll }: { unread: number; busy?: boolean; onReadAll: () => void }) {
  return (
    <Group justify="space-between" align="center" wrap="wrap">
      <Text>{unread === 0 ? 'No tiene notificaciones sin leer.' : unread === 1 ? 'Tiene 1 notificación sin leer.' : `Tiene ${unread} notificaciones sin leer.`}</Text>
      {/* Never `disabled` (nor `loading`, which disables): focus would drop to the page's body once pressed. */}
      <Button
        variant="outline"
        onClick={() => {
          if (unread > 0 && !busy) onReadAll();
        }}
        aria-disabled={unread === 0 || undefined}
        data-disabled={unread === 0 || undefined}
        aria-busy={busy || undefined}
      >
        Marcar todas como leídas
      </Button>
    </Group>
  );
}

/** The list, newest first; or, with none, what will show there. */
export function NotificationList({ items, onOpen }: { items: CitizenNotification[]; onOpen: (item: CitizenNotification) => void }) {
  if (items.length === 0) {
    return (
      <Alert color="gray" title="No tiene notificaciones">
        Aquí verá los avisos sobre sus solicitudes: cuando las envía, cuando cambian de estado, cuando la institución le deja un comentario o le pide una acción y cuando se confirma un pago.
      </Alert>
    );
  }
  return (
    <ul aria-label="Sus notificaciones, de la más reciente a la más antigua" style={{ listStyle: 'none', margin: 0, padding: 0, border: '1px solid var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-sm)' }}>
      {items.map((item, index) => (
        <NotificationItem key={item.id} item={item} first={index === 0} onOpen={onOpen} />
      ))}
    </ul>
  );
}

const nothing = () => undefined;

/** «Notificaciones» before its page's code has arrived: the title, and the first page once it is there, inert. */
export function NotificationsFrame() {
  const { data } = useNotifications(useSession()?.id ?? null);
  return (
    <Stack gap={NOTIFICATIONS_GAP}>
      <Title order={1}>{NOTIFICATIONS_TITLE}</Title>
      {data ? (
        <DrawnBeforeCode loading={NOTIFICATIONS_LOADING} gap={NOTIFICATIONS_GAP}>
          {data.data.length > 0 && <UnreadSummary unread={data.unread_count} onReadAll={nothing} />}
          <NotificationList items={data.data} onOpen={nothing} />
        </DrawnBeforeCode>
      ) : (
        <Loader role="progressbar" aria-label={NOTIFICATIONS_LOADING} />
      )}
    </Stack>
  );
}
