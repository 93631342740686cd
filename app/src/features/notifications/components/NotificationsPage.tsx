import { useState } from 'react';
import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useLocation } from 'wouter';
import { localReturnTo } from '../../../config/paths';
import { errorMessage } from '../../../lib/apiError';
import { useSession } from '../../../lib/session';
import { formatWhenLong } from '../../../lib/dates';
import {
  getNotifications, markAllNotificationsRead, markNotificationRead, PAGE_SIZE, useNotifications, type CitizenNotification,
} from '../api';

/** What to tell the citizen about a failed call; null when nothing (the session ended: the client already went home). */
const problem = (error: unknown) => errorMessage(error);

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

/**
 * Notificaciones: the citizen's notifications, newest first. Opening one marks
 * it read and goes to its subject; "Marcar todas como leídas" marks the rest.
 * Older ones come in pages of 20 ("Ver notificaciones anteriores").
 */
export function NotificationsPage() {
  const { data, error, isLoading } = useNotifications(useSession()?.id ?? null);
  const [, navigate] = useLocation();
  const [older, setOlder] = useState<CitizenNotification[]>([]);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  if (error) {
    return (
      <Stack gap="md">
        <Title order={1}>Notificaciones</Title>
        <Alert color="red" title="No se pudieron cargar sus notificaciones">{problem(error) ?? 'Intente de nuevo más tarde.'}</Alert>
      </Stack>
    );
  }
  if (isLoading || !data) {
    return (
      <Stack gap="md">
        <Title order={1}>Notificaciones</Title>
        <Loader role="progressbar" aria-label="Cargando sus notificaciones" />
      </Stack>
    );
  }

  // The first page is SWR's (it also feeds the bell); older pages were loaded here. An id in both keeps the newer copy.
  const seen = new Set(data.data.map((n) => n.id));
  const items = [...data.data, ...older.filter((n) => !seen.has(n.id))];
  const unread = data.unread_count;

  const open = async (item: CitizenNotification) => {
    setFailure(null);
    if (item.read_at === null) {
      try {
        await markNotificationRead(item.id);
      } catch (e) {
        setFailure(problem(e));
        return;
      }
    }
    navigate(localReturnTo(item.link) ?? '/');
  };

  const readAll = async () => {
    setFailure(null);
    setBusy(true);
    try {
      const answer = await markAllNotificationsRead();
      setOlder((list) => list.map((n) => (n.read_at === null ? { ...n, read_at: new Date().toISOString() } : n)));
      setStatus(answer.message);
    } catch (e) {
      setFailure(problem(e));
    } finally {
      setBusy(false);
    }
  };

  const loadOlder = async () => {
    setFailure(null);
    setBusy(true);
    try {
      const page = await getNotifications(items.length);
      setOlder((list) => [...list, ...page.data]);
    } catch (e) {
      setFailure(problem(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md">
      <Title order={1}>Notificaciones</Title>
      {items.length > 0 && (
        <Group justify="space-between" align="center" wrap="wrap">
          <Text>{unread === 0 ? 'No tiene notificaciones sin leer.' : unread === 1 ? 'Tiene 1 notificación sin leer.' : `Tiene ${unread} notificaciones sin leer.`}</Text>
          {/* Never `disabled` (nor `loading`, which disables): focus would drop to the page's body once pressed. */}
          <Button
            variant="outline"
            onClick={() => {
              if (unread > 0 && !busy) void readAll();
            }}
            aria-disabled={unread === 0 || undefined}
            data-disabled={unread === 0 || undefined}
            aria-busy={busy || undefined}
          >
            Marcar todas como leídas
          </Button>
        </Group>
      )}
      <div role="status" aria-live="polite" style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clipPath: 'inset(50%)', whiteSpace: 'nowrap' }}>
        {status}
      </div>
      {failure && <Alert color="red" title="No se pudo completar la acción">{failure}</Alert>}
      {items.length === 0 ? (
        <Alert color="gray" title="No tiene notificaciones">
          Aquí verá los avisos sobre sus solicitudes: cuando las envía, cuando cambian de estado, cuando la institución le deja un comentario o le pide una acción y cuando se confirma un pago.
        </Alert>
      ) : (
        <ul aria-label="Sus notificaciones, de la más reciente a la más antigua" style={{ listStyle: 'none', margin: 0, padding: 0, border: '1px solid var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-sm)' }}>
          {items.map((item, index) => (
            <NotificationItem key={item.id} item={item} first={index === 0} onOpen={(n) => void open(n)} />
          ))}
        </ul>
      )}
      {items.length < data.total && (
        <Button variant="subtle" onClick={() => { if (!busy) void loadOlder(); }} aria-busy={busy || undefined} style={{ alignSelf: 'flex-start' }}>
          Ver notificaciones anteriores
        </Button>
      )}
      {items.length > 0 && <Text size="sm" c="dimmed">Los mismos avisos le llegan por correo electrónico. Se muestran {PAGE_SIZE} por vez.</Text>}
    </Stack>
  );
}
