import { useState } from 'react';
import { Alert, Button, Loader, Stack, Text, Title } from '@mantine/core';
import { useLocation } from 'wouter';
import { localReturnTo } from '../../../config/paths';
import { errorMessage } from '../../../lib/apiError';
import { useSession } from '../../../lib/session';
import {
  getNotifications, markAllNotificationsRead, markNotificationRead, PAGE_SIZE, useNotifications, type CitizenNotification,
} from '../api';
import { NOTIFICATIONS_GAP, NOTIFICATIONS_LOADING, NOTIFICATIONS_TITLE, NotificationList, UnreadSummary } from './NotificationList';

/** What to tell the citizen about a failed call; null when nothing (the session ended: the client already went home). */
const problem = (error: unknown) => errorMessage(error);

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
      <Stack gap={NOTIFICATIONS_GAP}>
        <Title order={1}>{NOTIFICATIONS_TITLE}</Title>
        <Alert color="red" title="No se pudieron cargar sus notificaciones">{problem(error) ?? 'Intente de nuevo más tarde.'}</Alert>
      </Stack>
    );
  }
  if (isLoading || !data) {
    return (
      <Stack gap={NOTIFICATIONS_GAP}>
        <Title order={1}>{NOTIFICATIONS_TITLE}</Title>
        <Loader role="progressbar" aria-label={NOTIFICATIONS_LOADING} />
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
    <Stack gap={NOTIFICATIONS_GAP}>
      <Title order={1}>{NOTIFICATIONS_TITLE}</Title>
      {items.length > 0 && <UnreadSummary unread={unread} busy={busy} onReadAll={() => void readAll()} />}
      <div role="status" aria-live="polite" style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clipPath: 'inset(50%)', whiteSpace: 'nowrap' }}>
        {status}
      </div>
      {failure && <Alert color="red" title="No se pudo completar la acción">{failure}</Alert>}
      <NotificationList items={items} onOpen={(n) => void open(n)} />
      {items.length < data.total && (
        <Button variant="subtle" onClick={() => { if (!busy) void loadOlder(); }} aria-busy={busy || undefined} style={{ alignSelf: 'flex-start' }}>
          Ver notificaciones anteriores
        </Button>
      )}
      {items.length > 0 && <Text size="sm" c="dimmed">Los mismos avisos le llegan por correo electrónico. Se muestran {PAGE_SIZE} por vez.</Text>}
    </Stack>
  );
}
