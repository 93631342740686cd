/** The one definition of request statuses (api-contract requestStatus.ts) as the database and the workflow enforce it (issue 12 §5). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowedTransitions, eventsFrom, nextStatus, REQUEST_EVENT_NAMES, REQUEST_STATUSES, type RequestEvent, type RequestStatus } from '@portal/api-contract';
import { applyRequestEvent } from '../src/services/requests/requestWorkflow';
import { buildTestApp, type TestApp } from './buildTestApp';
import { DEMO } from './helpers';

let t: TestApp;
let citizenId: number;
let staffX: number;
let staffY: number;

async function submittedRequest(institution = 'PGR'): Promise<number> {
  const { rows } = await t.app.db.query<{ id: number }>("INSERT INTO applications (citizen_id, form, data) VALUES ($1, 'certificado-no-antecedentes', '{}') RETURNING id", [citizenId]);
  const id = rows[0].id;
  await t.app.db.query("UPDATE applications SET status = 'enviada', request_code = $2, institution = $3, submitted_at = now() WHERE id = $1", [id, `SOL-2026-${String(900000 + id)}`, institution]);
  return id;
}

const statusOf = async (id: number) => (await t.app.db.query<{ status: string }>('SELECT status FROM applications WHERE id = $1', [id])).rows[0].status;

beforeAll(async () => {
  t = await buildTestApp();
  citizenId = (await t.app.db.query<{ id: number }>('SELECT id FROM citizens WHERE cedula = $1', [DEMO.cedula])).rows[0].id;
  const add = async (email: string, institution: string) =>
    (await t.app.db.query<{ id: number }>("INSERT INTO staff (email, name, role, institution, password_hash) VALUES ($1, 'Oficial', 'oficial', $2, 'x') RETURNING id", [email, institution])).rows[0].id;
  staffX = await add('x@pgr.gob.do', 'PGR');
  staffY = await add('y@intrant.gob.do', 'INTRANT');
});
afterAll(() => t.close());

describe('one definition of request statuses', () => {
  it('the database holds exactly the definition: its statuses and its transitions', async () => {
    const statuses = (await t.app.db.query<{ code: string }>('SELECT code FROM request_statuses ORDER BY code')).rows.map((r) => r.code);
    expect(statuses).toEqual([...REQUEST_STATUSES].sort());
    const { rows } = await t.app.db.query<{ event: string; from_status: string; to_status: string; actor: string }>('SELECT event, from_status, to_status, actor FROM request_transitions');
    const stored = rows.map((r) => `${r.event}:${r.from_status}>${r.to_status}:${r.actor}`).sort();
    expect(stored).toEqual(allowedTransitions().map((x) => `${x.event}:${x.from}>${x.to}:${x.by}`).sort());
  });

  it('the database refuses a change of status no event allows, whoever writes it', async () => {
    const id = await submittedRequest();
    await expect(t.app.db.query("UPDATE applications SET status = 'aprobada' WHERE id = $1", [id])).rejects.toThrow(/transición de estado no permitida/);
    await expect(t.app.db.query("UPDATE applications SET status = 'inventado' WHERE id = $1", [id])).rejects.toThrow();
    expect(await statusOf(id)).toBe('enviada');
  });

  it('every status is reachable from a draft, and a finished one has no way out', () => {
    const reached = new Set<RequestStatus>(['borrador']);
    for (let changed = true; changed; ) {
      changed = false;
      for (const s of [...reached]) for (const e of REQUEST_EVENT_NAMES) { const n = nextStatus(s, e); if (n && !reached.has(n)) { reached.add(n); changed = true; } }
    }
    expect([...reached].sort()).toEqual([...REQUEST_STATUSES].sort());
    for (const s of ['aprobada', 'rechazada', 'desistida'] as const) expect([...eventsFrom(s, 'ciudadano'), ...eventsFrom(s, 'institucion')]).toEqual([]);
  });
});

describe('applyRequestEvent', () => {
  const run = (id: number, event: RequestEvent, actor: Parameters<typeof applyRequestEvent>[1]['actor'], message?: string) =>
    t.app.db.transaction((tx) => applyRequestEvent(tx, { applicationId: id, event, actor, message }));

  it('carries a request through review to approval, writing the timeline, the audit and the citizen notifications', async () => {
    const id = await submittedRequest();
    const officer = { kind: 'institucion' as const, staffId: staffX, institution: 'PGR' };
    await run(id, 'tomar', officer);
    await run(id, 'solicitar_accion', officer, 'Adjunte su cédula por ambos lados.');
    await run(id, 'responder_accion', { kind: 'ciudadano', citizenId });
    await run(id, 'aprobar', officer, 'Todo en orden.');
    expect(await statusOf(id)).toBe('aprobada');
    const { rows: actions } = await t.app.db.query<{ event: string; staff_id: number | null; institution: string; answered_at: Date | null }>(
      'SELECT event, staff_id, institution, answered_at FROM request_actions WHERE application_id = $1 ORDER BY id', [id]);
    expect(actions.map((a) => a.event)).toEqual(['tomar', 'solicitar_accion', 'responder_accion', 'aprobar']);
    expect(actions[1].answered_at).not.toBeNull();
    const { rows: audit } = await t.app.db.query<{ action: string; staff_id: number }>('SELECT action, staff_id FROM audit_log WHERE application_id = $1 ORDER BY id', [id]);
    expect(audit).toEqual([{ action: 'tomar', staff_id: staffX }, { action: 'solicitar_accion', staff_id: staffX }, { action: 'aprobar', staff_id: staffX }]);
    const { rows: notes } = await t.app.db.query<{ kind: string; link: string }>(
      "SELECT kind, link FROM notifications WHERE citizen_id = $1 AND link = $2 ORDER BY id", [citizenId, `/mis-solicitudes/${id}`]);
    expect(notes.map((n) => n.kind)).toEqual(['cambio_estado', 'accion_requerida', 'cambio_estado']);
  });

  it('an illegal event is a 409 in Spanish, a wrong actor a 403, another institution or citizen a 404; nothing changes', async () => {
    const id = await submittedRequest();
    await expect(run(id, 'aprobar', { kind: 'institucion', staffId: staffX, institution: 'PGR' })).rejects.toMatchObject({ statusCode: 409, message: expect.stringMatching(/^No se puede realizar esta acción: la solicitud está «Recibida»/) });
    await expect(run(id, 'tomar', { kind: 'ciudadano', citizenId })).rejects.toMatchObject({ statusCode: 403 });
    await expect(run(id, 'tomar', { kind: 'institucion', staffId: staffY, institution: 'INTRANT' })).rejects.toMatchObject({ statusCode: 404 });
    await expect(run(id, 'desistir', { kind: 'ciudadano', citizenId: citizenId + 999 })).rejects.toMatchObject({ statusCode: 404 });
    expect(await statusOf(id)).toBe('enviada');
    expect((await t.app.db.query('SELECT 1 FROM request_actions WHERE application_id = $1', [id])).rows).toEqual([]);
  });

  it('the audit log is append-only', async () => {
    await expect(t.app.db.query("UPDATE audit_log SET action = 'otro'")).rejects.toThrow(/auditoría/);
    await expect(t.app.db.query('DELETE FROM audit_log')).rejects.toThrow(/auditoría/);
    expect((await t.app.db.query('SELECT 1 FROM audit_log')).rows.length).toBeGreaterThan(0);
  });
});
