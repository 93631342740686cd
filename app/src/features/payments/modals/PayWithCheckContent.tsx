/**
 * PAY_WITH_CHECK (spec §2 "upload payment receipt"): the receipt of a bank
 * deposit for one charge of a service that is not the formalization (data
 * `{ requestId, itemId }`): the deposit's approval or reference number and the
 * receipt (ProofForm), sent through the second client to
 * POST /v1/portals/payment/deposit-receipt. The institution charging it
 * verifies it in its back office.
 */
import { Alert, Stack, Text } from '@mantine/core';
import { FORMALIZATION_FORM, formatPesos, PAYMENT_STATUS } from '@portal/api-contract';
import type { ModalContentProps } from '../../../modals/modalContent';
import { payWith, singleWindowMessage, usePaymentView, useRefreshAfterPayment } from '../api';
import { agencyName, PaymentViewState } from '../components/ChargeList';
import { ProofForm } from '../components/ProofForm';

export default function PayWithCheckContent({ data, close }: ModalContentProps) {
  const { requestId, itemId } = (data ?? {}) as { requestId?: number; itemId?: number };
  const { data: view, error, isLoading, mutate } = usePaymentView(typeof requestId === 'number' ? requestId : null);
  const refresh = useRefreshAfterPayment();
  if (typeof requestId !== 'number') return <Alert color="red">No se indicó la solicitud.</Alert>;
  return (
    <PaymentViewState view={view} error={error} isLoading={isLoading} retry={() => void mutate()}>
      {(v) => {
        const item = v.items.find((i) => i.id === itemId) ?? (itemId === undefined ? v.items.find((i) => i.status === PAYMENT_STATUS.pendiente) : undefined);
        if (!item) return <Alert color="orange">Este pago no se encontró en la solicitud.</Alert>;
        if (v.form === FORMALIZATION_FORM) {
          return <Alert color="orange">Los pagos de la formalización se hacen desde «Pagos de la solicitud», cada uno con su institución.</Alert>;
        }
        if (item.status === PAYMENT_STATUS.pagado) return <Alert color="teal" title="Pago confirmado">Este pago ya está confirmado.</Alert>;
        if (item.status === PAYMENT_STATUS.en_verificacion) {
          return (
            <Alert color="blue" title="Comprobante en verificación">
              {agencyName(item.agency)} está revisando su comprobante{item.proof_name ? ` (${item.proof_name})` : ''}. Le avisaremos cuando lo acepte.
            </Alert>
          );
        }
        return (
          <Stack gap="md">
            <Stack gap={4}>
              <Text>
                {item.concept} · <Text component="span" fw={700} style={{ whiteSpace: 'nowrap' }}>{formatPesos(item.amount)}</Text>
              </Text>
              <Text size="sm">
                Si pagó con un depósito o una transferencia en su banco, envíe aquí el número de aprobación o de referencia y el comprobante del
                depósito. {agencyName(item.agency)} lo verificará y le avisaremos.
              </Text>
            </Stack>
            {item.review_note && (
              <Alert color="orange" title="La institución no aceptó su comprobante anterior">{item.review_note}</Alert>
            )}
            <ProofForm
              numberLabel="Número de aprobación o de referencia del depósito"
              numberDescription="Letras, dígitos o guiones, como aparece en el comprobante."
              send={async ({ documentUrl, approvalNumber }) => {
                await payWith('portals/payment/deposit-receipt', { documentUrl, approvalNumber, requestId: v.id, itemId: item.id });
              }}
              failureText={singleWindowMessage}
              successText={`Comprobante enviado. ${agencyName(item.agency)} lo verificará.`}
              onDone={close}
              refresh={() => void refresh(v.id)}
              onCancel={close}
            />
          </Stack>
        );
      }}
    </PaymentViewState>
  );
}
