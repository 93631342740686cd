import { Button, Group, Text } from '@mantine/core';

export interface PagerProps {
  page: number;
  perPage: number;
  total: number;
  onPage(page: number): void;
  /** What the list holds, for the buttons' names (e.g. 'solicitudes'). Required. */
  what: string;
}

/** Previous / next page of a list, with where we are. Nothing when everything fits in one page. */
export function Pager({ page, perPage, total, onPage, what }: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / perPage));
  if (pages <= 1) return null;
  return (
    <Group justify="space-between" component="nav" aria-label={`Páginas de ${what}`}>
      <Button variant="default" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>Anterior</Button>
      <Text size="sm" aria-live="polite">Página {page} de {pages}</Text>
      <Button variant="default" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>Siguiente</Button>
    </Group>
  );
}
