import { describe, expect, it } from 'vitest';
import { addRow, removeRow } from './gridRows';

describe('grid rows', () => {
  const data = { socios: [{ n: 'Ana' }, { n: 'Luis' }, { n: 'Eva' }], s: { g: undefined } };

  it('appends an empty row, also to a grid that has none yet', () => {
    expect(addRow(data, 'socios')).toEqual([{ n: 'Ana' }, { n: 'Luis' }, { n: 'Eva' }, {}]);
    expect(addRow(data, 's.g')).toEqual([{}]);
  });

  it('removes exactly the row asked for and keeps the others in order', () => {
    expect(removeRow(data, 'socios', 1)).toEqual([{ n: 'Ana' }, { n: 'Eva' }]);
    expect(data.socios).toHaveLength(3);
  });
});
