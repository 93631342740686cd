/**
 * The append-only audit log of staff actions (migration 019: a trigger refuses
 * updates and deletes). Every route that lets staff change or read a
 * citizen's request writes one row, in the transaction of what it records.
 */
import type { Queryable } from '../../db/Db';

export interface AuditEntry {
  staffId: number;
  /** What was done: a request event (tomar, aprobar, …) or another staff action (comentar, responder_reclamo, …). */
  action: string;
  applicationId?: number | null;
  claimId?: number | null;
  /** What else tells the story (never a citizen's document content). */
  detail?: Record<string, unknown>;
}

export async function recordAudit(tx: Queryable, entry: AuditEntry): Promise<void> {
  await tx.query('INSERT INTO audit_log (staff_id, action, application_id, claim_id, detail) VALUES ($1, $2, $3, $4, $5::jsonb)', [
    entry.staffId,
    entry.action,
    entry.applicationId ?? null,
    entry.claimId ?? null,
    JSON.stringify(entry.detail ?? {}),
  ]);
}
