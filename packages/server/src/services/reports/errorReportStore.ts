/** Problems reported through the ERROR_REPORT modal; operators read them with cli/listErrorReports.ts. */
import type { Queryable } from '../../db/Db';

/** What a visitor reports; every field already validated and cleaned by the route. */
export interface NewErrorReport {
  description: string;
  pagePath: string | null;
  contactEmail: string | null;
  /** The signed-in citizen, when the report came with a live session. */
  citizenId: number | null;
}

/** A stored report as operators see it. */
export interface ErrorReport {
  id: number;
  reference: string;
  description: string;
  pagePath: string | null;
  contactEmail: string | null;
  citizenId: number | null;
  createdAt: Date;
}

/** Dominican time is UTC−4 all year (no daylight saving): the reference's year is the local one. */
const localYear = (now: Date) => new Date(now.getTime() - 4 * 3600_000).getUTCFullYear();

/** Stores a report; its reference, REP-2026-000042, is built from the row's id in the same statement. */
export async function insertErrorReport(db: Queryable, report: NewErrorReport, now = new Date()): Promise<{ id: number; reference: string }> {
  const { rows } = await db.query<{ id: string | number; reference: string }>(
    `WITH n AS (SELECT nextval(pg_get_serial_sequence('error_reports', 'id')) AS id)
     INSERT INTO error_reports (id, reference, description, page_path, contact_email, citizen_id)
     SELECT n.id, 'REP-' || $1::text || '-' || lpad(n.id::text, 6, '0'), $2, $3, $4, $5 FROM n
     RETURNING id, reference`,
    [String(localYear(now)), report.description, report.pagePath, report.contactEmail, report.citizenId],
  );
  return { id: Number(rows[0].id), reference: rows[0].reference };
}

/** The latest `limit` reports, newest first. */
export async function latestErrorReports(db: Queryable, limit: number): Promise<ErrorReport[]> {
  const { rows } = await db.query<{
    id: string | number; reference: string; description: string; page_path: string | null;
    contact_email: string | null; citizen_id: number | null; created_at: Date | string;
  }>(
    `SELECT id, reference, description, page_path, contact_email, citizen_id, created_at
       FROM error_reports ORDER BY created_at DESC, id DESC LIMIT $1`,
    [limit],
  );
  return rows.map((row) => ({
    id: Number(row.id),
    reference: row.reference,
    description: row.description,
    pagePath: row.page_path,
    contactEmail: row.contact_email,
    citizenId: row.citizen_id,
    createdAt: new Date(row.created_at),
  }));
}
