/** The audit log's `detail` in Spanish words, for the audit page's «Detalles» column. */
import { CLAIM_STATUS_LABELS, PAYMENT_METHOD_LABELS, REQUEST_STATUS_LABELS, type StaffAuditRow } from '@portal/api-contract';

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);
const number = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** A status code in words: a claim's on a claim's row, a request's otherwise (the code when neither knows it). */
function statusLabel(row: StaffAuditRow, status: string): string {
  const labels: Record<string, string> = row.claim_id !== null ? CLAIM_STATUS_LABELS : REQUEST_STATUS_LABELS;
  return labels[status] ?? status;
}

/** The parts of a row's detail worth reading, e.g. ['De «Recibida» a «En revisión»', 'Mensaje: Adjunte su cédula.']. */
export function auditDetailParts(row: StaffAuditRow): string[] {
  const d = row.detail as Record<string, unknown>;
  const parts: string[] = [];
  const from = text(d.from);
  const to = text(d.to);
  if (from && to) parts.push(from === to ? `Sin cambio de estado («${statusLabel(row, to)}»)` : `De «${statusLabel(row, from)}» a «${statusLabel(row, to)}»`);
  const message = text(d.message);
  if (message) parts.push(`Mensaje: ${message}`);
  if (d.requiresDocument === true) parts.push('Pide un documento');
  const item = number(d.item);
  const agency = text(d.agency);
  if (item !== null) parts.push(`Cargo n.º ${item}${agency ? ` (${agency})` : ''}`);
  const method = text(d.method);
  if (method) parts.push(`Forma de pago: ${(PAYMENT_METHOD_LABELS as Record<string, string>)[method] ?? method}`);
  const documentId = number(d.documentId);
  if (documentId !== null) parts.push(`Documento n.º ${documentId}`);
  const commentId = number(d.commentId);
  if (commentId !== null) parts.push(`Comentario n.º ${commentId}`);
  const staffName = text(d.staffName);
  const staffEmail = text(d.staffEmail);
  if (staffName) parts.push(`Miembro del personal: ${staffName}${staffEmail ? ` (${staffEmail})` : ''}`);
  if (d.readOnly === true) parts.push('Solo lectura (su institución cobra un cargo de la solicitud)');
  // A refusal (acceso_denegado, registerAccessDenials.ts): what was asked and what the portal answered.
  const refused = number(d.status);
  const asked = text(d.request);
  if (row.action === 'acceso_denegado' && refused !== null) parts.push(`Respuesta ${refused}${text(d.reason) ? ` (${text(d.reason)})` : ''}`);
  if (row.action === 'acceso_denegado' && asked) parts.push(`Pidió: ${asked}`);
  const omitted = number(d.omitted);
  if (omitted !== null) parts.push(`Y ${omitted} intentos negados antes, solo en el registro del servidor (más de 20 por minuto)`);
  return parts;
}
