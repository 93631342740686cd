import { useState } from 'react';
import { Alert, Anchor, Card, Loader, Stack, Text, Title } from '@mantine/core';
import { LIST_PAGE_SIZE, useSuggestions } from '../api/backoffice';
import { when } from './format';
import { Pager } from './Pager';

/** Services citizens suggested for the catalogue, newest first. */
export function SuggestionsPage() {
  const [page, setPage] = useState(1);
  const list = useSuggestions(page);
  return (
    <Stack gap="lg">
      <Title order={1}>Sugerencias</Title>
      <Text size="sm" c="dimmed">Servicios que los ciudadanos sugieren añadir al catálogo, la más reciente primero.</Text>
      {list.error && <Alert color="red" role="alert">{list.error instanceof Error ? list.error.message : 'No se pudo leer la lista.'}</Alert>}
      {!list.data && !list.error && <Loader role="progressbar" aria-label="Cargando sugerencias" />}
      {list.data?.data.length === 0 && <Text>No hay sugerencias.</Text>}
      {list.data && list.data.data.length > 0 && (
        <Stack component="ul" gap="sm" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Sugerencias">
          {list.data.data.map((s) => (
            <Card key={s.id} withBorder component="li" padding="sm">
              <Text fw={700}>{s.service_title}</Text>
              <Text size="sm">Institución: {s.institution_name}</Text>
              <Text size="sm">
                {s.person_name} · <Anchor href={`mailto:${s.person_email}`} size="sm" underline="always">{s.person_email}</Anchor> · {s.person_phone}
              </Text>
              <Text size="xs" c="dimmed">{when(s.created_at)}</Text>
            </Card>
          ))}
        </Stack>
      )}
      {list.data && <Pager page={page} perPage={LIST_PAGE_SIZE} total={list.data.meta.total} onPage={setPage} what="sugerencias" />}
    </Stack>
  );
}
