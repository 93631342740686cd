/**
 * GENERATE_CODE_MODAL (spec §2 screen 1, §4, §5): paying a charge by bank
 * transfer or deposit with the portal's authorization number (data
 * `{ requestId, itemId }`). It starts with the number the server generated
 * (copy, PDF slip, print, a new number on request); «Ya tengo mi código»
 * shows the code box (digits only, 11 at most, shorter is 'Código inválido')
 * and the bank's approval number; «Pago realizado» asks SIRITE through the
 * second client and, confirmed, opens PAY_VUF_SUCCESS_MODAL.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { Alert, Anchor, Button, Divider, Group, Loader, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import {
  AUTHORIZATION_CODE_LENGTH,
  PAYMENT_CLOSE_DELAY_MS,
  PAYMENT_MESSAGES,
  authorizationCodeDigits,
  authorizationCodeValid,
  type PaymentCode,
  type PaymentCodeRenewalBody,
  type SiritePaymentBody,
} from '@portal/api-contract';
import { api } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/apiError';
import type { ModalContentProps } from '../../../modals/modalContent';
import { singleWindow, singleWindowMessage, useRefreshAfterPayment, type PaymentResult } from '../api';
import { PaymentSlipPrintCopy, SlipCode, SlipFacts, SlipInstructions } from '../components/PaymentSlip';
import slipClasses from '../components/PaymentSlip.module.css';

/** Path (and SWR key) of a charge's authorization number. */
const codePath = (requestId: number, itemId: number) => `portals/requests/${requestId}/payment-code?item_id=${itemId}`;
/** The slip's PDF, downloaded with the session cookie. */
const pdfHref = (requestId: number, itemId: number) => `/v1/portals/requests/${requestId}/payment-code/pdf?item_id=${itemId}`;

/** «Copiar»: the clipboard, else the number selected for the citizen to copy. */
function CopyButton({ code, targetId }: { code: string; targetId: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'selected'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setState('copied');
    } catch {
      const target = document.getElementById(targetId);
      const selection = window.getSelection();
      if (target && selection) {
        const range = document.createRange();
        range.selectNodeContents(target);
        selection.removeAllRanges();
        selection.addRange(range);
      }
      setState('selected');
    }
  };
  return (
    <Group gap="xs">
      <Button variant="light" size="sm" onClick={() => void copy()} aria-describedby={targetId}>
        {state === 'copied' ? 'Copiado' : 'Copiar'}
      </Button>
      <Text size="sm" role="status" c={state === 'copied' ? 'teal.8' : undefined}>
        {state === 'copied' ? 'Número copiado' : state === 'selected' ? 'Número seleccionado: cópielo con Ctrl+C' : ''}
      </Text>
    </Group>
  );
}

/** «Generar un nuevo código», confirmed in words (the previous number stops working). */
function NewCodeLink({ onNew }: { onNew(): Promise<void> }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const linkRef = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);
  useEffect(() => {
    // Focus follows the question: onto «Sí, generar uno nuevo», then back to the link.
    if (asking) confirmRef.current?.focus();
    else if (wasAsking.current) linkRef.current?.focus();
    wasAsking.current = asking;
  }, [asking]);
  if (!asking) {
    return (
      <Anchor component="button" type="button" size="sm" ref={linkRef} onClick={() => setAsking(true)} style={{ alignSelf: 'flex-start' }}>
        Generar un nuevo código
      </Anchor>
    );
  }
  const generate = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await onNew();
      setAsking(false);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Alert color="orange" title="¿Generar un nuevo número?" p="sm">
      <Stack gap="xs">
        <Text size="sm">El número actual dejará de servir: si ya pagó con él, no genere otro. Pague solo con el número nuevo.</Text>
        {failure && <Text size="sm" c="red.8" role="alert">{failure}</Text>}
        <Group gap="xs">
          <Button size="xs" color="orange" ref={confirmRef} loading={busy} onClick={() => void generate()}>Sí, generar uno nuevo</Button>
          <Button size="xs" variant="default" disabled={busy} onClick={() => setAsking(false)}>Cancelar</Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** «Ya tengo mi código»: the code and the bank's approval number, then «Pago realizado». */
