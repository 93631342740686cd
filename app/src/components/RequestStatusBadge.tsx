import { Badge } from '@mantine/core';
import { REQUEST_STATUS_LABELS, type RequestStatus } from '@portal/api-contract';

/** Each status's colour; its text is the one definition's (packages/api-contract/src/requestStatus.ts). A new status fails the typecheck here until it has a colour. */
const COLORS: Record<RequestStatus, string> = {
  borrador: 'gray',
  enviada: 'blue',
  en_revision: 'yellow',
  accion_requerida: 'orange',
  aprobada: 'green',
  rechazada: 'red',
  desistida: 'gray',
};

/** A request's status as a badge, for the citizen's lists and pages and the back office. */
export function RequestStatusBadge({ status }: { status: RequestStatus }) {
  return (
    <Badge color={COLORS[status]} variant="light">
      {REQUEST_STATUS_LABELS[status]}
    </Badge>
  );
}
