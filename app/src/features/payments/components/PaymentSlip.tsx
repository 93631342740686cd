/**
 * The payment slip of an authorization number (GENERATE_CODE_MODAL): the
 * facts of the charge and the bank's instructions, on screen inside the modal,
 * and its print copy (PaymentSlipPrintCopy) that printing shows alone.
 */
import { useEffect, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { List, Stack, Text, Title } from '@mantine/core';
import { formatPesos, type PaymentCode } from '@portal/api-contract';
import { formatWhen } from '../../../lib/dates';
import { agencyName } from './ChargeList';
import classes from './PaymentSlip.module.css';

/** The body's class while a slip is shown: printing then prints the slip only (PaymentSlip.module.css). */
export const PRINT_CLASS = 'payment-slip-print';

/** The authorization number, large, selectable as one piece. */
export function SlipCode({ code, id }: { code: string; id?: string }) {
  return (
    <Text component="p" m={0} className={classes.code} id={id} translate="no">
      {code}
    </Text>
  );
}

/** Amount, concept, agency, request and date of the number. */
export function SlipFacts({ slip }: { slip: PaymentCode }) {
  const facts: [string, ReactNode][] = [
    ['Monto a pagar', formatPesos(slip.amount)],
    ['Concepto', slip.concept],
    ['Institución', agencyName(slip.agency)],
    ['Solicitud', slip.request_code],
    ['Número generado el', formatWhen(slip.created_at)],
  ];
  return (
    <dl className={classes.facts}>
      {facts.map(([label, value]) => (
        <div key={label} style={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The destination account (the sandbox's, fictional) and the steps, in order. */
export function SlipInstructions({ slip, headingOrder = 3 }: { slip: PaymentCode; headingOrder?: 3 | 4 }) {
  return (
    <Stack gap={6}>
      {slip.bank && (
        <>
          <Title order={headingOrder} size="h5">Cuenta de destino</Title>
          <Text size="sm">
            {slip.bank.name} · {slip.bank.account_type} · <Text span fw={700}>{slip.bank.account}</Text> · A nombre de {slip.bank.holder}
          </Text>
        </>
      )}
      <Title order={headingOrder} size="h5">Cómo pagar</Title>
      <List type="ordered" size="sm" spacing={4}>
        {slip.instructions.map((step) => (
          <List.Item key={step}>{step}</List.Item>
        ))}
      </List>
    </Stack>
  );
}

/**
 * The slip as printed: mounted straight under the body (outside the page and
 * the modal), hidden on screen; while it is mounted the body has PRINT_CLASS,
 * so any print of the page is this slip alone.
 */
export function PaymentSlipPrintCopy({ slip }: { slip: PaymentCode }) {
  useEffect(() => {
    document.body.classList.add(PRINT_CLASS);
    return () => document.body.classList.remove(PRINT_CLASS);
  }, []);
  return createPortal(
    <div className={classes.printCopy} data-payment-slip-print="">
      <Stack gap="sm">
        <Text fw={700}>Portal Ciudadano · República Dominicana</Text>
        <Title order={1} size="h2">Volante de pago</Title>
        <Text>Pago por transferencia o depósito bancario</Text>
        {slip.sandbox && <Text fw={700}>Entorno de prueba: la cuenta es ficticia y no se cobra nada.</Text>}
        <Text>Número de autorización</Text>
        <SlipCode code={slip.code} />
        <SlipFacts slip={slip} />
        <SlipInstructions slip={slip} headingOrder={3} />
        <Text size="sm">Este volante no es un recibo: el cargo queda pagado cuando el banco confirma el pago en el portal.</Text>
      </Stack>
    </div>,
    document.body,
  );
}
