import { FORMALIZATION_FORM } from '@portal/api-contract';
import { Alert, Anchor, Card, List, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import { formatAmount } from '@portal/form-mantine/currency';
import { paths } from '../../../config/paths';
import { useApplication } from '../../../api/applications';
import { useFormRoute } from '../useFormRoute';
import { useRequest } from '../../../api/requests';

const AGENCY: Record<string, string> = {
  ONAPI: 'ONAPI (Oficina Nacional de la Propiedad Industrial)',
  DGII: 'DGII (Dirección General de Impuestos Internos)',
  CCPSD: 'Cámara de Comercio y Producción de Santo Domingo',
};

/** Confirmation: the request code, the pending payments and what happens next. */
export function ConfirmationPage() {
  const route = useFormRoute();
  const { id } = route;
  const { data: app, error } = useApplication(route.form, id);
  const submitted = !!app?.request_code;
  const { data: request } = useRequest(id, submitted);

  if (error) return <Alert color="red" title="No se pudo cargar la solicitud">Verifique su conexión e intente de nuevo.</Alert>;
  if (!app) return <Loader aria-label="Cargando" />;
  if (!submitted) {
    return (
      <Alert color="yellow" title="Esta solicitud todavía no se ha enviado">
        <Anchor component={Link} href={route.paths.review(app.id)}>Revisar y enviar la solicitud</Anchor>
      </Alert>
    );
  }

  return (
    <Stack gap="lg">
      <Card withBorder bg="green.0" p="xl" role="status">
        <Title order={2}>Solicitud enviada</Title>
        <Text mt="xs">{app.service_name}</Text>
        <Text mt="sm">Su código de solicitud es</Text>
        <Text fz={28} fw={700} data-testid="codigo-solicitud">{app.request_code}</Text>
        <Text size="sm" mt="xs">Guárdelo: lo necesitará para dar seguimiento y para pagar.</Text>
      </Card>
      <section aria-labelledby="que-sigue">
        <Title order={3} id="que-sigue">Qué sigue</Title>
        {route.form === FORMALIZATION_FORM ? (
          <List spacing="xs" mt="sm">
            <List.Item>Pague los cargos pendientes de su solicitud (abajo) desde «Mis solicitudes».</List.Item>
            <List.Item>La ventanilla revisará su solicitud y los documentos; el estado pasará a «En revisión».</List.Item>
            <List.Item>Le avisaremos por correo electrónico de cada cambio y si hace falta alguna corrección.</List.Item>
          </List>
        ) : (
          <List spacing="xs" mt="sm">
            {request && request.items.length > 0 && <List.Item>Pague el cargo pendiente de su solicitud (abajo) desde «Mis solicitudes».</List.Item>}
            <List.Item>La institución revisará su solicitud de «{app.service_name}» y sus documentos; el estado pasará a «En revisión».</List.Item>
            <List.Item>Le avisaremos por correo electrónico de cada cambio y si hace falta alguna corrección.</List.Item>
          </List>
        )}
      </section>
      {request && request.items.length > 0 && (
        <section aria-labelledby="pagos">
          <Title order={3} id="pagos">Pagos pendientes</Title>
          <Table mt="sm" striped>
            <Table.Thead>
              <Table.Tr><Table.Th>Institución</Table.Th><Table.Th>Concepto</Table.Th><Table.Th ta="right">Monto</Table.Th></Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {request.items.map((i) => (
                <Table.Tr key={i.id}>
                  <Table.Td>{AGENCY[i.agency] ?? i.agency}</Table.Td>
                  <Table.Td>{i.concept}</Table.Td>
                  <Table.Td ta="right">{formatAmount(i.amount, i.currency)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr><Table.Th colSpan={2}>Total pendiente</Table.Th><Table.Th ta="right">{formatAmount(request.total_pending, 'DOP')}</Table.Th></Table.Tr>
            </Table.Tfoot>
          </Table>
        </section>
      )}
      <Anchor component={Link} href={paths.home.href()}>Volver al inicio</Anchor>
    </Stack>
  );
}
