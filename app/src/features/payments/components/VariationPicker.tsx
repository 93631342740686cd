/**
 * The price-variation selection view (spec §2 screen 5): the price's
 * variations as checkboxes, a quantity when the price allows several, the
 * total and the estimated time as the server will compute them (the same
 * rules of @portal/api-contract), and «Pagar», which saves the choice.
 */
import { useId, useState, type FormEvent } from 'react';
import { Alert, Button, Checkbox, Fieldset, Group, NumberInput, Stack, Text } from '@mantine/core';
import {
  PAYMENT_MESSAGES,
  chargeWithVariations,
  durationLabel,
  estimatedTime,
  formatPesos,
  normalizeQuantity,
  type PaymentItem,
  type Price,
  type VariationSelectAnswer,
  type VariationSelectBody,
} from '@portal/api-contract';
import { api } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/apiError';

/** Keeps an amount or a time on one line ("RD$" beside its figure). */
const nowrap = (text: string): string => text.replace(/ /g, '\u00a0');

/** Saves the choice (spec §3 payload; item_id names the charge when nothing is chosen); the charge as it now stands, or throws. */
export async function saveVariations(requestId: number, price: Price, chosen: number[], quantity: number, amount: number, estimated: string): Promise<PaymentItem> {
  const answer = await api.post<VariationSelectAnswer>('portals/request-variation-select', {
    json: { quantity, payment_amount: amount, request_id: [requestId], variation_id: chosen, estimated_date: estimated, item_id: price.item_id } satisfies VariationSelectBody,
  });
  if (!answer?.data) throw new Error(PAYMENT_MESSAGES.variationFailed);
  return answer.data.item;
}

/** The variations of `price` for the charge `item`; `onSaved` runs with the charge once the server has it. */
export function VariationPicker({ requestId, price, item, onSaved }: {
  requestId: number;
  price: Price;
  item: PaymentItem;
  onSaved(item: PaymentItem): void | Promise<void>;
}) {
  const [chosen, setChosen] = useState<number[]>(price.selected);
  const [quantity, setQuantity] = useState<number | string>(price.quantity);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const totalId = useId();
  const multiple = price.is_allow_multiple === 1;
  const count = multiple ? normalizeQuantity(quantity) : 1;
  const selected = price.variations.filter((v) => chosen.includes(v.id));
  const total = chargeWithVariations(item.base_amount, selected.map((v) => v.price), count, multiple);
  const time = estimatedTime(selected);

  const toggle = (id: number, on: boolean) => setChosen((list) => (on ? [...list, id] : list.filter((x) => x !== id)));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    setBusy(true);
    try {
      const saved = await saveVariations(requestId, price, selected.map((v) => v.id), count, total, time);
      await onSaved(saved);
    } catch (error) {
      setFailure(error instanceof Error && error.message === PAYMENT_MESSAGES.variationFailed ? error.message : errorMessage(error, PAYMENT_MESSAGES.variationFailed));
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={`Servicios adicionales: ${price.concept}`}>
      <Stack gap="sm">
        <Text size="sm">
          {price.concept}: {formatPesos(item.base_amount)}. Puede agregar los servicios que necesite; el total se actualiza al elegir.
        </Text>
        <Fieldset legend="Servicios adicionales" variant="unstyled">
          <Stack gap="sm">
            {price.variations.map((v, i) => {
              const length = durationLabel(v);
              return (
                <Checkbox
                  key={v.id}
                  checked={chosen.includes(v.id)}
                  onChange={(e) => toggle(v.id, e.currentTarget.checked)}
                  data-autofocus={i === 0 ? true : undefined}
                  label={
                    <>
                      <Text component="span" fw={700} size="sm">{v.concept}</Text>
                      <Text component="span" size="sm"> · {nowrap(formatPesos(v.price))}{length ? ` · ${nowrap(length)}` : ''}</Text>
                    </>
                  }
                  description={v.description}
                />
              );
            })}
          </Stack>
        </Fieldset>
        {multiple && (
          <NumberInput
            label="Cantidad"
            description="Cuántas veces se agregan los servicios elegidos"
            value={quantity}
            onChange={setQuantity}
            onBlur={() => setQuantity(normalizeQuantity(quantity))}
            min={1}
            max={999}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="blur"
          />
        )}
        <div aria-live="polite" id={totalId}>
          <Text fw={700}>Total: {formatPesos(total)}</Text>
          {time !== '' && <Text size="sm">Tiempo estimado: {time}</Text>}
        </div>
        {failure && (
          <Alert color="red" role="alert" title={PAYMENT_MESSAGES.variationFailed}>
            {failure !== PAYMENT_MESSAGES.variationFailed ? failure : 'Intente de nuevo.'}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={busy} aria-describedby={totalId}>Pagar</Button>
        </Group>
      </Stack>
    </form>
  );
}
