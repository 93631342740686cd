/**
 * The in-page card form (spec §2 screen 4, §5): number grouped by four,
 * expiry MM/AA, security code; the same rules as the server (Luhn, a month
 * that has not ended) say what is wrong before anything is sent. The card's
 * values live only in this component's state: never in SWR, storage,
 * analytics or error reports.
 */
import { useState, type FormEvent } from 'react';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { PAYMENT_MESSAGES, cardDigits, cvvDigits, expiryValid, formatExpiry, groupCardNumber, luhnValid } from '@portal/api-contract';

/** The card as the server receives it: digits only, MM/YY. */
export interface CardValues {
  cardNumber: string;
  expDate: string;
  cvv: string;
}

type Problems = Partial<Record<keyof CardValues, string>>;

export const CARD_NUMBER_INVALID = 'El número de la tarjeta no es válido.';
export const CARD_EXPIRED = 'La fecha de vencimiento ya pasó o no es válida (MM/AA).';
export const CVV_INVALID = 'El código de seguridad tiene 3 o 4 dígitos.';

/** What is wrong with the card, field by field (the server's rules). */
export function cardProblems(v: CardValues, now = new Date()): Problems {
  const p: Problems = {};
  if (v.cardNumber === '') p.cardNumber = PAYMENT_MESSAGES.required;
  else if (v.cardNumber.length < 13 || !luhnValid(v.cardNumber)) p.cardNumber = CARD_NUMBER_INVALID;
  if (v.expDate === '') p.expDate = PAYMENT_MESSAGES.required;
  else if (!expiryValid(v.expDate, now)) p.expDate = CARD_EXPIRED;
  if (v.cvv === '') p.cvv = PAYMENT_MESSAGES.required;
  else if (v.cvv.length < 3) p.cvv = CVV_INVALID;
  return p;
}

/** The card form; `onPay` gets the card and resolves true when it was paid (then the fields are cleared). */
export function CardForm({ busy, amountLabel, onPay }: { busy: boolean; amountLabel: string; onPay(card: CardValues): Promise<boolean> }) {
  const [card, setCard] = useState<CardValues>({ cardNumber: '', expDate: '', cvv: '' });
  const [problems, setProblems] = useState<Problems>({});

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const found = cardProblems(card);
    setProblems(found);
    if (Object.keys(found).length > 0) {
      const first = (['cardNumber', 'expDate', 'cvv'] as const).find((k) => found[k]);
      if (first) document.getElementById(`tarjeta-${first}`)?.focus();
      return;
    }
    if (await onPay(card)) setCard({ cardNumber: '', expDate: '', cvv: '' });
  };

  const change = (field: keyof CardValues, value: string) => {
    setCard((c) => ({ ...c, [field]: value }));
    setProblems((p) => ({ ...p, [field]: undefined }));
  };

  return (
    <form onSubmit={submit} noValidate aria-busy={busy} aria-label="Datos de la tarjeta">
      <Stack gap="sm">
        <TextInput
          id="tarjeta-cardNumber"
          label="Número de tarjeta"
          required
          inputMode="numeric"
          autoComplete="cc-number"
          maxLength={19}
          value={groupCardNumber(card.cardNumber)}
          onChange={(e) => change('cardNumber', cardDigits(e.currentTarget.value))}
          error={problems.cardNumber}
          disabled={busy}
          data-private
        />
        <Group grow align="flex-start" gap="sm">
          <TextInput
            id="tarjeta-expDate"
            label="Vencimiento (MM/AA)"
            required
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/AA"
            maxLength={5}
            value={card.expDate}
            onChange={(e) => change('expDate', formatExpiry(e.currentTarget.value))}
            error={problems.expDate}
            disabled={busy}
            data-private
          />
          <TextInput
            id="tarjeta-cvv"
            label="Código de seguridad"
            required
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={4}
            value={card.cvv}
            onChange={(e) => change('cvv', cvvDigits(e.currentTarget.value))}
            error={problems.cvv}
            disabled={busy}
            data-private
          />
        </Group>
        <Button type="submit" loading={busy} disabled={busy}>
          {`Pagar ${amountLabel}`}
        </Button>
      </Stack>
    </form>
  );
}
