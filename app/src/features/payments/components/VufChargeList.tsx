/** A formalization's three agency payments (ONAPI, DGII, Cámara) with the ways to pay each (spec §2 PAY_VUF_REQUEST_MODAL). */
import { Stack, Text } from '@mantine/core';
import type { PaymentView } from '@portal/api-contract';
import type { ModalName } from '../../../modals/modalNames';
import type { ModalOptions } from '../../../modals/modalStore';
import { ChargeCard, PendingTotal } from './ChargeList';
import { chargeActions } from './chargeActions';

/** The list of a formalization's charges and the total still to pay. */
export function VufChargeList({ view, open }: { view: PaymentView; open(name: ModalName, options?: ModalOptions): void }) {
  return (
    <Stack gap="sm">
      <Text size="sm">
        Solicitud <Text component="span" fw={700}>{view.codigoSolicitud.code}</Text> · {view.service}. Cada institución cobra su parte por separado.
      </Text>
      {view.items.map((item) => (
        <ChargeCard key={item.id} item={item} requestId={view.id} actions={chargeActions(view, item)} open={open} />
      ))}
      <PendingTotal view={view} />
    </Stack>
  );
}
