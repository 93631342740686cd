/**
 * /my-requests/vuf?solicitud_id={code}&decline=1 or &canceled=1 (spec §1):
 * where the card payment page sends the browser back when the bank declined
 * the payment or the citizen cancelled it. Nothing was charged; the citizen
 * may go back to the request and try again.
 */
import { Alert, Anchor, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation, useSearch } from 'wouter';
import { useRequestList } from '../../../api/requests';
import { paths } from '../../../config/paths';
import { openModal } from '../../../modals/modalStore';

export function CardPaymentReturnPage() {
  const query = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const code = query.get('solicitud_id');
  const declined = query.get('decline') === '1';
  const canceled = query.get('canceled') === '1';
  const { data: requests, error } = useRequestList(null);
  const myRequests = <Anchor component={Link} href={paths.myRequests.href()}>Mis solicitudes</Anchor>;

  if (!code || (!declined && !canceled)) {
    return (
      <Stack gap="md">
        <Title order={1}>Pago con tarjeta</Title>
        <Text>No hay un pago con tarjeta en curso. Para pagar, abra la solicitud y pulse «Pagar».</Text>
        <Text>Ir a {myRequests}</Text>
      </Stack>
    );
  }
  const request = requests?.find((r) => r.code === code);
  return (
    <Stack gap="md">
      <Title order={1}>{declined ? 'Pago rechazado' : 'Pago cancelado'}</Title>
      <Alert color={declined ? 'red' : 'gray'} role="status">
        {declined ? 'El banco no aprobó el pago. No se hizo ningún cargo.' : 'Canceló el pago en la página de pago con tarjeta. No se hizo ningún cargo.'}
      </Alert>
      <Text>Solicitud <Text component="span" fw={700}>{code}</Text></Text>
      {!requests && !error && <Loader role="progressbar" size="sm" aria-label="Buscando la solicitud" />}
      {request ? (
        <Group gap="md">
          <Button
            onClick={() => {
              navigate(paths.request.href(request.id));
              openModal('PAY_VUF_CCPSD_REQUEST_MODAL', { data: { requestId: request.id } });
            }}
          >
            Intentar de nuevo
          </Button>
          <Anchor component={Link} href={paths.request.href(request.id)}>Ver la solicitud</Anchor>
        </Group>
      ) : (
        (requests || error) && <Text>No encontramos esta solicitud entre las suyas. Vea sus solicitudes en {myRequests}.</Text>
      )}
    </Stack>
  );
}
