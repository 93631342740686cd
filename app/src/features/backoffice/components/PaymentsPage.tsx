/**
 * «Pagos por verificar» (issue 13): the proofs of payment the staff member
 * sees (charges their institution collects or on requests it attends; every
 * one for an administrator), oldest first, each with its file and, when the
 * server says they verify it (`can_verify`: the collecting institution, e.g.
 * the DGII its own proofs, not the VUF), «Aceptar el pago» (after a
 * confirmation) and «No aceptar» (with the reason the citizen will read).
 */
import { useRef, useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Card, Group, Loader, Modal, Stack, Text, Textarea, Title, VisuallyHidden } from '@mantine/core';
import { Link } from 'wouter';
import { REFUSAL_REASON_MAX, REFUSAL_REASON_MIN, type PaymentReviewRow } from '@portal/api-contract';
import { ConfirmButton } from '../../../components/ConfirmButton';
import { staffPaths } from '../../../config/paths';
import { errorMessage } from '../../../lib/apiError';
import { acceptPayment, refusePayment, usePaymentReviews, useStaffMe } from '../api/backoffice';
import { amount, when } from './format';

const KIND_LABELS: Record<PaymentReviewRow['kind'], string> = {
  dgii: 'Comprobante de pago a la DGII',
  deposito: 'Comprobante de depósito bancario',
};

/** «No aceptar»: a dialog asking the reason the citizen will read. */
function RefuseButton({ row, onDone }: { row: PaymentReviewRow; onDone(message: string): void }) {
  const [opened, setOpened] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Once refused the card (and this button) goes away: focus goes to the page's message, not back here.
  const [refused, setRefused] = useState(false);
  const close = () => {
    if (busy) return;
    setOpened(false);
    setError(null);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const text = reason.trim();
    if (text.length < REFUSAL_REASON_MIN) {
      setError(`Indique el motivo (al menos ${REFUSAL_REASON_MIN} caracteres)`);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await refusePayment(row.id, text);
      setRefused(true);
      setOpened(false);
      setReason('');
      onDone(`${answer.message}: ${row.request_code} (${row.agency}). Se avisó al ciudadano.`);
    } catch (err) {
      setError(errorMessage(err, 'No se pudo registrar la decisión. Intente de nuevo.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="default" color="red" onClick={() => setOpened(true)} aria-describedby={`pago-${row.id}`}>No aceptar</Button>
      <Modal opened={opened} onClose={close} title="No aceptar el comprobante" closeButtonProps={{ 'aria-label': 'Cerrar' }} returnFocus={!refused}>
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack>
            <Text size="sm">
              El pago de {row.request_code} ({row.agency}) volverá a quedar pendiente y el ciudadano recibirá el motivo para enviar un nuevo comprobante.
            </Text>
            <Textarea
              label="Motivo"
              description="El ciudadano lo leerá tal como lo escriba."
              required
              autosize
              minRows={3}
              maxLength={REFUSAL_REASON_MAX}
              value={reason}
              onChange={(e) => {
                setReason(e.currentTarget.value);
                if (error) setError(null);
              }}
              error={error}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={busy}>Cancelar</Button>
              <Button type="submit" color="red" loading={busy}>No aceptar el comprobante</Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}

function ProofCard({ row, onDone }: { row: PaymentReviewRow; onDone(message: string): void }) {
  const titleId = `pago-${row.id}`;
  return (
    <Card withBorder component="li" padding="md" aria-labelledby={titleId}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Title order={2} size="h4" id={titleId}>
            {row.request_code} · {row.agency}
          </Title>
          <Text size="sm" c="dimmed">Enviado el {when(row.sent_at)}</Text>
        </Group>
        <Text size="sm">{KIND_LABELS[row.kind]} · {row.service}</Text>
        <Stack gap={2}>
          <Text size="sm"><Text span fw={700} inherit>Ciudadano:</Text> {row.citizen_name}</Text>
          <Text size="sm"><Text span fw={700} inherit>Cargo:</Text> {row.concept} · {amount(row.amount)}</Text>
          <Text size="sm"><Text span fw={700} inherit>Número de aprobación:</Text> {row.approval_number ?? '—'}</Text>
          {row.no_autorizacion && <Text size="sm"><Text span fw={700} inherit>Número de autorización de pago (DGII):</Text> {row.no_autorizacion}</Text>}
        </Stack>
        <Text size="sm">
          Comprobante:{' '}
          {row.document ? (
            <Anchor href={row.document} download aria-label={`Descargar el comprobante ${row.proof_name ?? ''} de ${row.request_code}`}>
              {row.proof_name ?? 'Descargar'}
            </Anchor>
          ) : (
            'el documento ya no está disponible'
          )}
          {' · '}
          <Anchor component={Link} href={staffPaths.staffRequest.href(row.request_id)}>Ver la solicitud</Anchor>
        </Text>
        {row.can_verify ? (
          <Group gap="sm" mt={4}>
            <ConfirmButton
              label={<>Aceptar el pago<VisuallyHidden> de {row.request_code} ({row.agency})</VisuallyHidden></>}
              title="¿Aceptar el pago?"
              confirmLabel="Aceptar el pago"
              failure="No se pudo aceptar el pago. Intente de nuevo."
              action={async () => {
                const answer = await acceptPayment(row.id);
                onDone(`${answer.message}: ${row.request_code} (${row.agency}). Se avisó al ciudadano.`);
              }}
            >
              El cargo «{row.concept}» de {row.request_code} por {amount(row.amount)} quedará pagado con el comprobante {row.approval_number ?? ''}. Se avisará al ciudadano.
            </ConfirmButton>
            <RefuseButton row={row} onDone={onDone} />
          </Group>
        ) : (
          // The server decides who verifies (paymentProofs.verifiesProof): the institution that collects the charge.
          <Text size="sm" c="dimmed" mt={4}>Lo verifica {row.agency}, la institución que cobra el cargo: usted puede verlo, pero no aceptarlo ni rechazarlo.</Text>
        )}
      </Stack>
    </Card>
  );
}

export function PaymentsPage() {
  const me = useStaffMe().data;
  const reviews = usePaymentReviews();
  const [done, setDone] = useState<string | null>(null);
  const doneRef = useRef<HTMLDivElement>(null);
  const onDone = (message: string) => {
    setDone(message);
    // Once the list is read again the card and its buttons are gone: focus goes to what happened.
    void reviews.mutate().finally(() => doneRef.current?.focus());
  };
  const admin = me?.role === 'administrador';
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Pagos por verificar</Title>
        <Text c="dimmed" size="sm">
          {admin ? 'Todas las instituciones' : `Institución: ${me?.institution ?? ''}`} · comprobantes enviados por los ciudadanos, el más antiguo primero
        </Text>
      </div>
      <div ref={doneRef} tabIndex={-1} role="status">
        {done && <Alert color="teal">{done}</Alert>}
      </div>
      {reviews.error && <Alert color="red" role="alert">{errorMessage(reviews.error, 'No se pudieron leer los pagos por verificar.')}</Alert>}
      {!reviews.data && !reviews.error && <Loader role="progressbar" aria-label="Cargando los pagos por verificar" />}
      {reviews.data && reviews.data.length === 0 && <Text>No hay comprobantes por verificar.</Text>}
      {reviews.data && reviews.data.length > 0 && (
        <Stack gap="md" component="ul" aria-label="Comprobantes por verificar" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {reviews.data.map((row) => (
            <ProofCard key={row.id} row={row} onDone={onDone} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
