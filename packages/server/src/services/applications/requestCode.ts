import type { Queryable } from '../../db/Db';

/**
 * Next request code of the year, VUF-2026-000123 for a formalization (the
 * single window's code) and SOL-2026-000124 for another online service; one
 * counter for both, so a number is never given twice. Call inside the submit transaction.
 */
export async function nextRequestCode(tx: Queryable, year: number, prefix: 'VUF' | 'SOL' = 'VUF'): Promise<string> {
  const { rows } = await tx.query<{ last: number }>(
    `INSERT INTO request_code_counters (year, last) VALUES ($1, 1)
     ON CONFLICT (year) DO UPDATE SET last = request_code_counters.last + 1
     RETURNING last`,
    [year],
  );
  return `${prefix}-${year}-${String(rows[0].last).padStart(6, '0')}`;
}
