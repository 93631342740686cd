/** Where "Solicitar en línea" leads a citizen, and how a cost reads. */
import { describe, expect, it } from 'vitest';
import { costLabel } from '../cost';
import { onlineRoute } from './ServicePage';

describe('the service page', () => {
  it('starts the formalization in «Mis solicitudes», another online service at its start page, and a page the catalogue names', () => {
    expect(onlineRoute({ online_form: 'formalizacion', apply_path: null })).toBe('/mis-solicitudes');
    expect(onlineRoute({ online_form: 'reclamacion-factura-inapa', apply_path: null })).toBe('/en-linea/reclamacion-factura-inapa');
    expect(onlineRoute({ online_form: null, apply_path: '/solicitudes/contrato-inapa' })).toBe('/solicitudes/contrato-inapa');
    // Never another site.
    expect(onlineRoute({ online_form: null, apply_path: '//example.com/' })).toBe('/mis-solicitudes');
    expect(onlineRoute({ online_form: null, apply_path: 'https://example.com/' })).toBe('/mis-solicitudes');
  });

  it('writes costs in RD$ the Dominican way, and no cost as "Gratuito"', () => {
    expect(costLabel(150)).toBe('RD$ 150.00');
    expect(costLabel(12000)).toBe('RD$ 12,000.00');
    expect(costLabel(null)).toBe('Gratuito');
    expect(costLabel(0)).toBe('Gratuito');
  });
});
