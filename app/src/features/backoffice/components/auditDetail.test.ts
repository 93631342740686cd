import { describe, expect, it } from 'vitest';
import type { StaffAuditRow } from '@portal/api-contract';
import { auditDetailParts } from './auditDetail';

const row = (detail: Record<string, unknown>): StaffAuditRow => ({
  id: 1, staff_id: 3, staff_name: 'Oficial del INTRANT', staff_institution: 'INTRANT', action: 'acceso_denegado',
  application_id: null, request_code: null, claim_id: null, detail, created_at: '2026-11-27T16:00:00.000Z',
});

describe('auditDetailParts: a refusal (acceso_denegado)', () => {
  it('says what the portal answered and what was asked', () => {
    expect(auditDetailParts(row({ status: 404, reason: 'no encontrado o ajeno', request: 'GET /v1/backoffice/requests/12', route: '/v1/backoffice/requests/:id', params: { id: 12 } })))
      .toEqual(['Respuesta 404 (no encontrado o ajeno)', 'Pidió: GET /v1/backoffice/requests/12']);
  });

  it('says how many earlier refusals only reached the server log', () => {
    expect(auditDetailParts(row({ status: 403, request: 'GET /v1/backoffice/audit', omitted: 7 })))
      .toEqual(['Respuesta 403', 'Pidió: GET /v1/backoffice/audit', 'Y 7 intentos negados antes, solo en el registro del servidor (más de 20 por minuto)']);
  });
});
