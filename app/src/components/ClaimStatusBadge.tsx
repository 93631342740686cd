import { Badge } from '@mantine/core';
import { CLAIM_STATUS_LABELS, type ClaimStatus } from '@portal/api-contract';

/** Each status's colour; its text is the one definition's (packages/api-contract/src/claimSchema.ts). A new status fails the typecheck here until it has a colour. */
const COLORS: Record<ClaimStatus, string> = {
  abierto: 'blue',
  en_proceso: 'yellow',
  respondido: 'green',
  cerrado: 'gray',
};

/** A claim's status as a badge, for the citizen's claims and the back office. */
export function ClaimStatusBadge({ status }: { status: ClaimStatus }) {
  return (
    <Badge color={COLORS[status]} variant="light">
      {CLAIM_STATUS_LABELS[status]}
    </Badge>
  );
}
