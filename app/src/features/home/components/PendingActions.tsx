import { Anchor, Card, List, Stack, Text, Title } from '@mantine/core';
import { formatAmount } from '@portal/form-mantine/currency';
import { Link } from 'wouter';
import { formPaths, paths } from '../../../config/paths';
import { useHomeSummary } from '../api/useHomeSummary';

/**
 * "Pendientes": drafts of any online service to finish, requests whose institution waits for the
 * citizen («Acción requerida») and payments still due, each with its link; says so when there is nothing.
 */
export function PendingActions() {
  const { drafts, unpaid, actions } = useHomeSummary();
  if (!drafts || !unpaid || !actions) return null;
  const none = drafts.length === 0 && unpaid.length === 0 && actions.length === 0;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="pendientes">
      <Stack gap="xs">
        <Title order={2} id="pendientes">Pendientes</Title>
        {none && <Text>No tiene acciones pendientes.</Text>}
        <List spacing="xs">
          {drafts.map((d) => (
            <List.Item key={`b${d.id}`}>
              <Anchor component={Link} href={formPaths(d.form).application(d.id)}>Terminar el borrador n.º {d.id}</Anchor>
              <Text span size="sm" c="dimmed"> · {d.service_name} · actualizado el {new Date(d.updated_at).toLocaleDateString('es-DO')}</Text>
            </List.Item>
          ))}
          {actions.map((r) => (
            <List.Item key={`a${r.id}`}>
              <Anchor component={Link} href={paths.request.href(r.id)}>Responder a la institución en la solicitud {r.code}</Anchor>
              <Text span size="sm" c="dimmed"> · {r.service}</Text>
            </List.Item>
          ))}
          {unpaid.map((r) => (
            <List.Item key={`p${r.id}`}>
              <Anchor component={Link} href={formPaths(r.form).confirmation(r.id)}>Pagar {formatAmount(r.total_pending, 'DOP')} de la solicitud {r.code}</Anchor>
            </List.Item>
          ))}
        </List>
      </Stack>
    </Card>
  );
}
