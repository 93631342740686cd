import { useState } from 'react';
import { Alert, Anchor, Card, Loader, Stack, Text, Title } from '@mantine/core';
import { LIST_PAGE_SIZE, useErrorReports } from '../api/backoffice';
import { when } from './format';
import { Pager } from './Pager';

/** Problems visitors reported through «Reportar un error», newest first. */
export function ErrorReportsPage() {
  const [page, setPage] = useState(1);
  const list = useErrorReports(page);
  return (
    <Stack gap="lg">
      <Title order={1}>Reportes de error</Title>
      <Text size="sm" c="dimmed">Problemas que los visitantes reportaron en el portal, el más reciente primero.</Text>
      {list.error && <Alert color="red" role="alert">{list.error instanceof Error ? list.error.message : 'No se pudo leer la lista.'}</Alert>}
      {!list.data && !list.error && <Loader role="progressbar" aria-label="Cargando reportes" />}
      {list.data?.data.length === 0 && <Text>No hay reportes.</Text>}
      {list.data && list.data.data.length > 0 && (
        <Stack component="ul" gap="sm" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Reportes de error">
          {list.data.data.map((r) => (
            <Card key={r.id} withBorder component="li" padding="sm">
              <Text fw={700}>{r.reference}</Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{r.description}</Text>
              <Text size="xs" c="dimmed">
                {when(r.created_at)} · Página: {r.page_path ?? '(no indicada)'} · Contacto:{' '}
                {r.contact_email ? <Anchor href={`mailto:${r.contact_email}`} size="xs" underline="always">{r.contact_email}</Anchor> : '(sin correo)'}
              </Text>
            </Card>
          ))}
        </Stack>
      )}
      {list.data && <Pager page={page} perPage={LIST_PAGE_SIZE} total={list.data.meta.total} onPage={setPage} what="reportes" />}
    </Stack>
  );
}
