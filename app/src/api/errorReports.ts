/** POST /v1/portals/error-reports: a citizen (or an anonymous visitor) reports a problem; operators read it. */
import { ERROR_REPORT_DESCRIPTION_MAX, ERROR_REPORT_DESCRIPTION_MIN } from '@portal/api-contract';
import type { ErrorReportBody, ErrorReportCreated } from '@portal/api-contract';
import { api } from '../lib/api-client';

/** Bounds of the description, as the server checks them (the body schema's, from the API contract). */
export const DESCRIPTION_MIN = ERROR_REPORT_DESCRIPTION_MIN;
export const DESCRIPTION_MAX = ERROR_REPORT_DESCRIPTION_MAX;

/**
 * Sends the report (the description; the page's path, which the server strips of any query or
 * fragment; the e-mail where the team may answer, null when the citizen gives none); resolves
 * with the thanks message and the reference (REP-AAAA-NNNNNN).
 */
export function sendErrorReport(input: ErrorReportBody): Promise<ErrorReportCreated> {
  return api.post<ErrorReportCreated>('portals/error-reports', { json: input });
}