function PaidForm({ onPaid }: { onPaid(result: PaymentResult): void }) {
  const [on, setOn] = useState(false);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [approval, setApproval] = useState('');
  const [approvalError, setApprovalError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const canPay = on && code.length > AUTHORIZATION_CODE_LENGTH - 1;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!on) return;
    const badCode = authorizationCodeValid(code) ? null : PAYMENT_MESSAGES.invalidCode;
    const badApproval = approval.trim() === '' ? PAYMENT_MESSAGES.required : null;
    setCodeError(badCode);
    setApprovalError(badApproval);
    if (!canPay || badCode || badApproval) return;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await singleWindow.post<{ data: PaymentResult }>('portals/sirite/response', { searchParams: { code }, json: { approval_number: approval.trim() } satisfies SiritePaymentBody });
      onPaid(answer.data);
    } catch (error) {
      setFailure(singleWindowMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby="pago-realizado-titulo">
      <Stack gap="sm">
        <Title order={3} size="h5" id="pago-realizado-titulo">¿Ya pagó en el banco?</Title>
        <Text size="sm">Cuando el banco le haya dado el número de aprobación, active «Ya tengo mi código».</Text>
        <Switch
          label="Ya tengo mi código"
          classNames={{ input: slipClasses.toggleInput, track: slipClasses.toggleTrack }}
          checked={on}
          onChange={(e) => {
            setOn(e.currentTarget.checked);
            setFailure(null);
          }}
        />
        {on && (
          <>
            <TextInput
              label="Código de autorización"
              description={`Los ${AUTHORIZATION_CODE_LENGTH} dígitos del número de autorización`}
              inputMode="numeric"
              autoComplete="off"
              value={code}
              error={codeError}
              onChange={(e) => {
                const next = authorizationCodeDigits(e.currentTarget.value);
                setCode(next);
                if (codeError && authorizationCodeValid(next)) setCodeError(null);
              }}
              onBlur={() => setCodeError(code === '' || authorizationCodeValid(code) ? null : PAYMENT_MESSAGES.invalidCode)}
              withAsterisk
            />
            <TextInput
              label="Número de aprobación del banco"
              description="Aparece en el comprobante de la transferencia o del depósito."
              autoComplete="off"
              value={approval}
              maxLength={32}
              error={approvalError}
              onChange={(e) => {
                setApproval(e.currentTarget.value);
                if (approvalError && e.currentTarget.value.trim() !== '') setApprovalError(null);
              }}
              onBlur={() => setApprovalError(approval.trim() === '' ? PAYMENT_MESSAGES.required : null)}
              withAsterisk
            />
          </>
        )}
        {failure && (
          <Alert color="red" role="alert" p="sm">
            {failure}
          </Alert>
        )}
        <Button type="submit" disabled={!canPay} loading={busy} style={{ alignSelf: 'flex-start' }}>
          Pago realizado
        </Button>
      </Stack>
    </form>
  );
}

export default function GenerateCodeContent({ data, open }: ModalContentProps) {
  const { requestId, itemId } = (data ?? {}) as { requestId?: number; itemId?: number };
  const valid = typeof requestId === 'number' && typeof itemId === 'number';
  const key = valid ? codePath(requestId, itemId) : null;
  const { data: slip, error, isLoading, mutate } = useSWR(key, async (path: string) => (await api.get<{ data: PaymentCode }>(path)).data, {
    revalidateOnFocus: false,
  });
  const refresh = useRefreshAfterPayment();
  const [paid, setPaid] = useState<string | null>(null);
  const [renewed, setRenewed] = useState(false);
  const openRef = useRef(open);
  openRef.current = open;

  useEffect(() => {
    if (!paid || !valid) return;
    // The thanks stay a moment (spec §9), then the success modal replaces this one.
    const timer = window.setTimeout(() => openRef.current('PAY_VUF_SUCCESS_MODAL', { data: { requestId, itemId } }), PAYMENT_CLOSE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [paid, valid, requestId, itemId]);

  if (!valid) return <Alert color="red">No se indicó el pago.</Alert>;
  if (paid) {
    return (
      <Alert color="teal" title="¡Gracias!" role="status">
        {paid}
      </Alert>
    );
  }
  if (!slip) {
    if (error && !isLoading) {
      return (
        <Alert color="red" title="No se pudo obtener el número de autorización" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorMessage(error)}</Text>
            <Button size="xs" variant="default" onClick={() => void mutate()}>Reintentar</Button>
          </Stack>
        </Alert>
      );
    }
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" />
        <Text size="sm">Generando el número de autorización…</Text>
      </Group>
    );
  }

  const newCode = async () => {
    const answer = await api.post<{ data: PaymentCode }>(`portals/requests/${requestId}/payment-code`, { json: { item_id: itemId } satisfies PaymentCodeRenewalBody });
    await mutate(answer.data, { revalidate: false });
    setRenewed(true);
  };

  return (
    <Stack gap="md">
      <PaymentSlipPrintCopy slip={slip} />
      <Text size="sm">Pague en su banco por transferencia o depósito indicando este número de autorización como referencia.</Text>
      <Stack gap={4}>
        <Text size="sm" c="dimmed" id="numero-autorizacion-titulo">Número de autorización</Text>
        <SlipCode code={slip.code} id="numero-autorizacion" />
        {renewed && <Text size="sm" role="status" c="teal.8">Número nuevo generado: el anterior ya no sirve.</Text>}
        <CopyButton code={slip.code} targetId="numero-autorizacion" />
      </Stack>
      {slip.sandbox && (
        <Alert color="yellow" p="xs">Entorno de prueba: la cuenta es ficticia y no se cobra nada.</Alert>
      )}
      <SlipFacts slip={slip} />
      <Group gap="xs">
        <Button component="a" href={pdfHref(requestId, itemId)} download={`comprobante-de-pago-${slip.code}.pdf`} variant="default">
          Descargar PDF
        </Button>
        <Button variant="default" onClick={() => window.print()}>Imprimir</Button>
      </Group>
      <SlipInstructions slip={slip} />
      <NewCodeLink onNew={newCode} />
      <Divider />
      <PaidForm
        onPaid={(result) => {
          setPaid(result.message);
          void refresh(requestId);
        }}
      />
    </Stack>
  );
}
