import { allowedTransitions, REQUEST_STATUS_LABELS, REQUEST_STATUSES } from '@portal/api-contract';
import type { Db } from './Db';

/**
 * Writes the one definition of request statuses and transitions
 * (packages/api-contract/src/requestStatus.ts) into request_statuses and
 * request_transitions (migration 019), so the database's trigger allows
 * exactly the changes of status the server's workflow allows. Statuses are
 * only added or relabelled (rows may still hold an old one); transitions are
 * replaced. Runs after the migrations, in one transaction.
 */
export async function syncRequestWorkflow(db: Db): Promise<void> {
  const { rows } = await db.query<{ exists: boolean }>("SELECT to_regclass('request_transitions') IS NOT NULL AS exists");
  if (!rows[0]?.exists) return;
  await db.transaction(async (tx) => {
    for (const code of REQUEST_STATUSES) {
      await tx.query('INSERT INTO request_statuses (code, label) VALUES ($1, $2) ON CONFLICT (code) DO UPDATE SET label = EXCLUDED.label', [code, REQUEST_STATUS_LABELS[code]]);
    }
    await tx.query('DELETE FROM request_transitions');
    for (const t of allowedTransitions()) {
      await tx.query('INSERT INTO request_transitions (event, from_status, to_status, actor) VALUES ($1, $2, $3, $4)', [t.event, t.from, t.to, t.by]);
    }
  });
}
