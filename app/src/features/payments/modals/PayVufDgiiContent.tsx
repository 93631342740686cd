/**
 * PAY_VUF_DGII_REQUEST_MODAL (spec §2 screen 2): the DGII's payment
 * authorization number of the formalization (request_dgii.no_autorizacion),
 * and the proof of payment: approval number and a document (ProofForm), sent
 * through the second client to POST /v1/institution-dgii/upload/document.
 * The proof then waits for a DGII officer. Data `{ requestId, itemId? }`.
 */
import { Alert, Stack, Text } from '@mantine/core';
import { formatPesos, PAYMENT_STATUS } from '@portal/api-contract';
import type { ModalContentProps } from '../../../modals/modalContent';
import { payWith, singleWindowMessage, usePaymentView, useRefreshAfterPayment } from '../api';
import { PaymentViewState } from '../components/ChargeList';
import { ProofForm } from '../components/ProofForm';

export default function PayVufDgiiContent({ data, close }: ModalContentProps) {
  const { requestId } = (data ?? {}) as { requestId?: number; itemId?: number };
  const { data: view, error, isLoading, mutate } = usePaymentView(typeof requestId === 'number' ? requestId : null);
  const refresh = useRefreshAfterPayment();
  if (typeof requestId !== 'number') return <Alert color="red">No se indicó la solicitud.</Alert>;
  return (
    <PaymentViewState view={view} error={error} isLoading={isLoading} retry={() => void mutate()}>
      {(v) => {
        const item = v.items.find((i) => i.agency === 'DGII');
        if (!item || !v.request_dgii) return <Alert color="orange">Esta solicitud no tiene un pago a la DGII.</Alert>;
        if (item.status === PAYMENT_STATUS.pagado) return <Alert color="teal" title="Pago confirmado">La DGII ya confirmó este pago.</Alert>;
        if (item.status === PAYMENT_STATUS.en_verificacion) {
          return (
            <Alert color="blue" title="Comprobante en verificación">
              La DGII está revisando su comprobante{item.proof_name ? ` (${item.proof_name})` : ''}. Le avisaremos cuando lo acepte.
            </Alert>
          );
        }
        return (
          <Stack gap="md">
            <Stack gap={4}>
              <Text>
                Número de autorización de pago:{' '}
                <Text component="span" fw={700} ff="monospace" data-testid="dgii-no-autorizacion">{v.request_dgii.no_autorizacion}</Text>
              </Text>
              <Text size="sm">
                Monto a pagar: <Text component="span" fw={700} style={{ whiteSpace: 'nowrap' }}>{formatPesos(item.amount)}</Text> · Solicitud {v.codigoSolicitud.code}
              </Text>
              <Text size="sm">
                Pague en su banco o en los canales de la DGII con este número de autorización. Después envíe aquí el número de aprobación que le
                dieron y el comprobante del pago; la DGII lo verificará.
              </Text>
            </Stack>
            {item.review_note && (
              <Alert color="orange" title="La DGII no aceptó su comprobante anterior">{item.review_note}</Alert>
            )}
            <ProofForm
              numberLabel="Número de aprobación"
              numberDescription="El que aparece en el comprobante del banco o de la DGII."
              send={async ({ documentUrl, approvalNumber }) => {
                await payWith('institution-dgii/upload/document', { documentUrl, authorizationNumber: approvalNumber, requestId: v.id, requestCode: v.codigoSolicitud.code });
              }}
              failureText={singleWindowMessage}
              successText="Comprobante enviado. La DGII lo verificará."
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
