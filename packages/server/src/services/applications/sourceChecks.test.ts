import { describe, expect, it } from 'vitest';
import { NOT_IN_LIST, sourceChecks, type SourceField } from './sourceChecks';

const municipios: SourceField = {
  tpath: 'filas.*.municipio',
  source: { url: '/v1/m?provinciaId={fila.provincia}', items: 'data', value: 'id', label: 'nombre' },
};
const lists: Record<string, unknown> = {
  '/v1/m?provinciaId=1': { data: [{ id: 101 }] },
  '/v1/m?provinciaId=25': { data: [{ id: 2501 }] },
};

describe('sourceChecks', () => {
  it('expands each row\'s URL with its own row and asks each URL once', async () => {
    const asked: string[] = [];
    const data = { filas: [{ provincia: 1, municipio: 101 }, { provincia: 25, municipio: 101 }, { provincia: 25, municipio: 2501 }, { provincia: 1 }] };
    const errors = await sourceChecks(data, [municipios], async (url) => {
      asked.push(url);
      return lists[url] ?? null;
    });
    expect(errors).toEqual([{ path: 'filas.1.municipio', message: NOT_IN_LIST }]);
    expect(asked).toEqual(['/v1/m?provinciaId=1', '/v1/m?provinciaId=25']);
  });

  it('refuses a value whose list cannot be built or answered', async () => {
    const data = { filas: [{ municipio: 101 }, { provincia: 'x', municipio: 101 }] };
    const errors = await sourceChecks(data, [municipios], async () => null);
    expect(errors.map((e) => e.path)).toEqual(['filas.0.municipio', 'filas.1.municipio']);
  });

  it('compares ids of integer fields as numbers, as the browser stores them (a list may send "101")', async () => {
    const data = { filas: [{ provincia: 1, municipio: 101 }, { provincia: 1, municipio: 102 }] };
    const answer = async () => ({ data: [{ id: '101' }] });
    expect(await sourceChecks(data, [{ ...municipios, type: 'integer' }], answer)).toEqual([{ path: 'filas.1.municipio', message: NOT_IN_LIST }]);
    // A text field keeps the strict comparison: the browser stores the string as sent.
    expect((await sourceChecks(data, [{ ...municipios, type: 'string' }], answer)).map((e) => e.path)).toEqual(['filas.0.municipio', 'filas.1.municipio']);
  });
});
