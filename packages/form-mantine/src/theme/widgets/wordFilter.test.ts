import { describe, expect, it } from 'vitest';
import type { ComboboxItem } from '@mantine/core';
import { searchText } from '@portal/form-engine';
import { wordFilter } from './wordFilter';

const items = (...labels: string[]): ComboboxItem[] => labels.map((label, i) => ({ value: String(i), label }));
const labelsOf = (result: unknown[]) => (result as ComboboxItem[]).map((o) => o.label);

const MUNICIPIOS = items('Boca Chica', 'Los Alcarrizos', 'Pedro Brand', 'San Antonio de Guerra', 'Santo Domingo Este', 'Santo Domingo Norte', 'Santo Domingo Oeste');

describe('wordFilter', () => {
  it('finds by words in any order, accents and case ignored', () => {
    const filter = wordFilter();
    expect(labelsOf(filter({ options: MUNICIPIOS, search: 'este santo', limit: 100 }))).toEqual(['Santo Domingo Este']);
    expect(labelsOf(filter({ options: MUNICIPIOS, search: '  SANTO   domingo ', limit: 100 }))).toEqual(['Santo Domingo Este', 'Santo Domingo Norte', 'Santo Domingo Oeste']);
    const provincias = items('San Cristóbal', 'San Juan', 'Sánchez Ramírez', 'La Vega');
    expect(labelsOf(filter({ options: provincias, search: 'san cristobal', limit: 100 }))).toEqual(['San Cristóbal']);
    expect(labelsOf(filter({ options: provincias, search: 'sanchez', limit: 100 }))).toEqual(['Sánchez Ramírez']);
    expect(labelsOf(filter({ options: items('Constanza', 'Jarabacoa'), search: 'CONSTANZA', limit: 100 }))).toEqual(['Constanza']);
  });

  it('shows the first `limit` options before typing, and searches every option', () => {
    const sectores = items(...Array.from({ length: 386 }, (_, i) => `Sector ${String(i + 1).padStart(3, '0')}`), 'Villa Consuelo');
    const filter = wordFilter();
    expect(filter({ options: sectores, search: '', limit: 100 })).toHaveLength(100);
    expect(labelsOf(filter({ options: sectores, search: 'consuelo villa', limit: 100 }))).toEqual(['Villa Consuelo']);
    expect(labelsOf(filter({ options: sectores, search: 'sector 38', limit: 100 }))).toEqual(['Sector 380', 'Sector 381', 'Sector 382', 'Sector 383', 'Sector 384', 'Sector 385', 'Sector 386']);
    expect(filter({ options: sectores, search: 'sector', limit: 10 })).toHaveLength(10);
  });

  it('finds nothing when a word is missing (the select then says «No hay opciones que coincidan»)', () => {
    expect(wordFilter()({ options: MUNICIPIOS, search: 'santo domingo sur', limit: 100 })).toEqual([]);
  });

  it('searches the extra text of each option too, after the options its label matches', () => {
    const ciiu = items('4610 - Venta al por mayor a cambio de una retribución o por contrata', '4711 - Venta al por menor en comercios no especializados', '0111 - Cultivo de cereales');
    const extra = new Map([
      ['0', searchText('Comercio al por mayor, excepto el de vehículos automotores y motocicletas')],
      ['1', searchText('Comercio al por menor, excepto el de vehículos automotores y motocicletas')],
      ['2', searchText('Agricultura, ganadería, caza y actividades de servicios conexas')],
    ]);
    const filter = wordFilter(extra);
    expect(labelsOf(filter({ options: ciiu, search: 'comercio al por mayor', limit: 100 }))).toEqual([ciiu[0].label]);
    expect(labelsOf(filter({ options: ciiu, search: 'mayor comercio', limit: 100 }))).toEqual([ciiu[0].label]);
    // A word from the label and one from the titles.
    expect(labelsOf(filter({ options: ciiu, search: 'cereales agricultura', limit: 100 }))).toEqual([ciiu[2].label]);
    // Label matches first: «comercios» is in 4711's own description, «comercio» only in 4610's division title.
    expect(labelsOf(filter({ options: ciiu, search: 'comercio', limit: 100 }))).toEqual([ciiu[1].label, ciiu[0].label]);
    expect(labelsOf(filter({ options: ciiu, search: '4610', limit: 100 }))).toEqual([ciiu[0].label]);
  });
});
