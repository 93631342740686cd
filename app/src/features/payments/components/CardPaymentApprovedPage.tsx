/**
 * /my-requests/vuf/azul_callback (spec §1): where the card payment page sends
 * the browser back after an approved payment, with its signed response fields
 * in the query. The page hands them to the server once (the server verifies
 * the hash and records the payment once; a reload answers the same outcome)
 * and says how it went.
 */
import { useEffect, useState } from 'react';
import { Alert, Anchor, Card, Loader, Stack, Text, Title } from '@mantine/core';
import { Link, useSearch } from 'wouter';
import { formatPesos } from '@portal/api-contract';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/apiError';
import { useRefreshAfterPayment } from '../api';
import type { CardPageOutcome, CardPageReturnBody } from '@portal/api-contract';
import { cardPageReturnOf, confirmCardPageReturn } from '../cardPageForm';

/** One call per return (keyed by its hash), whatever React's effects do (strict mode runs them twice). */
const sent = new Map<string, Promise<CardPageOutcome>>();
function confirmOnce(fields: CardPageReturnBody): Promise<CardPageOutcome> {
  let call = sent.get(fields.AuthHash);
  if (!call) {
    call = confirmCardPageReturn(fields);
    sent.set(fields.AuthHash, call);
    call.catch(() => sent.delete(fields.AuthHash));
  }
  return call;
}

type State = { kind: 'waiting' } | { kind: 'done'; outcome: CardPageOutcome } | { kind: 'failed'; message: string };

export function CardPaymentApprovedPage() {
  const search = useSearch();
  const fields = cardPageReturnOf(search);
  const hash = fields?.AuthHash ?? null;
  const [state, setState] = useState<State>({ kind: 'waiting' });
  const refresh = useRefreshAfterPayment();

  useEffect(() => {
    const current = cardPageReturnOf(search);
    if (!current) return;
    let live = true;
    confirmOnce(current).then(
      (outcome) => {
        if (!live) return;
        setState({ kind: 'done', outcome });
        void refresh(outcome.request_id);
      },
      (error: unknown) => {
        if (live) setState({ kind: 'failed', message: errorMessage(error) ?? 'La respuesta del pago no es válida' });
      },
    );
    return () => {
      live = false;
    };
    // Once per return (its hash); refresh is a new function each render.
  }, [hash]);

  const myRequests = <Anchor component={Link} href={paths.myRequests.href()}>Mis solicitudes</Anchor>;
  if (!fields) {
    return (
      <Stack gap="md">
        <Title order={1}>Pago con tarjeta</Title>
        <Text>No hay un pago que confirmar en esta dirección. Puede ver el estado de sus pagos en cada solicitud.</Text>
        <Text>Ir a {myRequests}</Text>
      </Stack>
    );
  }
  if (state.kind === 'waiting') {
    return (
      <Stack gap="md">
        <Title order={1}>Pago con tarjeta</Title>
        <Stack role="status" gap="xs" align="flex-start">
          <Loader size="sm" aria-hidden />
          <Text>Confirmando su pago…</Text>
        </Stack>
      </Stack>
    );
  }
  if (state.kind === 'failed') {
    return (
      <Stack gap="md">
        <Title order={1}>No pudimos confirmar el pago</Title>
        <Alert color="red" role="alert">{state.message}</Alert>
        <Text>El pago no quedó registrado en su solicitud. Si el banco le hizo un cargo, comuníquese con la Cámara de Comercio con el código de autorización que le dio el banco. Revise el estado de sus pagos en {myRequests}.</Text>
      </Stack>
    );
  }
  const { outcome } = state;
  const approved = outcome.status === 'aprobado';
  return (
    <Stack gap="md">
      <Title order={1}>{approved ? 'Pago aprobado' : 'Pago rechazado'}</Title>
      <Card withBorder p="lg" bg={approved ? 'green.0' : 'orange.0'} role="status">
        <Stack gap={6}>
          <Text>{approved ? 'La Cámara de Comercio recibió su pago.' : 'El banco no aprobó el pago. No se hizo ningún cargo.'}</Text>
          <Text>Solicitud <Text component="span" fw={700}>{outcome.request_code}</Text></Text>
          <Text>Monto: <Text component="span" fw={700}>{formatPesos(outcome.amount)}</Text></Text>
          {outcome.authorization_code && <Text>Código de autorización: <Text component="span" fw={700}>{outcome.authorization_code}</Text></Text>}
        </Stack>
      </Card>
      <Anchor component={Link} href={paths.request.href(outcome.request_id)}>Ver la solicitud</Anchor>
    </Stack>
  );
}
