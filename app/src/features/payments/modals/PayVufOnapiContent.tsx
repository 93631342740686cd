import { useEffect, useRef, useState } from 'react';
import { Alert, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { PAYMENT_CLOSE_DELAY_MS, PAYMENT_MESSAGES, formatPesos, PAYMENT_STATUS, type PaymentResult } from '@portal/api-contract';
import type { ModalContentProps } from '../../../modals/modalContent';
import { payWith, singleWindowMessage, usePaymentView, useRefreshAfterPayment } from '../api';
import { CardForm, type CardValues } from '../components/CardForm';
import { agencyName, PaymentViewState } from '../components/ChargeList';

/** What PAY_VUF_ONAPI_REQUEST_MODAL is opened with. */
export interface OnapiPaymentData {
  /** The request's id. Required. */
  requestId: number;
  /** The ONAPI charge's id (informative: the server finds it by the request's code). */
  itemId?: number;
}

type State = { kind: 'idle' } | { kind: 'processing' } | { kind: 'failed'; reason: string | null } | { kind: 'paid'; result: PaymentResult };

/**
 * PAY_VUF_ONAPI_REQUEST_MODAL (spec §2 screen 4): the trade-name registration
 * paid to ONAPI with a card, in the page, through the single window's client
 * (POST /v1/institution-onapi/payment). idle → processing → paid (a thank-you,
 * then PAY_VUF_SUCCESS_MODAL after a second) or back to the form with
 * 'Error al pagar la solicitud' and the server's reason.
 */
export default function PayVufOnapiContent({ data, open, hold }: ModalContentProps) {
  const { requestId } = data as OnapiPaymentData;
  const { data: view, error, isLoading, mutate } = usePaymentView(requestId);
  const refresh = useRefreshAfterPayment();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const failure = useRef<HTMLDivElement>(null);
  const thanks = useRef<HTMLDivElement>(null);

  // While the card is being charged (and the thank-you before the receipt), the dialog cannot be closed.
  const busy = state.kind === 'processing' || state.kind === 'paid';
  useEffect(() => {
    hold?.(busy);
  }, [busy, hold]);

  useEffect(() => {
    if (state.kind === 'failed') failure.current?.focus();
    if (state.kind !== 'paid') return;
    thanks.current?.focus();
    const itemId = state.result.item.id;
    const timer = window.setTimeout(() => {
      void refresh(requestId).finally(() => open('PAY_VUF_SUCCESS_MODAL', { data: { requestId, itemId } }));
    }, PAYMENT_CLOSE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [state]);

  const pay = async (code: string, card: CardValues): Promise<boolean> => {
    setState({ kind: 'processing' });
    try {
      const result = await payWith('institution-onapi/payment', { codigoSolicitud: code, cardNumber: card.cardNumber, expDate: card.expDate, cvv: card.cvv });
      setState({ kind: 'paid', result });
      return true;
    } catch (e) {
      setState({ kind: 'failed', reason: singleWindowMessage(e) });
      // A charge paid meanwhile (another tab) shows as such.
      void mutate();
      return false;
    }
  };

  return (
    <PaymentViewState view={view} error={error} isLoading={isLoading} retry={() => void mutate()}>
      {(v) => {
        const onapi = v.items.find((i) => i.agency === 'ONAPI');
        const amount = v.request_onapi?.amount ?? onapi?.amount ?? 0;
        if (state.kind === 'paid') {
          const item = state.result.item;
          return (
            <Stack gap="sm" ref={thanks} tabIndex={-1} role="status" aria-live="polite">
              <Group gap="sm">
                <ThemeIcon color="teal" radius="xl" size="lg" aria-hidden>✓</ThemeIcon>
                <Title order={3} size="h4">¡Gracias! Su pago fue realizado.</Title>
              </Group>
              <Text>{formatPesos(item.amount)} · {item.card_brand ?? 'Tarjeta'} terminada en {item.card_last4}</Text>
              <Group gap="xs">
                <Loader size="xs" />
                <Text size="sm" c="dimmed">Preparando su comprobante…</Text>
              </Group>
            </Stack>
          );
        }
        if (!onapi) return <Alert color="gray">Esta solicitud no tiene un pago de ONAPI.</Alert>;
        if (onapi.status !== PAYMENT_STATUS.pendiente) {
          return (
            <Alert color="teal" title="Este pago ya no está pendiente">
              El pago a ONAPI de la solicitud {v.codigoSolicitud.code} está {onapi.status === PAYMENT_STATUS.pagado ? 'realizado' : 'en verificación'}.
            </Alert>
          );
        }
        return (
          <Stack gap="md">
            <Stack gap={2}>
              <Text size="sm" c="dimmed">Servicio</Text>
              <Text fw={600}>{onapi.concept} · {agencyName(onapi.agency)}</Text>
              <Text size="sm">Solicitud <Text component="span" fw={700}>{v.codigoSolicitud.code}</Text> · {v.service}</Text>
              <Text size="lg" fw={700}>Costo: {formatPesos(amount)}</Text>
            </Stack>
            {state.kind === 'failed' && (
              <Alert color="red" title={PAYMENT_MESSAGES.cardFailed} ref={failure} tabIndex={-1} role="alert">
                {state.reason ?? PAYMENT_MESSAGES.secondClientFallback}
              </Alert>
            )}
            {state.kind === 'processing' && (
              <Group gap="xs" role="status">
                <Loader size="sm" />
                <Text size="sm">Procesando el pago… no cierre esta ventana.</Text>
              </Group>
            )}
            <CardForm busy={state.kind === 'processing'} amountLabel={formatPesos(amount)} onPay={(card) => pay(v.codigoSolicitud.code, card)} />
            <Text size="xs" c="dimmed">El portal no guarda los datos de su tarjeta: solo la marca y los últimos cuatro dígitos.</Text>
          </Stack>
        );
      }}
    </PaymentViewState>
  );
}
