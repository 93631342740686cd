import { describe, expect, it } from 'vitest';
import { withdrawalNotes } from './withdrawalNotes';

const item = (id: number, agency: string, concept: string, amount: number, status: string) => ({ id, agency, concept, base_amount: amount, amount, extras: [], currency: 'DOP', status });

describe('what desisting does to the charges, in the confirmation', () => {
  it('names what was paid and to whom, that desisting refunds nothing, and that the unpaid charges are cancelled', () => {
    const notes = withdrawalNotes([
      item(1, 'ONAPI', 'Registro de nombre comercial', 7000, 'pagado'),
      item(2, 'CCPSD', 'Registro mercantil', 5900, 'pendiente'),
      item(3, 'DGII', 'Impuesto de constitución', 1000, 'en_verificacion'),
    ], 'FOR-2026-000012');
    expect(notes).toHaveLength(2);
    expect(notes[0]).toMatch(/^Ya pagó RD\$\s?7,000(\.00)? a ONAPI \(Registro de nombre comercial\)\. Desistir no devuelve esos pagos: si le corresponde un reembolso, solicítelo a ONAPI con el código FOR-2026-000012\.$/);
    expect(notes[1]).toMatch(/^Los cargos sin pagar \(RD\$\s?6,900(\.00)?\) quedan anulados: no tendrá que pagarlos\.$/);
  });

  it('says nothing about payments for a request without charges', () => {
    expect(withdrawalNotes([], 'INA-2026-000001')).toEqual([]);
  });
});
