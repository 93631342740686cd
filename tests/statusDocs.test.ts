/**
 * docs/operations.md explains the request statuses and their events to
 * operators and staff; its tables must say what the one definition
 * (packages/api-contract/src/requestStatus.ts) says, or the test fails.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REQUEST_EVENT_NAMES, REQUEST_EVENTS, REQUEST_STATUS_LABELS, REQUEST_STATUSES, type RequestEventRule } from '@portal/api-contract';

const doc = readFileSync(path.resolve(import.meta.dirname, '../docs/operations.md'), 'utf8');
const section = doc.slice(doc.indexOf('## Estados de una solicitud'), doc.indexOf('\n## ', doc.indexOf('## Estados de una solicitud') + 3));
/** The rows of the section's markdown tables whose first cell is a `code`. */
const rows = section.split('\n').filter((l) => /^\| `[a-z_]+` \|/.test(l)).map((l) => l.split('|').slice(1, -1).map((c) => c.trim()));
const codes = (cell: string) => [...cell.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]);

describe('docs/operations.md: request statuses', () => {
  it('lists every status with the definition\'s label', () => {
    const statuses = rows.filter((r) => r.length === 3).map((r) => [codes(r[0])[0], r[1]]);
    expect(statuses).toEqual(REQUEST_STATUSES.map((s) => [s, REQUEST_STATUS_LABELS[s]]));
  });

  it('lists every event with its statuses of origin, its destination and who causes it', () => {
    const events = rows.filter((r) => r.length === 5).map((r) => ({ event: codes(r[0])[0], from: codes(r[1]), to: codes(r[2])[0], by: /sistema/.test(r[3]) ? 'sistema' : /ciudadano/.test(r[3]) ? 'ciudadano' : 'institucion' }));
    expect(events).toEqual(REQUEST_EVENT_NAMES.map((event) => {
      const rule: RequestEventRule = REQUEST_EVENTS[event];
      return { event, from: [...rule.from], to: rule.to, by: rule.by };
    }));
  });
});
