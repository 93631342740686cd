/** POST /v1/portals/error-reports: a citizen (or an anonymous visitor) reports a problem; operators read it. */
import type { ErrorReportCreated } from '@portal/api-contract';
import { api } from '../lib/api-client';

export interface ErrorReportInput {
  /** What happened, 10 to 2000 characters. */
  description: string;
  /** The page where it happened (path only; the server strips any query or fragment). */
  path: string;
  /** Where the team may answer; null when the citizen gives none. */
  email: string | null;
}

/** Bounds of the description, as the server checks them. */
export const DESCRIPTION_MIN = 10;
export const DESCRIPTION_MAX = 2000;

/** Sends the report; resolves with the thanks message and the reference (REP-AAAA-NNNNNN). */
export function sendErrorReport(input: ErrorReportInput): Promise<ErrorReportCreated> {
  return api.post<ErrorReportCreated>('portals/error-reports', { json: input });
}
