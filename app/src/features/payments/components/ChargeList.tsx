/** The payment lists' parts: a charge's card (agency, concept, amount, status, how it was paid) and the states of the payment view. */
import type { ReactNode } from 'react';
import { Alert, Badge, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { PAYMENT_METHOD_LABELS, PAYMENT_STATUS_LABELS, formatPesos, PAYMENT_STATUS, type PaymentItem, type PaymentView } from '@portal/api-contract';
import { ChargeExtras } from '../../../components/ChargeExtras';
import { formatWhen } from '../../../lib/dates';
import type { ModalName } from '../../../modals/modalNames';
import type { ModalOptions } from '../../../modals/modalStore';

/** The full name of the agencies that charge a formalization (spec §2); other agencies show their acronym. */
export const AGENCY_NAMES: Record<string, string> = {
  ONAPI: 'Oficina Nacional de la Propiedad Industrial (ONAPI)',
  DGII: 'Dirección General de Impuestos Internos (DGII)',
  CCPSD: 'Cámara de Comercio y Producción de Santo Domingo',
};

/** An agency's name as the citizen reads it. */
export const agencyName = (agency: string): string => AGENCY_NAMES[agency] ?? agency;

const STATUS_COLORS = { pendiente: 'orange', en_verificacion: 'blue', pagado: 'teal' } as const;

/** How a paid charge was paid, in one sentence: «Tarjeta de crédito o débito: VISA terminada en 4242». */
export function paidWith(item: PaymentItem): string {
  const method = item.method ? PAYMENT_METHOD_LABELS[item.method] : 'Pago registrado';
  return item.card_last4 ? `${method}: ${item.card_brand ?? 'Tarjeta'} terminada en ${item.card_last4}` : method;
}

/** One action of a charge: its label and the modal it opens. */
export interface ChargeAction {
  label: string;
  modal: ModalName;
}

/** One charge: what, to whom, how much (with the extras chosen), its status, how it was paid, and the actions that pay it. */
export function ChargeCard({ item, requestId, actions, open }: {
  item: PaymentItem;
  requestId: number;
  actions: ChargeAction[];
  open(name: ModalName, options?: ModalOptions): void;
}) {
  const titleId = `cargo-${item.id}`;
  return (
    <Card withBorder component="section" aria-labelledby={titleId} padding="sm">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Text fw={700} id={titleId} component="h3" size="md" m={0}>{agencyName(item.agency)}</Text>
          <Badge color={STATUS_COLORS[item.status]} variant="light">{PAYMENT_STATUS_LABELS[item.status]}</Badge>
        </Group>
        <Text size="sm">{item.concept}</Text>
        <Text fw={700}>{formatPesos(item.amount)}</Text>
        <ChargeExtras item={item} />
        {item.status === PAYMENT_STATUS.pagado && (
          <Text size="sm">
            {paidWith(item)}
            {item.reference ? ` · Referencia ${item.reference}` : ''}
            {item.paid_at ? ` · ${formatWhen(item.paid_at)}` : ''}
          </Text>
        )}
        {item.status === PAYMENT_STATUS.en_verificacion && (
          <Text size="sm">La institución está revisando su comprobante{item.proof_name ? ` (${item.proof_name})` : ''}.</Text>
        )}
        {item.status === PAYMENT_STATUS.pendiente && item.review_note && (
          <Alert color="orange" p="xs" title="La institución no aceptó el comprobante">{item.review_note}</Alert>
        )}
        {actions.length > 0 && (
          <Group gap="xs" mt={4}>
            {actions.map((a, i) => (
              <Button
                key={a.modal}
                variant={i === 0 ? 'filled' : 'default'}
                size="sm"
                aria-describedby={titleId}
                onClick={() => open(a.modal, { data: { requestId, itemId: item.id } })}
              >
                {a.label}
              </Button>
            ))}
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/** The payment view's loading and error states around `children(view)`. */
export function PaymentViewState({ view, error, isLoading, retry, children }: {
  view: PaymentView | undefined;
  error: unknown;
  isLoading: boolean;
  retry(): void;
  children(view: PaymentView): ReactNode;
}) {
  if (view) return <>{children(view)}</>;
  if (error && !isLoading) {
    return (
      <Alert color="red" title="No se pudieron cargar los pagos">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">Revise su conexión e intente de nuevo.</Text>
          <Button size="xs" variant="default" onClick={retry}>Reintentar</Button>
        </Stack>
      </Alert>
    );
  }
  return (
    <Group gap="xs" role="status">
      <Loader size="sm" />
      <Text size="sm">Cargando los pagos…</Text>
    </Group>
  );
}

/** How many charges are still to pay and their total, or that nothing is left. */
export function PendingTotal({ view }: { view: PaymentView }) {
  const pending = view.items.filter((i) => i.status === PAYMENT_STATUS.pendiente).length;
  return (
    <Text fw={700}>
      {pending === 0 ? 'No tiene pagos pendientes.' : `Total pendiente: ${formatPesos(view.total_pending)}`}
    </Text>
  );
}

/** Whether a charge has a price with variations the citizen may choose. */
export const hasPrice = (view: PaymentView, item: PaymentItem): boolean =>
  item.status === PAYMENT_STATUS.pendiente && view.payment.prices.some((p) => p.item_id === item.id);
